package io.kairos.md;

import static io.kairos.fix.wire.FixTags.ENGINE_IN;
import static io.kairos.fix.wire.FixTags.ENGINE_OUT;
import static io.kairos.fix.wire.FixTags.NO_MD_ENTRIES;

import java.util.Arrays;
import java.util.List;

import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;
import org.agrona.concurrent.EpochNanoClock;

/**
 * Natural batching of incrementals (35=X): the entries of a drained batch of book events are encoded once per view
 * into its {@link PendingEntries}; {@link #emit()} then gives every session that subscribes to a view with pending
 * entries one message carrying the pending entries of all its views, several instruments in one message (each MDEntry
 * names its Symbol, 55). Such a message's 21002 and 21003 are those of the earliest event it reports. Nothing waits
 * for more: {@link #emit()} runs at the end of every drained batch, before a SecurityStatus (so that it never
 * overtakes incrementals queued before it) and when a view's pending entries would pass {@link #MAX_ENTRY_BYTES}.
 * A session whose entries pass the bound gets several messages, split between views. Per-subscriber work is the
 * header, the copy and the checksum from the views' precomputed sums; the entry bytes are never rescanned.
 * Allocation-free in steady state. Owned by the gateway's event loop.
 */
final class IncrementalFanOut
{
    /**
     * Bound on an incremental's body (21002, 21003, 268 and entries): well inside the 64 KiB frame limit that our own
     * and other clients enforce ({@code FixFrame.MAX_FRAME_BYTES}), and small enough that a batch still leaves in a
     * few messages of a size clients parse without growing their buffers. A single event's entries are never split,
     * so one event larger than this (a deep top-N view's rewrite) goes alone, as large as it is.
     */
    static final int MAX_BODY_BYTES = 8 * 1024;
    /** Room for 21002, 21003 and 268 in front of the entries. */
    static final int PREFIX_BYTES = 64;
    /** Bound on the entry bytes of one message. */
    static final int MAX_ENTRY_BYTES = MAX_BODY_BYTES - PREFIX_BYTES;
    private static final byte MSG_TYPE_X = MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH;

    private final EpochNanoClock clock;
    private final MdCounters counters;
    private final MdLatency latency;
    private final FixWriter prefix = new FixWriter(PREFIX_BYTES);
    private final FixWriter sendingTime = new FixWriter(SendingTimeEncoder.LENGTH);
    private final SendingTimeEncoder timeEncoder = new SendingTimeEncoder();
    private MdView[] pendingViews = new MdView[16];
    private int pendingViewCount;
    private FixSession[] sessions = new FixSession[16];
    private int sessionCount;
    private long added;

    IncrementalFanOut(final EpochNanoClock clock, final MdCounters counters, final MdLatency latency)
    {
        this.clock = clock;
        this.counters = counters;
        this.latency = latency;
    }

    /**
     * Queues the entries {@code entries} holds for {@code view} (one event's, numbered with the view's RptSeq), first
     * sending what is pending if they would not fit under the bound.
     */
    void add(final MdView view, final EntryWriter entries, final long engineInNs, final long engineOutNs)
    {
        final PendingEntries pending = view.pending;
        if (!pending.isEmpty() && pending.length() + entries.buffer().position() > MAX_ENTRY_BYTES)
        {
            emit();
        }
        if (pending.isEmpty())
        {
            if (pendingViewCount == pendingViews.length)
            {
                pendingViews = Arrays.copyOf(pendingViews, pendingViewCount << 1);
            }
            pendingViews[pendingViewCount++] = view;
        }
        pending.add(entries, engineInNs, engineOutNs, added++);
    }

    /** Sends every pending entry to the sessions that subscribe to its view, then forgets them. */
    void emit()
    {
        if (pendingViewCount == 0)
        {
            return;
        }
        final long sendingTimeNs = clock.nanoTime();
        sendingTime.reset();
        timeEncoder.append(sendingTime, sendingTimeNs);
        for (int v = 0; v < pendingViewCount; v++)
        {
            final MdView view = pendingViews[v];
            for (int s = 0; s < view.subscriptionCount(); s++)
            {
                queue(view.subscription(s).session());
            }
        }
        for (int i = 0; i < sessionCount; i++)
        {
            final FixSession session = sessions[i];
            sessions[i] = null;
            session.incrementalsQueued = false;
            session.sendIncrementals(this);
        }
        sessionCount = 0;
        for (int v = 0; v < pendingViewCount; v++)
        {
            final MdView view = pendingViews[v];
            pendingViews[v] = null;
            final PendingEntries pending = view.pending;
            for (int e = 0; e < pending.events(); e++)
            {
                latency.onIncremental(view, pending.engineOutNs(e), sendingTimeNs);
            }
            pending.clear();
        }
        pendingViewCount = 0;
    }

    /**
     * Writes one session's messages: the pending entries of the views of {@code subscriptions}, in as few messages
     * as {@link #MAX_BODY_BYTES} allows. Called by the session ({@link FixSession#sendIncrementals}) during
     * {@link #emit()}.
     */
    void writeMessages(final List<Subscription> subscriptions, final SessionWriter writer)
    {
        final int size = subscriptions.size();
        int next = 0;
        while (next < size)
        {
            final int from = next;
            int entryBytes = 0;
            int count = 0;
            int checksum = 0;
            PendingEntries earliest = null;
            for (; next < size; next++)
            {
                final PendingEntries pending = subscriptions.get(next).view().pending;
                if (pending.isEmpty())
                {
                    continue;
                }
                if (count > 0 && entryBytes + pending.length() > MAX_ENTRY_BYTES)
                {
                    break;
                }
                entryBytes += pending.length();
                count += pending.count();
                checksum += pending.checksum();
                if (earliest == null || pending.firstAdded() < earliest.firstAdded())
                {
                    earliest = pending;
                }
            }
            if (count == 0)
            {
                return;
            }
            prefix.reset().field(ENGINE_IN, earliest.firstEngineInNs()).field(ENGINE_OUT, earliest.firstEngineOutNs())
                .field(NO_MD_ENTRIES, count);
            final int bodyLength = prefix.position() + entryBytes;
            final int headerSum = writer.beginShared(MSG_TYPE_X, sendingTime.bytes(), bodyLength);
            writer.bodyPart(prefix.bytes(), prefix.position());
            for (int i = from; i < next; i++)
            {
                final PendingEntries pending = subscriptions.get(i).view().pending;
                if (!pending.isEmpty())
                {
                    writer.bodyPart(pending.bytes(), pending.length());
                }
            }
            writer.endShared(headerSum + prefix.checksum(0, prefix.position()) + checksum, bodyLength);
            counters.entriesOut.add(count);
        }
    }

    private void queue(final FixSession session)
    {
        if (!session.incrementalsQueued)
        {
            session.incrementalsQueued = true;
            if (sessionCount == sessions.length)
            {
                sessions = Arrays.copyOf(sessions, sessionCount << 1);
            }
            sessions[sessionCount++] = session;
        }
    }
}
