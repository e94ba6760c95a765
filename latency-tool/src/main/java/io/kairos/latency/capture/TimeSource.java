package io.kairos.latency.capture;

/**
 * Which clock stamped a packet: the capture host's, or hardware (a NIC writing stamps into pcapng, or a tap or layer-1
 * switch appending a trailer to the frame). Handed along with each packet so the report can say which clock every
 * figure used. Immutable; thread-safe.
 */
public enum TimeSource
{
    HOST("capture host clock", false),
    PCAPNG("pcapng interface stamps", true),
    METAMAKO("Metamako trailer stamps", true),
    EXABLAZE("Exablaze trailer stamps", true);

    /** How many there are ({@code values()} copies its array on every call: not for the per-packet path). */
    public static final int COUNT = values().length;

    private final String description;
    private final boolean hardware;

    TimeSource(final String description, final boolean hardware)
    {
        this.description = description;
        this.hardware = hardware;
    }

    /** E.g. "Metamako trailer stamps (hardware)". */
    public String description()
    {
        return description + (hardware ? " (hardware)" : "");
    }

    public boolean hardware()
    {
        return hardware;
    }
}
