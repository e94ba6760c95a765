package io.kairos.md;

import java.util.Arrays;

import io.kairos.engine.BookEvent;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.Side;
import io.kairos.engine.TradingStatus;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;
import io.kairos.l3.L3Book;
import io.kairos.l3.L3BookSet;
import io.kairos.l3.L3Result;
import io.kairos.l3.Sides;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.ringbuffer.RingBuffer;

/**
 * Drains the book events the engine threads queued ({@link BookEventDescriptor}), applies each to
 * the gateway's {@link L3BookSet}, then, for every view of the instrument, encodes the event's incremental entries
 * once and queues them in the view's pending entries; at the end of the drained batch {@link IncrementalFanOut} gives
 * every subscriber one incremental (35=X) with the entries of all its views (natural batching: nothing waits for more
 * events), each session adding only its header and trailer. A trading status change (STATUS) is not a book
 * change: it is kept per instrument and sent to every subscriber as a SecurityStatus (35=f,
 * {@link SecurityStatusEncoder}), after the incrementals queued before it. Sessions written to are flushed
 * once per drained batch (one write each). Allocation-free in steady state. Owned by the
 * gateway's event loop.
 */
final class BookEventPoller implements MessageHandler
{
    static final int BATCH_LIMIT = 4096;
    private static final byte MSG_TYPE_F = MsgTypes.SECURITY_STATUS;

    private final RingBuffer ring;
    private final L3BookSet books;
    private final InstrumentFeed[] feeds;
    private final TradingStatus[] statuses;
    private final EpochNanoClock clock;
    private final MdCounters counters;
    private final IncrementalFanOut incrementals;
    private final BookUpdate update = new BookUpdate();
    private final EntryWriter entries = new EntryWriter();
    private final FixWriter body = new FixWriter(1024);
    private final FixWriter sendingTime = new FixWriter(SendingTimeEncoder.LENGTH);
    private final SendingTimeEncoder timeEncoder = new SendingTimeEncoder();
    private FixSession[] dirty = new FixSession[16];
    private int dirtyCount;
    private volatile long lastFanOutNs;
    private volatile long fanOuts;

    BookEventPoller(
        final RingBuffer ring, final ReferenceData referenceData, final EpochNanoClock clock, final MdCounters counters,
        final MdLatency latency)
    {
        this.ring = ring;
        incrementals = new IncrementalFanOut(clock, counters, latency);
        this.clock = clock;
        this.counters = counters;
        books = new L3BookSet(referenceData.maxId(), 64 * 1024, 64);
        feeds = new InstrumentFeed[referenceData.maxId() + 1];
        statuses = new TradingStatus[referenceData.maxId() + 1];
        Arrays.fill(statuses, TradingStatus.OPEN);
    }

    /** The instrument's trading status as the last STATUS event said (open until one says otherwise). */
    TradingStatus status(final int instrumentId)
    {
        return statuses[instrumentId];
    }

    /** Drains everything queued, in batches, then flushes the sessions written to. @return events processed. */
    int poll()
    {
        int total = 0;
        int read;
        do
        {
            read = ring.read(this, BATCH_LIMIT);
            if (read < BATCH_LIMIT)
            {
                // One read stops at the end of the ring's buffer: events written after the wrap need a second one.
                read += ring.read(this, BATCH_LIMIT - read);
            }
            total += read;
            incrementals.emit();
            flushDirtySessions();
        }
        while (read == BATCH_LIMIT);
        return total;
    }

    L3BookSet books()
    {
        return books;
    }

    /** The feed of an instrument, created (allocating) on first use; null for an unknown id. */
    InstrumentFeed feed(final Instrument instrument)
    {
        InstrumentFeed feed = feeds[instrument.id()];
        if (feed == null)
        {
            feed = new InstrumentFeed(instrument);
            feeds[instrument.id()] = feed;
        }
        return feed;
    }

    /**
     * Nanoseconds from the engine listener's enqueue of the last fanned-out event to the end of its flush (for
     * benchmarks).
     */
    long lastFanOutNs()
    {
        return lastFanOutNs;
    }

    /** Drained batches whose writes were flushed to at least one session (single writer: the event loop). */
    long fanOuts()
    {
        return fanOuts;
    }

    /** A session that was written to and must be flushed at the end of this batch. */
    void markDirty(final FixSession session)
    {
        if (!session.dirty)
        {
            session.dirty = true;
            if (dirtyCount == dirty.length)
            {
                dirty = Arrays.copyOf(dirty, dirtyCount << 1);
            }
            dirty[dirtyCount++] = session;
        }
    }

    @Override
    public void onMessage(final int msgTypeId, final org.agrona.MutableDirectBuffer buffer, final int index,
        final int length)
    {
        onEvent(buffer, index);
    }

    private void onEvent(final DirectBuffer buffer, final int index)
    {
        BookEventDescriptor.read(buffer, index, update);
        if (update.type == BookEvent.Type.STATUS)
        {
            onStatus(update);
            return;
        }
        if (apply(update) != L3Result.OK)
        {
            counters.bookInconsistencies.increment();
        }
        final InstrumentFeed feed = update.instrumentId >= 0 && update.instrumentId < feeds.length
            ? feeds[update.instrumentId] : null;
        if (feed == null || feed.viewCount() == 0)
        {
            return;
        }
        final L3Book book = books.book(update.instrumentId);
        for (int v = 0; v < feed.viewCount(); v++)
        {
            final MdView view = feed.view(v);
            entries.begin(feed.symbolBytes, view.entryTypeMask, view.rptSeq);
            view.encoder.encodeUpdate(update, book, entries);
            if (entries.count() > 0)
            {
                view.rptSeq = entries.rptSeq();
                incrementals.add(view, entries, update.engineInNs, update.engineOutNs);
            }
        }
    }

    private void onStatus(final BookUpdate u)
    {
        if (u.instrumentId < 0 || u.instrumentId >= statuses.length || u.tradingStatus == null)
        {
            counters.bookInconsistencies.increment();
            return;
        }
        statuses[u.instrumentId] = u.tradingStatus;
        final InstrumentFeed feed = feeds[u.instrumentId];
        if (feed == null || feed.viewCount() == 0)
        {
            return;
        }
        // the incrementals queued before the status go first: a subscriber must not see them after it
        incrementals.emit();
        SecurityStatusEncoder.change(body, feed.symbolBytes, u.tradingStatus, u.engineInNs, u.engineOutNs);
        sendingTime.reset();
        timeEncoder.append(sendingTime, clock.nanoTime());
        final int bodyLength = body.position();
        final int bodyChecksum = body.checksum(0, bodyLength);
        for (int v = 0; v < feed.viewCount(); v++)
        {
            final MdView view = feed.view(v);
            for (int s = view.subscriptionCount() - 1; s >= 0; s--)
            {
                if (s < view.subscriptionCount())
                {
                    view.subscription(s).session().sendMarketData(MSG_TYPE_F, body.bytes(), bodyLength, bodyChecksum,
                        sendingTime.bytes());
                }
            }
        }
    }

    private int apply(final BookUpdate u)
    {
        final int side = u.side == Side.BUY ? Sides.BID : Sides.ASK;
        switch (u.type)
        {
            case ADD:
                return books.add(u.instrumentId, u.orderId, side, u.price, u.quantity);
            case MODIFY_KEEP_PRIORITY:
                return books.modifyKeepPriority(u.orderId, u.quantity);
            case MODIFY_LOSE_PRIORITY:
                u.previousPrice = books.orderPrice(u.orderId);
                return books.modifyLosePriority(u.orderId, u.price, u.quantity);
            case DELETE:
                return books.delete(u.orderId);
            default:
                return books.execute(u.orderId, u.tradeQuantity, u.quantity);
        }
    }

    private void flushDirtySessions()
    {
        if (dirtyCount == 0)
        {
            return;
        }
        for (int i = 0; i < dirtyCount; i++)
        {
            dirty[i].dirty = false;
            dirty[i].flush();
            dirty[i] = null;
        }
        dirtyCount = 0;
        lastFanOutNs = System.nanoTime() - update.enqueuedNanoTime;
        fanOuts = fanOuts + 1;
    }
}
