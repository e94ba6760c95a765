package io.kairos.it;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * A leader failover cut into its parts from the processes' cluster log lines ({@code io.kairos.cluster.ClusterLog}:
 * "WHO: &lt;ISO instant&gt; what happened"), all on one host's clock: detection (the kill to the first survivor's
 * "election started"), election (to the last survivor's "election over"), the gateway (to its "leader is now member"
 * or "connected again") and the first acknowledgement (to the first ack of an order sent after the kill, seen by the
 * test's client). A part whose line is missing prints as "?". Immutable.
 */
record FailoverParts(long detectionMs, long electionMs, long gatewayMs, long firstAckMs)
{
    static final long UNKNOWN = Long.MIN_VALUE;

    /**
     * @param killMs      when the leader was killed (epoch ms)
     * @param firstAckMs  when the first order sent after the kill was acknowledged at the client (epoch ms)
     * @param survivors   the surviving members' outputs
     * @param gateway     the gateway process's output
     */
    static FailoverParts of(final long killMs, final long firstAckMs, final List<String> survivors,
        final String gateway)
    {
        long detected = Long.MAX_VALUE;
        long elected = UNKNOWN;
        for (final String output : survivors)
        {
            final long started = first(output, "election started", killMs);
            detected = Math.min(detected, started == UNKNOWN ? Long.MAX_VALUE : started);
            elected = Math.max(elected, first(output, "election over", killMs));
        }
        final long followed = Math.min(orMax(first(gateway, "leader is now member", killMs)),
            orMax(first(gateway, "connected again", killMs)));
        final long detectedAt = detected == Long.MAX_VALUE ? UNKNOWN : detected;
        final long followedAt = followed == Long.MAX_VALUE ? UNKNOWN : followed;
        return new FailoverParts(between(killMs, detectedAt), between(detectedAt, elected),
            between(elected, followedAt), between(followedAt, firstAckMs));
    }

    @Override
    public String toString()
    {
        return "detection " + text(detectionMs) + " ms, election " + text(electionMs) + " ms, gateway follows " +
            text(gatewayMs) + " ms, first ack " + text(firstAckMs) + " ms";
    }

    private static String text(final long ms)
    {
        return ms == UNKNOWN ? "?" : Long.toString(ms);
    }

    private static long orMax(final long value)
    {
        return value == UNKNOWN ? Long.MAX_VALUE : value;
    }

    private static long between(final long from, final long to)
    {
        return from == UNKNOWN || to == UNKNOWN ? UNKNOWN : to - from;
    }

    /** The time (epoch ms) of the first line containing {@code what} stamped at or after {@code afterMs}. */
    static long first(final String output, final String what, final long afterMs)
    {
        for (final String line : output.lines().toList())
        {
            final int colon = line.indexOf(": ");
            final int space = colon < 0 ? -1 : line.indexOf(' ', colon + 2);
            if (space < 0 || !line.contains(what))
            {
                continue;
            }
            try
            {
                final long at = Instant.parse(line.substring(colon + 2, space)).toEpochMilli();
                if (at >= afterMs)
                {
                    return at;
                }
            }
            catch (final DateTimeParseException ex)
            {
                // not a cluster log line
            }
        }
        return UNKNOWN;
    }
}
