package io.kairos.latency.tcp;

import java.nio.ByteBuffer;

/** Receives the in-order bytes of one TCP direction from its {@link TcpStream}. Called on the analysis thread. */
public interface StreamConsumer
{
    /**
     * In-order payload bytes, valid only during the call.
     *
     * @param timestampNs  capture time of the packet that carried these bytes.
     */
    void onData(ByteBuffer buffer, int offset, int length, long timestampNs, long packetNumber, long fileOffset);

    /** {@code missingBytes} of the stream were never captured (lost, cut by the snaplen, or before the capture). */
    void onGap(long missingBytes, long packetNumber, long fileOffset);

    /** The capture starts inside this stream: the first bytes are probably not the start of a message. */
    void onMidStreamStart();

    /** A new connection reuses this address/port pair (a fresh SYN): forget partial state. */
    void onReset();
}
