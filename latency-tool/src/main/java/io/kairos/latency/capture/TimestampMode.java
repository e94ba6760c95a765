package io.kairos.latency.capture;

import java.util.Locale;

/**
 * Where packet times are taken from ({@code --timestamps}). {@link #AUTO} reads a trailer wherever it is unambiguous
 * ({@link HardwareTimestamps}); {@link #PCAPNG} states that a pcapng file's stamps were taken by hardware, which the
 * format itself cannot say. Immutable; thread-safe.
 */
public enum TimestampMode
{
    HOST(null),
    PCAPNG(TimeSource.PCAPNG),
    METAMAKO(TimeSource.METAMAKO),
    EXABLAZE(TimeSource.EXABLAZE),
    AUTO(null);

    /** The names the command line takes, in the order of this enum. */
    public static final String NAMES = "host, pcapng, metamako, exablaze, auto";

    private final TimeSource source;

    TimestampMode(final TimeSource source)
    {
        this.source = source;
    }

    /** The clock this mode forces, or null for {@link #HOST} and {@link #AUTO}. */
    public TimeSource forcedSource()
    {
        return source;
    }

    public boolean readsTrailers()
    {
        return this == METAMAKO || this == EXABLAZE || this == AUTO;
    }

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws IllegalArgumentException naming the accepted values. */
    public static TimestampMode parse(final String text)
    {
        for (final TimestampMode mode : values())
        {
            if (mode.cliName().equals(text))
            {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown --timestamps '" + text + "': one of " + NAMES);
    }
}
