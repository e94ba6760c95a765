package io.kairos.md;

import java.util.Arrays;

import io.kairos.fix.wire.FixWriter;

/**
 * The incremental entries of one view that the current drained batch of book events produced and that have not been
 * sent yet: encoded once, already numbered with the view's RptSeq, with their byte sum (for CheckSum), the engine
 * stamps of the earliest event they report (21002, 21003 of the message that carries them) and every event's
 * engine-out (one latency sample each). {@link IncrementalFanOut} copies them into each subscriber's message. The
 * buffers are preallocated for {@link IncrementalFanOut#MAX_ENTRY_BYTES} and grow (allocating) only for a single event
 * larger than that. Owned by the gateway's event loop.
 */
final class PendingEntries
{
    private final FixWriter entries = new FixWriter(IncrementalFanOut.MAX_ENTRY_BYTES + 1024);
    private long[] engineOutNs = new long[256];
    private int events;
    private int count;
    private int checksum;
    private long firstAdded;
    private long firstEngineInNs;
    private long firstEngineOutNs;

    boolean isEmpty()
    {
        return count == 0;
    }

    /** Bytes of the entries. */
    int length()
    {
        return entries.position();
    }

    byte[] bytes()
    {
        return entries.bytes();
    }

    /** Number of entries (the 268 they add to a message). */
    int count()
    {
        return count;
    }

    /** The entries' byte sum modulo 256. */
    int checksum()
    {
        return checksum;
    }

    /** Position of the earliest event in the order the fan-out received them: lower is earlier. */
    long firstAdded()
    {
        return firstAdded;
    }

    long firstEngineInNs()
    {
        return firstEngineInNs;
    }

    long firstEngineOutNs()
    {
        return firstEngineOutNs;
    }

    int events()
    {
        return events;
    }

    long engineOutNs(final int event)
    {
        return engineOutNs[event];
    }

    /**
     * Appends one event's entries (copied from {@code from}'s buffer) and remembers its stamps.
     *
     * @param added the event's position in the order the fan-out received events
     */
    void add(final EntryWriter from, final long engineInNs, final long engineOutNs, final long added)
    {
        if (count == 0)
        {
            firstAdded = added;
            firstEngineInNs = engineInNs;
            firstEngineOutNs = engineOutNs;
        }
        final FixWriter source = from.buffer();
        entries.bytes(source.bytes(), 0, source.position());
        checksum = (checksum + source.checksum(0, source.position())) & 0xFF;
        count += from.count();
        if (events == this.engineOutNs.length)
        {
            this.engineOutNs = Arrays.copyOf(this.engineOutNs, events << 1);
        }
        this.engineOutNs[events++] = engineOutNs;
    }

    void clear()
    {
        entries.reset();
        events = 0;
        count = 0;
        checksum = 0;
    }
}
