package io.kairos.latency.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One chart axis: its range, scale, and the tick values with their labels, chosen so a reader can read values off
 * the chart (1-2-5 steps: 10 µs, 20 µs, 50 µs…). Immutable.
 */
record Axis(double min, double max, Scale scale, double[] ticks, String[] labels)
{
    /** How values map onto the axis. */
    enum Scale
    {
        LINEAR,
        /** log10: positive values only; a median of 1 ms and a maximum of 300 ms both get room. */
        LOG,
        /** Signed log: sign(v)·log10(1 + |v|), linear within ±1 unit, log beyond; for values on both sides of 0. */
        SYMLOG;

        double apply(final double value)
        {
            return switch (this)
            {
                case LINEAR -> value;
                case LOG -> Math.log10(Math.max(value, 1e-12));
                case SYMLOG -> Math.signum(value) * Math.log10(1 + Math.abs(value));
            };
        }

        double invert(final double scaled)
        {
            return switch (this)
            {
                case LINEAR -> scaled;
                case LOG -> Math.pow(10, scaled);
                case SYMLOG -> Math.signum(scaled) * (Math.pow(10, Math.abs(scaled)) - 1);
            };
        }
    }

    /** Maps a value to [0, 1] along the axis (clamped). */
    double fraction(final double value)
    {
        final double lo = scale.apply(min);
        final double hi = scale.apply(max);
        return Math.max(0, Math.min(1, (scale.apply(value) - lo) / Math.max(hi - lo, 1e-12)));
    }

    /**
     * A signed-log axis (µs) just wider than {@code [low, high]}, through zero, with ticks at 0 and ±1, ±10, ±100…
     * (and the 2 and 5 between them when the range spans few decades): negative and positive differences of a few
     * µs and of many ms are both readable.
     */
    static Axis symlogMicros(final double low, final double high)
    {
        final double min = low >= 0 ? 0 : Scale.SYMLOG.invert(Scale.SYMLOG.apply(low) * 1.05);
        final double max = high <= 0 ? 1 : Scale.SYMLOG.invert(Scale.SYMLOG.apply(high) * 1.05);
        final double widest = Math.max(-min, max);
        final double[] multipliers = Math.log10(Math.max(widest, 1)) < 3 ? new double[] {1, 2, 5} : new double[] {1};
        final List<Double> ticks = new ArrayList<>();
        ticks.add(0.0);
        for (double decade = 1; decade <= widest; decade *= 10)
        {
            for (final double m : multipliers)
            {
                final double tick = decade * m;
                if (tick <= max)
                {
                    ticks.add(tick);
                }
                if (-tick >= min)
                {
                    ticks.add(0, -tick);
                }
            }
        }
        return of(min, max, Scale.SYMLOG, ticks, Axis::micros);
    }

    /**
     * A log axis just wider than {@code [low, high]} (µs) with ticks at 1-2-5 steps, or at finer steps (1, 1.2, 1.5,
     * 2, 2.5, 3, 4…) when the range is too narrow for three 1-2-5 ticks.
     */
    static Axis logMicros(final double low, final double high)
    {
        final double min = Math.max(low, 0.001) / 1.15;
        final double max = Math.max(Math.max(high, 0.001) * 1.15, min * 2);
        List<Double> ticks = logTicks(min, max, new double[] {1, 2, 5});
        if (ticks.size() < 3)
        {
            ticks = logTicks(min, max, new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9});
        }
        if (ticks.size() < 2)
        {
            ticks = List.of(min, max);
        }
        return of(min, max, Scale.LOG, ticks, Axis::micros);
    }

    private static List<Double> logTicks(final double min, final double max, final double[] multipliers)
    {
        final List<Double> ticks = new ArrayList<>();
        for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10)
        {
            for (final double m : multipliers)
            {
                final double tick = decade * m;
                if (tick >= min && tick <= max)
                {
                    ticks.add(tick);
                }
            }
        }
        return ticks;
    }

    /** A linear axis over {@code [low, high]} widened to whole 1-2-5 steps, about {@code count} ticks. */
    static Axis linear(final double low, final double high, final int count, final Formatter formatter)
    {
        final double span = high - low > 0 ? high - low : Math.max(Math.abs(high), 1);
        final double step = step125(span / count, true);
        final double min = Math.floor(low / step) * step;
        final double max = Math.max(Math.ceil(high / step) * step, min + step);
        final List<Double> ticks = new ArrayList<>();
        for (int i = 0; min + i * step <= max + step * 1e-6; i++)
        {
            ticks.add(min + i * step);
        }
        return of(min, max, Scale.LINEAR, ticks, formatter);
    }

    /** The HdrHistogram plotter's percentile axis: x = 1/(1-p), log scale, labelled 0 %, 90 %, 99 %, 99.9 %… */
    static Axis percentiles(final double maxInverse)
    {
        final double max = Math.pow(10, Math.max(1, Math.ceil(Math.log10(Math.max(maxInverse, 10)))));
        final List<Double> ticks = new ArrayList<>();
        for (double tick = 1; tick <= max * 1.001; tick *= 10)
        {
            ticks.add(tick);
        }
        return of(1, max, Scale.LOG, ticks, Axis::percentileLabel);
    }

    private static Axis of(final double min, final double max, final Scale scale, final List<Double> ticks,
        final Formatter formatter)
    {
        final double[] values = new double[ticks.size()];
        final String[] labels = new String[ticks.size()];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = ticks.get(i);
            labels[i] = formatter.format(values[i]);
        }
        return new Axis(min, max, scale, values, labels);
    }

    /** The nearest 1-2-5 value at or above ({@code up}) or at or below {@code value} (positive). */
    static double step125(final double value, final boolean up)
    {
        final double decade = Math.pow(10, Math.floor(Math.log10(value)));
        final double[] steps = {1, 2, 5, 10};
        if (up)
        {
            for (final double s : steps)
            {
                if (decade * s >= value * 0.999)
                {
                    return decade * s;
                }
            }
            return decade * 10;
        }
        for (int i = steps.length - 1; i >= 0; i--)
        {
            if (decade * steps[i] <= value * 1.001)
            {
                return decade * steps[i];
            }
        }
        return decade;
    }

    /** Formats a tick value. */
    @FunctionalInterface
    interface Formatter
    {
        String format(double value);
    }

    /** "20 µs", "1.5 ms", "2 s" for a value in microseconds. */
    static String micros(final double us)
    {
        final double magnitude = Math.abs(us);
        if (magnitude >= 1_000_000)
        {
            return trim(us / 1_000_000) + " s";
        }
        if (magnitude >= 1000)
        {
            return trim(us / 1000) + " ms";
        }
        return trim(us) + " µs";
    }

    static String trim(final double value)
    {
        final String text = String.format(Locale.ROOT, "%.3f", value);
        return text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
    }

    static String percentileLabel(final double inverse)
    {
        if (inverse <= 1.0001)
        {
            return "0%";
        }
        final int decimals = (int)Math.max(0, Math.ceil(Math.log10(inverse) - 1e-9) - 2);
        return String.format(Locale.ROOT, "%." + decimals + "f%%", 100 * (1 - 1 / inverse));
    }

    /** "1,000/s" style counts. */
    static String count(final double value)
    {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Seconds with as many decimals as the step needs. */
    static String seconds(final double value)
    {
        return trim(value) + " s";
    }
}
