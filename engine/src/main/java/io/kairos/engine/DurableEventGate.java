package io.kairos.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Holds a partition's events until the journal force that covers their command has completed (sync mode), then
 * hands them to the engine's listener in the order they happened: no execution report and no market data leaves the
 * engine for a command that is not yet on disk, while the matcher goes on matching the commands behind it.
 *
 * <p>The matcher thread is the one producer: it names the command it is about to match ({@link #beginCommand}),
 * and this gate, as the matcher's listener, copies each of its events into a preallocated slot. One thread at a
 * time releases ({@link #release}): the matcher's own thread when the partition runs as an agent on a shared
 * thread, else the partition's force thread after each force. A single-producer, single-consumer ring with no
 * allocation. When it is full the producer waits for a force — only then does the disk hold the matcher up — and
 * releases what became durable itself when it is also the releasing thread, so it never waits for itself.
 */
final class DurableEventGate implements EngineEventListener
{
    private static final byte EXECUTION = 1;
    private static final byte BOOK = 2;
    private static final byte COMMAND_COMPLETE = 3;

    /** One held event. Written by the producer before it publishes the slot, read by the releasing thread after. */
    private static final class Slot
    {
        byte kind;
        long journalIndex;
        final ExecutionEvent execution = new ExecutionEvent();
        final BookEvent book = new BookEvent();
    }

    private final int partition;
    private final JournalForcer forcer;
    private final boolean producerReleases;
    private final Slot[] slots;
    private final int mask;
    /** Next slot to write; the producer's. Published in {@link #published} after each slot. */
    private long tail;
    private final AtomicLong published = new AtomicLong();
    /** Next slot to release; the releasing thread's. Published in {@link #released}. */
    private long head;
    private final AtomicLong released = new AtomicLong();
    private long commandIndex;
    private EngineEventListener target = EngineEventListener.NO_OP;

    /**
     * @param capacity         events held at most, a power of two
     * @param producerReleases whether the matcher's thread is also the one that calls {@link #release}
     */
    DurableEventGate(final int partition, final JournalForcer forcer, final int capacity,
        final boolean producerReleases)
    {
        if (Integer.bitCount(capacity) != 1)
        {
            throw new IllegalArgumentException("capacity must be a power of two, was " + capacity);
        }
        this.partition = partition;
        this.forcer = forcer;
        this.producerReleases = producerReleases;
        slots = new Slot[capacity];
        for (int i = 0; i < capacity; i++)
        {
            slots[i] = new Slot();
        }
        mask = capacity - 1;
    }

    /** Before the matcher starts: where released events go. */
    void target(final EngineEventListener listener)
    {
        target = listener;
    }

    /** Producer: the events that follow are those of the command journalled as {@code journalIndex}. */
    void beginCommand(final long journalIndex)
    {
        commandIndex = journalIndex;
    }

    /** Producer: slots free now (at least; the releasing thread may free more meanwhile). */
    int free()
    {
        return slots.length - (int)(tail - released.get());
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
        final Slot slot = claim(EXECUTION);
        slot.execution.copyFrom(event);
        publish();
    }

    @Override
    public void onBookEvent(final BookEvent event)
    {
        final Slot slot = claim(BOOK);
        slot.book.copyFrom(event);
        publish();
    }

    @Override
    public void onCommandComplete(final int partition)
    {
        claim(COMMAND_COMPLETE);
        publish();
    }

    /**
     * The releasing thread: hands every held event whose command is durable to the listener, oldest first.
     * @return the number of events released
     */
    int release()
    {
        final long durable = forcer.durableIndex();
        final long available = published.get();
        long next = head;
        while (next < available)
        {
            final Slot slot = slots[(int)next & mask];
            if (slot.journalIndex > durable)
            {
                break;
            }
            dispatch(slot);
            next++;
        }
        final int count = (int)(next - head);
        if (count > 0)
        {
            head = next;
            released.lazySet(next);
        }
        return count;
    }

    /** The releasing thread: whether the oldest held event's command is durable (a {@link #release} would pass it). */
    boolean hasReleasable()
    {
        return head < published.get() && slots[(int)head & mask].journalIndex <= forcer.durableIndex();
    }

    private void dispatch(final Slot slot)
    {
        switch (slot.kind)
        {
            case EXECUTION -> target.onExecution(slot.execution);
            case BOOK -> target.onBookEvent(slot.book);
            default -> target.onCommandComplete(partition);
        }
    }

    private Slot claim(final byte kind)
    {
        while (tail - released.get() == slots.length)
        {
            awaitSpace();
        }
        final Slot slot = slots[(int)tail & mask];
        slot.kind = kind;
        slot.journalIndex = commandIndex;
        return slot;
    }

    private void publish()
    {
        published.lazySet(++tail);
    }

    /** Producer, ring full: the oldest held command is not durable yet; waits for the force that covers it. */
    private void awaitSpace()
    {
        if (forcer.failure() != null)
        {
            throw new JournalFailedException(forcer.failure());
        }
        if (!producerReleases || release() == 0)
        {
            Thread.onSpinWait();
        }
    }
}
