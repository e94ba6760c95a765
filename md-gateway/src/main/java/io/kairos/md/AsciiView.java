package io.kairos.md;

/** A reusable {@link CharSequence} over ASCII bytes in an array, for allocation-free lookups. Not thread-safe. */
final class AsciiView implements CharSequence
{
    private byte[] bytes;
    private int offset;
    private int length;

    AsciiView wrap(final byte[] buffer, final int start, final int valueLength)
    {
        bytes = buffer;
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
        return (char)(bytes[offset + index] & 0xFF);
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
        return new String(bytes, offset, length, java.nio.charset.StandardCharsets.US_ASCII);
    }

    static boolean contentEquals(final CharSequence a, final CharSequence b)
    {
        final int n = a.length();
        if (n != b.length())
        {
            return false;
        }
        for (int i = 0; i < n; i++)
        {
            if (a.charAt(i) != b.charAt(i))
            {
                return false;
            }
        }
        return true;
    }
}
