package io.kairos.server;

/**
 * A setting the server cannot use: names the key, the value and where it came from. Thrown while
 * loading the configuration only; the launcher turns it into a message and exit code 2.
 */
public final class ConfigException extends RuntimeException
{
    private final String key;

    public ConfigException(final String key, final String message)
    {
        super(key + ": " + message);
        this.key = key;
    }

    public ConfigException(final String key, final String message, final Throwable cause)
    {
        super(key + ": " + message, cause);
        this.key = key;
    }

    /** The configuration key at fault. */
    public String key()
    {
        return key;
    }
}
