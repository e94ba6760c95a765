package io.kairos.engine;

/**
 * A configuration value a validated record refuses, naming the operator's key as data: {@link #key()} is the key as
 * the server's properties file spells it ({@code engine.ring-size}, {@code instrument.AAPL.tick-size},
 * {@code fix.session.CLIENT01.firm}), {@link #entry()} and {@link #field()} the listed name (session CompID,
 * instrument symbol) and the field a per-entry refusal is about, {@link #detail()} what is wrong without the key.
 * The message reads as before ({@code key detail}, or {@code subject detail} where a record names the field another
 * way); the loader reads the key from here and never from the message. Immutable; thrown at start-up only.
 */
public final class ConfigValueException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    private final String key;
    private final String entry;
    private final String field;
    private final String detail;

    /** A refusal of {@code key}, message {@code key detail}. */
    public ConfigValueException(final String key, final String detail)
    {
        this(key, null, null, key, detail, null);
    }

    /** A refusal of {@code key}, message {@code key detail}, after {@code cause} refused the value first. */
    public ConfigValueException(final String key, final String detail, final Throwable cause)
    {
        this(key, null, null, key, detail, cause);
    }

    private ConfigValueException(
        final String key, final String entry, final String field, final String subject, final String detail,
        final Throwable cause)
    {
        super(subject + " " + detail, cause);
        this.key = key;
        this.entry = entry;
        this.field = field;
        this.detail = detail;
    }

    /**
     * A refusal of one field of a listed entry (a session, an instrument), message {@code subject detail}.
     *
     * @param key     the operator's key at fault: the entry's own ({@code fix.session.CLIENT01.firm}), or the list's
     *                ({@code fix.sessions}) where the field comes from the list (its CompID, its position)
     * @param entry   the listed name, e.g. {@code CLIENT01}
     * @param field   the entry's field, e.g. {@code firm} or {@code comp-id}
     * @param subject how the message names the field, e.g. {@code session CLIENT01 firm}
     * @param detail  what is wrong, e.g. {@code must be a CompID}
     */
    public static ConfigValueException ofEntry(
        final String key, final String entry, final String field, final String subject, final String detail)
    {
        return new ConfigValueException(key, entry, field, subject, detail, null);
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

    /** The field of {@link #entry()} at fault; null for a key of its own. */
    public String field()
    {
        return field;
    }

    /** What is wrong with the value, without the key. */
    public String detail()
    {
        return detail;
    }
}
