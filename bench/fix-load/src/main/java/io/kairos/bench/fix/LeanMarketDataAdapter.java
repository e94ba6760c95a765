package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The lean market-data subscribers: once a session is logged on, sends the MarketDataRequest (V) the QuickFIX/J
 * subscribers send ({@link MarketDataApplication}: every instrument, snapshot + updates, bids/offers/trades, the
 * order-by-order view by default); then reads snapshots (W) and incrementals (X) field by field in place: counts
 * entries, extracts each MDEntryID (278) as a number, and checks RptSeq (83) per session and symbol (a snapshot sets
 * the symbol's last RptSeq, each incremental entry must follow it by one; otherwise a gap is counted).
 * MarketDataRequestRejects (Y) are counted. Called on the receiver thread; counters read after it is joined.
 */
final class LeanMarketDataAdapter implements LeanSession.Handler
{
    private final List<Instrument> instruments;
    private final SymbolIndex symbols;
    private final boolean orderByOrder;
    private final int depth;
    private final CountDownLatch subscribed;
    private final long[][] lastRptSeq;
    private long snapshots;
    private long incrementals;
    private long requestRejects;
    private long entries;
    private long entryIds;
    private long rptSeqGaps;

    LeanMarketDataAdapter(final List<Instrument> instruments, final int sessions, final boolean orderByOrder,
        final int depth, final CountDownLatch subscribed)
    {
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
        final AsciiBuffer body = new AsciiBuffer(256 + 32 * instruments.size());
        body.tag(262).ascii((session.senderCompId() + "-all").getBytes(StandardCharsets.US_ASCII)).soh();
        body.tag(263).character((byte)'1').soh().tag(264).number(depth).soh().tag(265).character((byte)'1').soh();
        body.tag(266).character((byte)(orderByOrder ? 'N' : 'Y')).soh();
        body.tag(267).number(3).soh();
        for (final byte entryType : new byte[] {'0', '1', '2'})
        {
            body.tag(269).character(entryType).soh();
        }
        body.tag(146).number(instruments.size()).soh();
        for (final Instrument instrument : instruments)
        {
            body.tag(55).ascii(instrument.symbol().getBytes(StandardCharsets.US_ASCII)).soh();
        }
        session.send((byte)'V', body.bytes(), body.position());
        subscribed.countDown();
    }

    public void onAppMessage(final LeanSession session, final byte msgType, final FixFieldIndex fields,
        final long receivedNs)
    {
        switch (msgType)
        {
            case 'W' ->
            {
                snapshots++;
                read(session, fields, true);
            }
            case 'X' ->
            {
                incrementals++;
                read(session, fields, false);
            }
            case 'Y' -> requestRejects++;
            default ->
            {
            }
        }
    }

    private void read(final LeanSession session, final FixFieldIndex fields, final boolean snapshot)
    {
        final long[] last = lastRptSeq[session.index()];
        final byte[] bytes = fields.buffer();
        int symbol = -1;
        for (int field = 0; field < fields.count(); field++)
        {
            switch (fields.tag(field))
            {
                case 269 -> entries++;
                case 278 ->
                {
                    if (fields.longValue(field) >= 0)
                    {
                        entryIds++;
                    }
                }
                case 55 -> symbol = symbols.indexOf(bytes, fields.start(field), fields.end(field));
                case 83 ->
                {
                    if (symbol >= 0)
                    {
                        checkRptSeq(last, symbol, fields.longValue(field), snapshot);
                    }
                }
                default ->
                {
                }
            }
        }
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
}
