package io.kairos.latency.fix;

import java.nio.ByteBuffer;

import io.kairos.latency.tcp.TcpStream;

/** Receives each complete, framed FIX message. Called on the analysis thread; the buffer is valid during the call. */
@FunctionalInterface
public interface FixMessageHandler
{
    /**
     * @param timestampNs  capture time of the packet that held the message's first byte.
     */
    void onMessage(TcpStream stream, ByteBuffer buffer, int offset, int length, long timestampNs, long packetNumber);

    /** Bytes of {@code stream} the capture does not hold: the messages they carried are unknown. */
    default void onBytesLost(final TcpStream stream)
    {
    }
}
