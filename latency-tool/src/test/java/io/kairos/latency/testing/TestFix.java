package io.kairos.latency.testing;

import java.util.Arrays;

import io.kairos.latency.generate.FixMessageBuilder;

/** Builds FIX 4.4 messages for tests as byte arrays. */
public final class TestFix
{
    private TestFix()
    {
    }

    /** {@code fields} alternate tag, value: {@code message("D", 11, "A1", 55, "X")}. */
    public static byte[] message(final String msgType, final Object... fields)
    {
        final FixMessageBuilder builder = new FixMessageBuilder("FIX.4.4");
        builder.start(msgType);
        for (int i = 0; i < fields.length; i += 2)
        {
            builder.field((Integer)fields[i], String.valueOf(fields[i + 1]));
        }
        final int length = builder.finish();
        return Arrays.copyOf(builder.bytes(), length);
    }

    public static byte[] concat(final byte[]... parts)
    {
        int length = 0;
        for (final byte[] part : parts)
        {
            length += part.length;
        }
        final byte[] all = new byte[length];
        int at = 0;
        for (final byte[] part : parts)
        {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    public static byte[] slice(final byte[] bytes, final int from, final int to)
    {
        return Arrays.copyOfRange(bytes, from, to);
    }
}
