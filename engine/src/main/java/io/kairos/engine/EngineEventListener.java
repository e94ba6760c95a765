package io.kairos.engine;

/**
 * Receives everything the engine emits. Called on the matcher thread of the partition that
 * produced the event, so with several partitions the calls come from several threads at once:
 * an implementation shared by partitions must be thread-safe (the usual one copies each event
 * into a queue owned by its gateway thread). Events are reused: copy before returning. A listener
 * must not block for long: it would stall the partition.
 *
 * <p>Order of calls for one command: its execution events and book events, interleaved in the
 * order they happened, then {@link #onCommandComplete(int)}. During start-up recovery nothing is
 * emitted except the {@link BookEvent#recovered} ADDs that describe the recovered books.
 */
public interface EngineEventListener
{
    void onExecution(ExecutionEvent event);

    void onBookEvent(BookEvent event);

    /** The partition finished a command; a good moment to flush batched output. */
    default void onCommandComplete(final int partition)
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
