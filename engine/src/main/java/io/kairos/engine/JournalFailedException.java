package io.kairos.engine;

/** The journal could not take a batch: the partition must stop before matching anything it did not record. */
final class JournalFailedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    JournalFailedException(final Throwable cause)
    {
        super(cause);
    }
}
