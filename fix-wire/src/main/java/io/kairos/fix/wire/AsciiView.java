package io.kairos.fix.wire;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

/**
 * A reusable {@link CharSequence} over ASCII bytes in a buffer, for allocation-free lookups (e.g. a map keyed by
 * symbol). Not thread-safe: owned by whoever wraps it.
 */
public final class AsciiView implements CharSequence
{
    private DirectBuffer buffer;
    private int offset;
    private int length;

    public AsciiView wrap(final DirectBuffer source, final int start, final int valueLength)
    {
        buffer = source;
        offset = start;
        length = valueLength;
        return this;
    }

    @Override
    public int length()
    {
        return length;
    }

    @Override
    public char charAt(final int index)
    {
        return (char)(buffer.getByte(offset + index) & 0xFF);
    }

    /** Allocates. */
    @Override
    public CharSequence subSequence(final int start, final int end)
    {
        return toString().substring(start, end);
    }

    /** Allocates. */
    @Override
    public String toString()
    {
        final byte[] text = new byte[length];
        buffer.getBytes(offset, text);
        return new String(text, StandardCharsets.US_ASCII);
    }

    /** Whether two character sequences hold the same characters, without allocating. */
    public static boolean contentEquals(final CharSequence a, final CharSequence b)
    {
        return a.length() == b.length() && CharSequence.compare(a, b) == 0;
    }
}
