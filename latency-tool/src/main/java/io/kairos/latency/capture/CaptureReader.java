package io.kairos.latency.capture;

/** Streams the packets of one capture file to a {@link PacketHandler}. Single-threaded. */
public interface CaptureReader extends AutoCloseable
{
    /**
     * Reads every readable packet in file order. Corruption is reported to the {@link CaptureProblems} given at
     * construction and reading resumes at the next plausible record where one can be found.
     *
     * @return the number of packets delivered.
     */
    long readAll(PacketHandler handler);

    /** Format name for reports, e.g. "pcap (nanosecond, little-endian)". */
    String formatDescription();

    /** True for pcapng, whose stamps may be a NIC's ({@code --timestamps pcapng}); false for pcap. */
    default boolean pcapng()
    {
        return false;
    }

    /** Size of the file in bytes. */
    long fileSize();

    void close() throws java.io.IOException;
}
