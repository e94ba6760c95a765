package io.kairos.engine;

import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * One value a {@link GatewayEngine} offers its meters: the meter's name and description, whether it only grows
 * (a counter) or goes up and down (a gauge), and how to read it (any thread; approximate, never blocking).
 */
public record EngineCounter(String name, String description, boolean monotonic, LongSupplier value)
{
    public EngineCounter
    {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(value, "value");
    }

    /** A value that only grows. */
    public static EngineCounter counter(final String name, final String description, final LongSupplier value)
    {
        return new EngineCounter(name, description, true, value);
    }

    /** A value that goes up and down. */
    public static EngineCounter gauge(final String name, final String description, final LongSupplier value)
    {
        return new EngineCounter(name, description, false, value);
    }

    /** The value now, as a meter reads it. */
    public double read()
    {
        return value.getAsLong();
    }
}
