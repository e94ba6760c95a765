package io.kairos.bench.fix;

/** The load could not run (e.g. sessions did not log on); the message says what to check. */
public final class LoadException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public LoadException(final String message)
    {
        super(message);
    }
}
