package io.kairos.latency.capture;

/** The file cannot be analysed at all: unreadable, empty, or not a pcap/pcapng capture. Immutable; thread-safe. */
public final class UnusableCaptureException extends Exception
{
    public UnusableCaptureException(final String message)
    {
        super(message);
    }

    public UnusableCaptureException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
