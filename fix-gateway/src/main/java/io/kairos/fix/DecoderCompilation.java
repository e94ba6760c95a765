package io.kairos.fix;

import java.lang.management.ManagementFactory;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * Whether this JVM compiles the order-entry decoders. Artio generates each decoder's {@code decode} as one method
 * with a case per field of the message in the FIX 4.4 dictionary; NewOrderSingle's and OrderCancelReplaceRequest's
 * come to 8,370 and 8,115 bytes of bytecode, over HotSpot's 8,000-byte {@code HugeMethodLimit}. With
 * {@code -XX:+DontCompileHugeMethods} (HotSpot's default) they are never JIT-compiled and every order is decoded by
 * the interpreter, several times slower per order (measured with {@code bench/bin/jmh OrderDecodeBenchmark}; figures in
 * the root README's scenario results).
 * {@code bin/kairos-server} runs with {@code -XX:-DontCompileHugeMethods}; an embedding application should too.
 * Stateless.
 */
public final class DecoderCompilation
{
    static final String FLAG = "DontCompileHugeMethods";

    private DecoderCompilation()
    {
    }

    /** @return what to tell the operator when this JVM leaves the decoders interpreted, or null if it compiles them */
    public static String warning()
    {
        return warning(dontCompileHugeMethods());
    }

    static String warning(final boolean dontCompileHugeMethods)
    {
        return dontCompileHugeMethods ?
            "this JVM runs with -XX:+" + FLAG + " (HotSpot's default), so the NewOrderSingle and " +
            "OrderCancelReplaceRequest decoders (over 8,000 bytes of bytecode) are never JIT-compiled and each " +
            "order is decoded about 3.7 times slower; add -XX:-" + FLAG + " to the JVM options (bin/kairos-server " +
            "does)" :
            null;
    }

    /** @return the JVM's value of the flag; true (HotSpot's default) when it cannot be read, e.g. on another VM */
    private static boolean dontCompileHugeMethods()
    {
        try
        {
            return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption(FLAG).getValue());
        }
        catch (final RuntimeException ex)
        {
            return true;
        }
    }
}
