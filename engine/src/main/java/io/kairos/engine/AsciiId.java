package io.kairos.engine;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A mutable, fixed-capacity ASCII identifier such as a FIX ClOrdID, stored inline so that ring
 * events and pooled orders can carry it without allocating. Not thread-safe: owned by whoever
 * owns the enclosing event or order.
 */
public final class AsciiId implements CharSequence
{
    /** Longest identifier accepted; longer ClOrdIDs are rejected with {@link RejectReason#CL_ORD_ID_TOO_LONG}. */
    public static final int MAX_LENGTH = 64;

    private final byte[] bytes = new byte[MAX_LENGTH];
    private int length;

    /** @return false (and leaves this empty) when the value is longer than {@link #MAX_LENGTH}. */
    public boolean set(final CharSequence value)
    {
        final int len = value.length();
        if (len > MAX_LENGTH)
        {
            length = 0;
            return false;
        }
        for (int i = 0; i < len; i++)
        {
            bytes[i] = (byte)value.charAt(i);
        }
        length = len;
        return true;
    }

    /** @return false (and leaves this empty) when the value is longer than {@link #MAX_LENGTH}. */
    public boolean set(final DirectBuffer buffer, final int offset, final int len)
    {
        if (len > MAX_LENGTH || len < 0)
        {
            length = 0;
            return false;
        }
        buffer.getBytes(offset, bytes, 0, len);
        length = len;
        return true;
    }

    /** @return false (and leaves this empty) when the value is longer than {@link #MAX_LENGTH}. */
    public boolean set(final byte[] source, final int offset, final int len)
    {
        if (len > MAX_LENGTH || len < 0)
        {
            length = 0;
            return false;
        }
        System.arraycopy(source, offset, bytes, 0, len);
        length = len;
        return true;
    }

    public void set(final AsciiId other)
    {
        System.arraycopy(other.bytes, 0, bytes, 0, other.length);
        length = other.length;
    }

    public void clear()
    {
        length = 0;
    }

    public boolean isEmpty()
    {
        return length == 0;
    }

    @Override
    public int length()
    {
        return length;
    }

    @Override
    public char charAt(final int index)
    {
        if (index < 0 || index >= length)
        {
            throw new IndexOutOfBoundsException(index);
        }
        return (char)(bytes[index] & 0xFF);
    }

    /** Allocates: for tests and diagnostics only. */
    @Override
    public CharSequence subSequence(final int start, final int end)
    {
        return toString().subSequence(start, end);
    }

    public byte byteAt(final int index)
    {
        return bytes[index];
    }

    /** Copies the bytes into {@code buffer} at {@code offset}; @return the number of bytes written. */
    public int getBytes(final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putBytes(offset, bytes, 0, length);
        return length;
    }

    public void getBytes(final byte[] destination, final int offset)
    {
        System.arraycopy(bytes, 0, destination, offset, length);
    }

    public boolean contentEquals(final AsciiId other)
    {
        if (other.length != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (bytes[i] != other.bytes[i])
            {
                return false;
            }
        }
        return true;
    }

    /** A 64-bit FNV-1a hash of the content, mixed with {@code seed} (e.g. the owning session). */
    public long hash64(final long seed)
    {
        long h = 0xcbf29ce484222325L ^ (seed * 0x9E3779B97F4A7C15L);
        for (int i = 0; i < length; i++)
        {
            h ^= bytes[i] & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }

    /** Allocates: for tests and diagnostics only. */
    @Override
    public String toString()
    {
        return new String(bytes, 0, length, java.nio.charset.StandardCharsets.US_ASCII);
    }
}
