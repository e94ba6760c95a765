package io.kairos.bench.harness;

import java.util.function.LongUnaryOperator;

/**
 * A matching engine replayed synchronously over a whole {@link OrderFlow} by {@link ReplayDriver}:
 * every command applied in order on the calling thread (or, for a pipelined engine, submitted from
 * it and awaited), each outcome written to an {@link OutcomeLog}. Owned by the driving thread.
 */
public interface ReplayTarget extends AutoCloseable
{
    /** Engine and mode, as printed in the tables. */
    String label();

    /** Builds a fresh engine: empty book, order ids from the start. Not timed; may allocate and block. */
    void prepare() throws Exception;

    /** Applies every command of {@code flow} to the engine {@link #prepare} built, recording outcomes. Timed. */
    void replay(OrderFlow flow, OutcomeLog log) throws Exception;

    /** After {@link #replay}: the flow ref of an engine order id that appears in the log. */
    LongUnaryOperator idToRef();

    /** Engine price units per tick (the log holds engine prices). */
    long priceUnit();

    /** Releases what the last {@link #prepare} started (threads of a pipelined engine). */
    @Override
    default void close()
    {
    }
}
