package io.kairos.bench.fix;

import static io.kairos.fix.wire.FixTags.MD_ENTRY_ID;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_TYPE;
import static io.kairos.fix.wire.FixTags.RPT_SEQ;
import static io.kairos.fix.wire.FixTags.SYMBOL;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * The lean market-data subscribers: once a session is logged on, sends the MarketDataRequest (V) the QuickFIX/J
 * subscribers send ({@link MarketDataApplication}: every instrument, snapshot + updates, bids/offers/trades, the
 * order-by-order view by default); then reads snapshots (W) and incrementals (X) field by field in place: counts
 * entries, extracts each MDEntryID (278) as a number, and checks RptSeq (83) per session and symbol (a snapshot sets
 * the symbol's last RptSeq, each incremental entry must follow it by one; otherwise a gap is counted).
 * MarketDataRequestRejects (Y) are counted, and by reason ({@link RejectReasons}). Incrementals and their entries
 * received within the measured part ({@link MeasureWindow}) are also counted apart, for the rates of the measured
 * part. Called on the receiver thread; counters read after it is joined.
 */
final class LeanMarketDataAdapter implements LeanSession.Handler
{
    private final List<Instrument> instruments;
    private final SymbolIndex symbols;
    private final boolean orderByOrder;
    private final int depth;
    private final CountDownLatch subscribed;
    private final MeasureWindow window;
    private final RejectReasons rejectReasons;
    private final long[][] lastRptSeq;
    private long snapshots;
    private long incrementals;
    private long requestRejects;
    private long entries;
    private long entryIds;
    private long rptSeqGaps;
    private long measuredIncrementals;
    private long measuredEntries;

    /**
     * @param window        the measured part, for the incrementals counted apart
     * @param rejectReasons where MarketDataRequestRejects are counted by reason
     */
    LeanMarketDataAdapter(final List<Instrument> instruments, final int sessions, final boolean orderByOrder,
        final int depth, final CountDownLatch subscribed, final MeasureWindow window,
        final RejectReasons rejectReasons)
    {
        this.window = window;
        this.rejectReasons = rejectReasons;
        this.instruments = instruments;
        this.symbols = new SymbolIndex(instruments);
        this.orderByOrder = orderByOrder;
        this.depth = orderByOrder ? 0 : depth;
        this.subscribed = subscribed;
        lastRptSeq = new long[sessions][instruments.size()];
        for (final long[] row : lastRptSeq)
        {
            Arrays.fill(row, -1);
        }
    }

    /** Sends the subscription (allocates: once per session). */
    public void onLogon(final LeanSession session)
    {
        final FixWriter body = new FixWriter(256 + 32 * instruments.size());
        body.field(FixTags.MD_REQ_ID, session.senderCompId() + "-all");
        body.field(FixTags.SUBSCRIPTION_REQUEST_TYPE, '1').field(FixTags.MARKET_DEPTH, depth)
            .field(FixTags.MD_UPDATE_TYPE, '1');
        body.field(FixTags.AGGREGATED_BOOK, orderByOrder ? 'N' : 'Y');
        body.field(FixTags.NO_MD_ENTRY_TYPES, 3);
        for (final char entryType : new char[] {'0', '1', '2'})
        {
            body.field(MD_ENTRY_TYPE, entryType);
        }
        body.field(FixTags.NO_RELATED_SYM, instruments.size());
        for (final Instrument instrument : instruments)
        {
            body.field(SYMBOL, instrument.symbol().getBytes(StandardCharsets.US_ASCII));
        }
        session.send((byte)MsgTypes.MARKET_DATA_REQUEST, body.bytes(), body.position());
        subscribed.countDown();
    }

    public void onAppMessage(final LeanSession session, final byte msgType, final FixFieldIndex fields,
        final long receivedNs)
    {
        switch (msgType)
        {
            case MsgTypes.MARKET_DATA_SNAPSHOT_FULL_REFRESH ->
            {
                snapshots++;
                read(session, fields, true);
            }
            case MsgTypes.MARKET_DATA_INCREMENTAL_REFRESH ->
            {
                incrementals++;
                final int entriesRead = read(session, fields, false);
                if (window.contains(receivedNs))
                {
                    measuredIncrementals++;
                    measuredEntries += entriesRead;
                }
            }
            case MsgTypes.MARKET_DATA_REQUEST_REJECT ->
            {
                requestRejects++;
                rejectReasons.onReject(RejectReasons.MD_REQUEST_REJECT, fields, receivedNs);
            }
            default ->
            {
            }
        }
    }

    /** Reads a snapshot's or incremental's entries; returns how many it has. */
    private int read(final LeanSession session, final FixFieldIndex fields, final boolean snapshot)
    {
        final long[] last = lastRptSeq[session.index()];
        int symbol = -1;
        int read = 0;
        for (int field = 0; field < fields.count(); field++)
        {
            switch (fields.tag(field))
            {
                case MD_ENTRY_TYPE -> read++;
                case MD_ENTRY_ID ->
                {
                    if (fields.longAt(field) >= 0)
                    {
                        entryIds++;
                    }
                }
                case SYMBOL -> symbol = symbols.indexOf(fields.buffer(), fields.start(field), fields.end(field));
                case RPT_SEQ ->
                {
                    if (symbol >= 0)
                    {
                        checkRptSeq(last, symbol, fields.longAt(field), snapshot);
                    }
                }
                default ->
                {
                }
            }
        }
        entries += read;
        return read;
    }

    private void checkRptSeq(final long[] last, final int symbol, final long rptSeq, final boolean snapshot)
    {
        if (!snapshot && last[symbol] >= 0 && rptSeq != last[symbol] + 1)
        {
            rptSeqGaps++;
        }
        last[symbol] = rptSeq;
    }

    long snapshots()
    {
        return snapshots;
    }

    long incrementals()
    {
        return incrementals;
    }

    long requestRejects()
    {
        return requestRejects;
    }

    long entries()
    {
        return entries;
    }

    long entryIds()
    {
        return entryIds;
    }

    long rptSeqGaps()
    {
        return rptSeqGaps;
    }

    /** Incrementals received within the measured part. */
    long measuredIncrementals()
    {
        return measuredIncrementals;
    }

    /** Entries of the incrementals received within the measured part. */
    long measuredEntries()
    {
        return measuredEntries;
    }
}
