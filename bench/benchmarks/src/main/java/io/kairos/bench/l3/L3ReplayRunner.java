package io.kairos.bench.l3;

import java.util.function.LongUnaryOperator;

import io.kairos.l3.L3BookSet;

/**
 * One looping {@link L3Replay} and the {@link L3BookSet} it feeds, applied a chunk at a time:
 * {@link #applyAsLong(long)} applies that many events and returns the sum of their result codes.
 * {@link L3SideBySide} loads one per l3-book build, each in its own class loader, through the
 * JDK's {@link LongUnaryOperator} so that the two builds share no class. Owned by one thread.
 */
public final class L3ReplayRunner implements LongUnaryOperator
{
    private final L3Replay replay;
    private final L3BookSet books;
    private int next;

    /** @param ids an {@link L3Replay.OrderIds} name (a String: the caller's class loader has its own enum). */
    public L3ReplayRunner(final int instruments, final int ordersPerBook, final String ids)
    {
        replay = new L3Replay(20261122L, instruments, ordersPerBook, 4_000_000, L3Replay.OrderIds.valueOf(ids));
        books = replay.newBooks();
    }

    /** Events in one loop of the replay. */
    public int size()
    {
        return replay.size();
    }

    @Override
    public long applyAsLong(final long events)
    {
        final L3Replay replay = this.replay;
        final L3BookSet books = this.books;
        final int size = replay.size();
        int i = next;
        long results = 0;
        for (long n = 0; n < events; n++)
        {
            results += replay.apply(i, books);
            if (++i == size)
            {
                i = 0;
            }
        }
        next = i;
        return results;
    }
}
