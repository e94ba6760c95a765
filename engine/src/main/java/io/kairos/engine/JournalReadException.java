package io.kairos.engine;

/**
 * Why {@link JournalReader} could not read a journal (or not all of it), as a kind the tools map to an exit status and
 * a message that names the directory or file and the byte.
 */
public final class JournalReadException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** What went wrong. */
    public enum Kind
    {
        /** The directory does not exist. */
        NO_DIRECTORY,
        /** The directory exists but holds no journal (no segment file, no lock file). */
        NOT_A_JOURNAL,
        /** A running venue holds the directory's lock. */
        IN_USE,
        /** A record before the journal's tail is damaged (CRC mismatch, bad length) or does not decode. */
        CORRUPT,
        /** The journal no longer starts at record 1: its beginning is only in a snapshot. */
        NOT_FROM_START,
        /** The operating system refused a read. */
        IO
    }

    private final Kind kind;

    public JournalReadException(final Kind kind, final String message)
    {
        super(message);
        this.kind = kind;
    }

    public JournalReadException(final Kind kind, final String message, final Throwable cause)
    {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind()
    {
        return kind;
    }
}
