package io.kairos.latency.capture;

import java.nio.ByteBuffer;

/**
 * Receives each packet record of a capture: in file order from a {@link CaptureReader}, in capture-time order from a
 * {@link CaptureTimeOrder}. The buffer is big-endian and only valid during the call. Called on the thread that runs
 * the {@link CaptureReader}.
 */
@FunctionalInterface
public interface PacketHandler
{
    /**
     * @param buffer          the mapped capture; the packet occupies {@code [offset, offset + capturedLength)}.
     * @param offset          index of the first link-layer byte in {@code buffer}.
     * @param capturedLength  bytes present in the capture.
     * @param originalLength  bytes the packet had on the wire (larger when the snaplen cut it).
     * @param linkType        pcap LINKTYPE_ value of the interface.
     * @param timestampNs     capture time in nanoseconds since the Unix epoch.
     * @param timeSource      the clock that took {@code timestampNs}.
     * @param packetNumber    1-based number of the packet in the file (as Wireshark counts frames).
     * @param fileOffset      byte offset of the packet's record (or block) in the file.
     */
    void onPacket(
        ByteBuffer buffer,
        int offset,
        int capturedLength,
        int originalLength,
        int linkType,
        long timestampNs,
        TimeSource timeSource,
        long packetNumber,
        long fileOffset);
}
