package io.kairos.bench.engine;

import java.util.Locale;

/**
 * How the price moves while a matcher flow runs ({@link RegimeFlowGenerator}): the centre of the
 * order prices as a function of the flow's progress (new orders so far ÷ all new orders), relative
 * to {@link RegimeFlowGenerator#START_TICKS}, plus a random walk for {@link #NORMAL}. Immutable.
 */
public enum Regime
{
    /** Static book: the centre never moves; orders come and go around it. */
    STATIC("static book: the price centre does not move"),
    /** Normal drift: a random walk of one tick every ten messages, kept within ±5 %. */
    NORMAL("normal drift: random walk of 1 tick per 10 messages, within ±5 %"),
    /** ±25 % swing: two sine cycles of amplitude 25 % (25,000 ticks). */
    SWING_25("±25 % swing: two sine cycles, amplitude 25,000 ticks"),
    /** ±40 % swing: two sine cycles of amplitude 40 % (40,000 ticks). */
    SWING_40("±40 % swing: two sine cycles, amplitude 40,000 ticks"),
    /** Crash: flat, then −45 % (45,000 ticks) within 2 % of the flow, then a rebound to −25 % by the end. */
    CRASH("crash: flat, −45,000 ticks within 2 % of the flow, then a rebound to −25 %");

    static final double CRASH_START = 0.40;
    static final double CRASH_END = 0.42;
    static final double CRASH_DEPTH = 0.45;
    static final double REBOUND_DEPTH = 0.25;

    private final String description;

    Regime(final String description)
    {
        this.description = description;
    }

    /** Name on the command line and in the flow file: static, normal, swing25, swing40, crash. */
    public String key()
    {
        return name().toLowerCase(Locale.ROOT).replace("_", "");
    }

    public String description()
    {
        return description;
    }

    /** Whether a random walk adds to {@link #trend}. */
    boolean randomWalk()
    {
        return this == NORMAL;
    }

    /** The deterministic move of the price centre at {@code progress} in [0, 1], as a fraction of the start price. */
    double trend(final double progress)
    {
        return switch (this)
        {
            case STATIC, NORMAL -> 0;
            case SWING_25 -> 0.25 * Math.sin(4 * Math.PI * progress);
            case SWING_40 -> 0.40 * Math.sin(4 * Math.PI * progress);
            case CRASH -> crash(progress);
        };
    }

    private static double crash(final double progress)
    {
        if (progress < CRASH_START)
        {
            return 0;
        }
        if (progress < CRASH_END)
        {
            return -CRASH_DEPTH * (progress - CRASH_START) / (CRASH_END - CRASH_START);
        }
        return -CRASH_DEPTH + (CRASH_DEPTH - REBOUND_DEPTH) * (progress - CRASH_END) / (1 - CRASH_END);
    }

    public static Regime byKey(final String key)
    {
        for (final Regime regime : values())
        {
            if (regime.key().equals(key.toLowerCase(Locale.ROOT)))
            {
                return regime;
            }
        }
        throw new IllegalArgumentException(
            "unknown regime '" + key + "' (known: static, normal, swing25, swing40, crash)");
    }
}
