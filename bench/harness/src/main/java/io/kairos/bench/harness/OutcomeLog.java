package io.kairos.bench.harness;

import java.util.Arrays;

/**
 * What an engine did with each message of an {@link OrderFlow}, as compact records in one
 * preallocated {@code long[]}, written during a timed replay (a few array stores per outcome, no
 * objects) and turned into the canonical text by {@link CanonicalText} afterwards. Ids are the
 * engine's own order ids (translated to flow refs when the text is written), prices the engine's
 * own units, except in {@link #CANCEL_REJECTED} and {@link #REJECTED}, which name the flow ref the
 * command asked for. Owned by one thread at a time (the replaying thread, then the hashing thread
 * after a hand-off with a happens-before edge).
 *
 * <pre>
 * record = header, then the type's fields; header = type &lt;&lt; 32 | command index in the flow
 *   TRADE           makerId takerId price qty   (one per fill, in the order the engine matched)
 *   EXPIRED         id qty                      (IOC remainder removed)
 *   CANCELLED       id qty                      (cancel took qty off the book)
 *   CANCEL_REJECTED ref                         (cancel of an order no longer live)
 *   RESTED          id qty                      (insert left qty on the book)
 *   REJECTED        ref                         (insert refused: never expected, kept so that a difference shows)
 * </pre>
 */
public final class OutcomeLog
{
    public static final int TRADE = 1;
    public static final int EXPIRED = 2;
    public static final int CANCELLED = 3;
    public static final int CANCEL_REJECTED = 4;
    public static final int RESTED = 5;
    public static final int REJECTED = 6;

    private long[] records;
    private int size;

    /** @param capacityLongs expected size; the log grows (allocating) only past it */
    public OutcomeLog(final int capacityLongs)
    {
        records = new long[Math.max(16, capacityLongs)];
    }

    /** Longs needed for a flow of {@code commands} commands with {@code trades} fills, with room to spare. */
    public static int capacityFor(final long commands, final long trades)
    {
        return Math.toIntExact(Math.min(Integer.MAX_VALUE - 8, 3 * commands + 5 * trades + 1024));
    }

    public void clear()
    {
        size = 0;
    }

    public int size()
    {
        return size;
    }

    public long at(final int index)
    {
        return records[index];
    }

    public static int type(final long header)
    {
        return (int)(header >>> 32);
    }

    public static int command(final long header)
    {
        return (int)header;
    }

    public void trade(final int command, final long makerId, final long takerId, final long price, final long quantity)
    {
        final int i = reserve(5);
        final long[] r = records;
        r[i] = (long)TRADE << 32 | command;
        r[i + 1] = makerId;
        r[i + 2] = takerId;
        r[i + 3] = price;
        r[i + 4] = quantity;
    }

    public void expired(final int command, final long id, final long quantity)
    {
        two(EXPIRED, command, id, quantity);
    }

    public void cancelled(final int command, final long id, final long quantity)
    {
        two(CANCELLED, command, id, quantity);
    }

    public void rested(final int command, final long id, final long quantity)
    {
        two(RESTED, command, id, quantity);
    }

    public void cancelRejected(final int command, final long ref)
    {
        one(CANCEL_REJECTED, command, ref);
    }

    public void rejected(final int command, final long ref)
    {
        one(REJECTED, command, ref);
    }

    private void two(final int type, final int command, final long a, final long b)
    {
        final int i = reserve(3);
        final long[] r = records;
        r[i] = (long)type << 32 | command;
        r[i + 1] = a;
        r[i + 2] = b;
    }

    private void one(final int type, final int command, final long a)
    {
        final int i = reserve(2);
        records[i] = (long)type << 32 | command;
        records[i + 1] = a;
    }

    private int reserve(final int longs)
    {
        final int at = size;
        if (at + longs > records.length)
        {
            records = Arrays.copyOf(records, Math.max(at + longs, records.length * 2));
        }
        size = at + longs;
        return at;
    }

    /** Longs a record of this type takes, header included. */
    static int length(final int type)
    {
        return switch (type)
        {
            case TRADE -> 5;
            case EXPIRED, CANCELLED, RESTED -> 3;
            case CANCEL_REJECTED, REJECTED -> 2;
            default -> throw new IllegalStateException("unknown outcome type " + type);
        };
    }
}
