package io.kairos.engine;

/**
 * A configuration value a validated record refuses, naming the operator's key as data: {@link #key()} is the key as
 * the server's properties file spells it ({@code engine.ring-size}, {@code instrument.AAPL.tick-size},
 * {@code fix.session.CLIENT01.firm}), {@link #entry()} the listed name (session CompID, instrument symbol) a per-entry
 * key belongs to, {@link #detail()} what is wrong without the key. The message reads as before ({@code key detail},
 * or {@code subject detail} where a record names the field another way); the loader reads the key from here and
 * never from the message. Immutable; thrown at start-up only.
 */
public class ConfigValueException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String entry;
    private final String detail;

    /** A refusal of {@code key}, message {@code key detail}. */
    public ConfigValueException(final String key, final String detail)
    {
        this(key, null, key, detail, null);
    }

    /**
     * A refusal of a per-entry key, message {@code subject detail}.
     *
     * @param key     the operator's key, e.g. {@code fix.session.CLIENT01.firm}
     * @param entry   the listed name the key belongs to (e.g. {@code CLIENT01}), or null
     * @param subject how the message names the field, e.g. {@code session CLIENT01 firm}
     * @param detail  what is wrong, e.g. {@code must be a CompID}
     * @param cause   what refused the value first, or null
     */
    public ConfigValueException(
        final String key, final String entry, final String subject, final String detail, final Throwable cause)
    {
        super(subject + " " + detail, cause);
        this.key = key;
        this.entry = entry;
        this.detail = detail;
    }

    /** The operator's key at fault. */
    public String key()
    {
        return key;
    }

    /** The session CompID or instrument symbol the key belongs to; null for a key of its own. */
    public String entry()
    {
        return entry;
    }

    /** What is wrong with the value, without the key. */
    public String detail()
    {
        return detail;
    }
}
