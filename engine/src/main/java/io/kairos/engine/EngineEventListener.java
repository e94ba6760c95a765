package io.kairos.engine;

/**
 * Receives everything the engine emits. Called on the matcher thread of the partition that
 * produced the event, so with several partitions the calls come from several threads at once:
 * an implementation shared by partitions must be thread-safe (the usual one copies each event
 * into a queue owned by its gateway thread). Events are reused: copy before returning. A listener
 * must not block for long: it would stall the partition.
 *
 * <p>Order of calls for one command: its execution events and book events, interleaved in the
 * order they happened, then {@link #onCommandComplete(int)}.
 *
 * <p>During start-up recovery the journal is replayed silently except for two things: execution
 * events of replayed commands for which {@link #needsRedelivery} says yes are emitted again with
 * {@link ExecutionEvent#recovered} set (a listener that records durably what it delivered gets back
 * what a crash or a shutdown kept from it), and the {@link BookEvent#recovered} ADDs that describe the
 * recovered books follow the replay.
 */
public interface EngineEventListener
{
    void onExecution(ExecutionEvent event);

    void onBookEvent(BookEvent event);

    /** The partition finished a command; a good moment to flush batched output. */
    default void onCommandComplete(final int partition)
    {
    }

    /**
     * Start-up recovery asks, per partition, after which journal index this listener may lack execution
     * events; recovery then starts from a snapshot at or before it when one is kept, so those commands are
     * replayed. {@link Long#MAX_VALUE} (the default): nothing is lacking.
     */
    default long redeliverAfter(final int partition)
    {
        return Long.MAX_VALUE;
    }

    /**
     * Start-up recovery, for each execution event of a replayed command after
     * {@link #redeliverAfter(int)}: true to have it emitted again (marked {@link ExecutionEvent#recovered}).
     */
    default boolean needsRedelivery(final ExecutionEvent event)
    {
        return false;
    }

    /**
     * Start-up recovery of the partition is over: its journal ends at {@code lastJournalIndex} (0 when empty or
     * off); live commands continue from the next index.
     */
    default void onRecoveryComplete(final int partition, final long lastJournalIndex)
    {
    }

    EngineEventListener NO_OP = new EngineEventListener()
    {
        public void onExecution(final ExecutionEvent event)
        {
        }

        public void onBookEvent(final BookEvent event)
        {
        }
    };
}
