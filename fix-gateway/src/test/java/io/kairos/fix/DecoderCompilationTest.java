package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.spi.ToolProvider;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.kairos.fix.codecs.decoder.NewOrderSingleDecoder;
import io.kairos.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import org.junit.jupiter.api.Test;

class DecoderCompilationTest
{
    /** HotSpot's HugeMethodLimit (not settable in product builds). */
    private static final int HUGE_METHOD_LIMIT = 8_000;
    private static final Pattern INSTRUCTION = Pattern.compile("^\\s+(\\d+): [a-z]", Pattern.MULTILINE);

    @Test
    void shouldWarnOnlyWhenTheJvmLeavesHugeMethodsInterpreted()
    {
        final String warning = DecoderCompilation.warning(true);
        assertNotNull(warning);
        assertTrue(warning.contains("add -XX:-DontCompileHugeMethods"), warning);
        assertNull(DecoderCompilation.warning(false));
        // reading the running JVM's value: ServerLifecycleIT, through bin/kairos-server with the flag off and on
    }

    /** If this fails the decoders fit the JIT's limit now: the launcher's flag and the warning can go. */
    @Test
    void shouldStillHaveOrderDecodersOverTheJitsHugeMethodLimit()
    {
        for (final Class<?> decoder : new Class<?>[] {NewOrderSingleDecoder.class,
            OrderCancelReplaceRequestDecoder.class})
        {
            final int size = decodeMethodBytecodeSize(decoder);
            assertTrue(size > HUGE_METHOD_LIMIT, decoder.getSimpleName() + ".decode is " + size + " bytes");
        }
    }

    /** @return one past the offset of the last instruction of {@code decode(AsciiBuffer, int, int)}, from javap */
    private static int decodeMethodBytecodeSize(final Class<?> decoder)
    {
        final ToolProvider javap = ToolProvider.findFirst("javap").orElseThrow();
        final StringWriter out = new StringWriter();
        final int status = javap.run(new PrintWriter(out), new PrintWriter(out), "-c", "-cp",
            decoder.getProtectionDomain().getCodeSource().getLocation().getPath(), decoder.getName());
        assertEquals(0, status, out.toString());
        final String listing = out.toString();
        final int start = listing.indexOf("public int decode(uk.co.real_logic.artio.util.AsciiBuffer, int, int);");
        assertTrue(start >= 0, listing);
        final int end = listing.indexOf("\n\n", start);
        final Matcher instructions = INSTRUCTION.matcher(listing.substring(start, end < 0 ? listing.length() : end));
        int lastOffset = -1;
        while (instructions.find())
        {
            lastOffset = Integer.parseInt(instructions.group(1));
        }
        assertTrue(lastOffset > 0, listing);
        return lastOffset + 1;
    }
}
