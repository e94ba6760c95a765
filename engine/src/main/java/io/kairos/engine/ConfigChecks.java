package io.kairos.engine;

/**
 * The checks of the validated config records (engine, instruments, the gateways and their sessions), written once so
 * that each refusal reads the same: a {@link ConfigValueException} that carries the key at fault and whose message
 * starts with it, e.g. {@code md.port must be in [0, 65535], was 70000}. The server's loader passes
 * {@link ConfigValueException#key()} on to the operator.
 * Stateless; any thread. Called at start-up only (the messages are built eagerly).
 */
public final class ConfigChecks
{
    private ConfigChecks()
    {
    }

    /** @throws ConfigValueException "{@code key message}" unless {@code ok} */
    public static void require(final boolean ok, final String key, final String message)
    {
        if (!ok)
        {
            throw new ConfigValueException(key, message);
        }
    }

    /** @throws ConfigValueException "{@code key must be in [min, max], was value}" outside the range */
    public static void requireInRange(final long value, final long min, final long max, final String key)
    {
        require(value >= min && value <= max, key, "must be in [" + min + ", " + max + "], was " + value);
    }

    /** @throws ConfigValueException "{@code key must be >= min, was value}" below {@code min} */
    public static void requireAtLeast(final long value, final long min, final String key)
    {
        require(value >= min, key, "must be >= " + min + ", was " + value);
    }

    /** @throws ConfigValueException "{@code key must be <= max, was value}" above {@code max} */
    public static void requireAtMost(final long value, final long max, final String key)
    {
        require(value <= max, key, "must be <= " + max + ", was " + value);
    }

    /**
     * Whether every character is printable ASCII other than space and '=', what a FIX CompID or symbol may hold
     * (true for the empty string: callers check the length they allow).
     */
    public static boolean isPrintableToken(final CharSequence text)
    {
        return text.chars().allMatch(c -> c > ' ' && c < 127 && c != '=');
    }
}
