package io.kairos.latency.testing;

/**
 * One captured packet for {@link TestCaptureWriter}: link-layer bytes, capture time, interface (pcapng) and the
 * length it had on the wire (larger than {@code bytes.length} to simulate a snaplen cut).
 */
public record Frame(long timeNs, int interfaceId, byte[] bytes, int originalLength)
{
    public Frame(final long timeNs, final byte[] bytes)
    {
        this(timeNs, 0, bytes, bytes.length);
    }

    public Frame onInterface(final int id)
    {
        return new Frame(timeNs, id, bytes, originalLength);
    }

    /** Keeps only the first {@code captured} bytes, as a snaplen would. */
    public Frame cutTo(final int captured)
    {
        return new Frame(timeNs, interfaceId, java.util.Arrays.copyOf(bytes, captured), bytes.length);
    }
}
