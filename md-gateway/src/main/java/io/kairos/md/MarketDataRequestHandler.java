package io.kairos.md;

import static io.kairos.fix.wire.FixTags.AGGREGATED_BOOK;
import static io.kairos.fix.wire.FixTags.MARKET_DEPTH;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_TYPE;
import static io.kairos.fix.wire.FixTags.MD_REQ_ID;
import static io.kairos.fix.wire.FixTags.MD_REQ_REJ_REASON;
import static io.kairos.fix.wire.FixTags.MD_UPDATE_TYPE;
import static io.kairos.fix.wire.FixTags.NO_MD_ENTRIES;
import static io.kairos.fix.wire.FixTags.NO_MD_ENTRY_TYPES;
import static io.kairos.fix.wire.FixTags.NO_RELATED_SYM;
import static io.kairos.fix.wire.FixTags.RPT_SEQ;
import static io.kairos.fix.wire.FixTags.SUBSCRIPTION_REQUEST_TYPE;
import static io.kairos.fix.wire.FixTags.SYMBOL;
import static io.kairos.fix.wire.FixTags.TEXT;

import io.kairos.engine.Instrument;
import io.kairos.engine.TradingStatus;
import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;
import io.kairos.l3.L3Book;

/**
 * Serves MarketDataRequest (35=V): validates it, answers problems with MarketDataRequestReject
 * (35=Y, 281 reason) or a session Reject (35=3) for a malformed request, and otherwise sends one
 * MarketDataSnapshotFullRefresh (35=W) per symbol and, for 263=1, subscribes the session to the
 * matching view so the incrementals (35=X) that follow continue the snapshot's RptSeq (83). 263=2
 * removes the subscriptions made under that MDReqID. Allocates (subscription objects, snapshot
 * buffers): subscribing is not on the per-update path. Owned by the gateway's event loop.
 */
final class MarketDataRequestHandler
{
    static final char REASON_UNKNOWN_SYMBOL = '0';
    static final char REASON_DUPLICATE_MD_REQ_ID = '1';
    static final char REASON_UNSUPPORTED_SUBSCRIPTION_REQUEST_TYPE = '4';
    static final char REASON_UNSUPPORTED_MARKET_DEPTH = '5';
    static final char REASON_UNSUPPORTED_MD_UPDATE_TYPE = '6';
    static final char REASON_UNSUPPORTED_AGGREGATED_BOOK = '7';
    static final char REASON_UNSUPPORTED_MD_ENTRY_TYPE = '8';
    /** MDReqRejReason 2, InsufficientBandwidth: the session's subscription cap would be passed. */
    static final char REASON_INSUFFICIENT_BANDWIDTH = '2';
    static final int MAX_SYMBOLS = 256;

    private final GatewayContext context;
    private final FixWriter out = new FixWriter(4096);
    private final EntryWriter snapshotEntries = new EntryWriter();
    private final Instrument[] instruments = new Instrument[MAX_SYMBOLS];

    private final String snapshotLimitText;

    MarketDataRequestHandler(final GatewayContext context)
    {
        this.context = context;
        snapshotLimitText = "more than " + context.config.maxSnapshotRequestsPerSecond() +
            " snapshot requests (263=0) per second (" +
            MarketDataGatewayConfig.MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME + ")";
    }

    void onMarketDataRequest(final FixSession session, final FixFieldIndex m, final long seq)
    {
        final int reqIdIndex = m.find(MD_REQ_ID);
        if (reqIdIndex < 0)
        {
            session.reject(seq, MD_REQ_ID, "V", RejectReasons.REQUIRED_TAG_MISSING, "MDReqID(262) missing");
            return;
        }
        final String mdReqId = m.stringAt(reqIdIndex);
        final char requestType = m.charValue(SUBSCRIPTION_REQUEST_TYPE);
        if (requestType == 0)
        {
            session.reject(seq, SUBSCRIPTION_REQUEST_TYPE, "V", RejectReasons.REQUIRED_TAG_MISSING,
                "SubscriptionRequestType(263) missing");
            return;
        }
        if (requestType == '2')
        {
            if (!unsubscribe(session, mdReqId))
            {
                requestReject(session, mdReqId, (char)0, "no subscription with MDReqID " + mdReqId);
            }
            return;
        }
        if (requestType != '0' && requestType != '1')
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_SUBSCRIPTION_REQUEST_TYPE,
                "SubscriptionRequestType must be 0, 1 or 2");
            return;
        }
        if (requestType == '0' && !session.takeSnapshotRequest(
            context.clock.nanoTime() / 1_000_000_000L, context.config.maxSnapshotRequestsPerSecond()))
        {
            context.counters.snapshotRequestsRefused.increment();
            requestReject(session, mdReqId, REASON_INSUFFICIENT_BANDWIDTH, snapshotLimitText);
            return;
        }
        final long depth = m.longValue(MARKET_DEPTH);
        if (!m.has(MARKET_DEPTH))
        {
            session.reject(seq, MARKET_DEPTH, "V", RejectReasons.REQUIRED_TAG_MISSING, "MarketDepth(264) missing");
            return;
        }
        if (depth == FixFieldIndex.NOT_A_NUMBER)
        {
            session.reject(seq, MARKET_DEPTH, "V", RejectReasons.INCORRECT_DATA_FORMAT,
                "MarketDepth(264) must be a non-negative integer");
            return;
        }
        final char aggregated = m.charValue(AGGREGATED_BOOK);
        if (m.has(AGGREGATED_BOOK) && aggregated != 'Y' && aggregated != 'N')
        {
            session.reject(seq, AGGREGATED_BOOK, "V", RejectReasons.VALUE_INCORRECT,
                "AggregatedBook(266) must be Y or N");
            return;
        }
        final boolean l3 = aggregated == 'N';
        final int mask = entryTypeMask(m);
        if (mask == 0)
        {
            session.reject(seq, NO_MD_ENTRY_TYPES, "V", RejectReasons.REQUIRED_TAG_MISSING,
                "NoMDEntryTypes(267) with MDEntryType(269) missing");
            return;
        }
        if (!checkRelatedSymbols(session, m, seq))
        {
            return;
        }
        final int symbols = collectSymbols(m);
        if (!validate(session, m, mdReqId, requestType, l3, depth, mask, symbols))
        {
            return;
        }
        for (int i = 0; i < symbols; i++)
        {
            subscribe(session, mdReqId, instruments[i], l3, (int)depth, mask, requestType == '1');
            instruments[i] = null;
        }
    }

    private boolean validate(
        final FixSession session, final FixFieldIndex m, final String mdReqId, final char requestType, final boolean l3,
        final long depth, final int mask, final int symbols)
    {
        if (symbols < 0)
        {
            requestReject(session, mdReqId, REASON_UNKNOWN_SYMBOL, "unknown symbol " + m.valueAt(-symbols - 1));
            return false;
        }
        if (mask < 0)
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MD_ENTRY_TYPE,
                "MDEntryType must be 0 (bid), 1 (offer) or 2 (trade)");
            return false;
        }
        if (requestType == '1' && hasSubscription(session, mdReqId))
        {
            requestReject(session, mdReqId, REASON_DUPLICATE_MD_REQ_ID, "duplicate MDReqID " + mdReqId);
            return false;
        }
        final int limit = context.config.maxSubscriptionsPerSession();
        if (requestType == '1' && session.subscriptions.size() + symbols > limit)
        {
            requestReject(session, mdReqId, REASON_INSUFFICIENT_BANDWIDTH, "subscription limit: a session may hold " +
                limit + " subscriptions, it holds " + session.subscriptions.size() + " and asked for " + symbols
                    + " more");
            return false;
        }
        if (l3 && depth != 0)
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MARKET_DEPTH,
                "the order-by-order view (266=N) is full depth only: MarketDepth must be 0");
            return false;
        }
        if (!l3 && depth > context.config.maxDepth())
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MARKET_DEPTH,
                "MarketDepth must be 0 (full book) or 1.." + context.config.maxDepth());
            return false;
        }
        final char updateType = m.charValue(MD_UPDATE_TYPE);
        if (requestType == '1' && m.has(MD_UPDATE_TYPE) && updateType != '1')
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MD_UPDATE_TYPE,
                "only incremental refresh (265=1) is supported");
            return false;
        }
        return true;
    }

    /** @return the mask of requested entry types, 0 when none, -1 when one is unsupported. */
    private static int entryTypeMask(final FixFieldIndex m)
    {
        int mask = 0;
        for (int i = m.find(MD_ENTRY_TYPE); i >= 0; i = m.find(MD_ENTRY_TYPE, i + 1))
        {
            final char type = m.charAt(i);
            if (type < '0' || type > '2')
            {
                return -1;
            }
            mask |= 1 << (type - '0');
        }
        return mask;
    }

    /**
     * NoRelatedSym (146) must be present, a number in [1, {@value #MAX_SYMBOLS}], and equal to the count of Symbol (55)
     * entries; otherwise a session Reject (35=3) with 371=146 and the reason. @return true when it is.
     */
    private static boolean checkRelatedSymbols(final FixSession session, final FixFieldIndex m, final long seq)
    {
        int entries = 0;
        for (int i = m.find(SYMBOL); i >= 0; i = m.find(SYMBOL, i + 1))
        {
            entries++;
        }
        final int index = m.find(NO_RELATED_SYM);
        if (index < 0 || entries == 0)
        {
            session.reject(seq, index < 0 ? NO_RELATED_SYM : SYMBOL, "V", RejectReasons.REQUIRED_TAG_MISSING,
                "NoRelatedSym(146) with Symbol(55) missing");
            return false;
        }
        final long declared = m.longAt(index);
        if (declared == FixFieldIndex.NOT_A_NUMBER)
        {
            session.reject(seq, NO_RELATED_SYM, "V", RejectReasons.INCORRECT_DATA_FORMAT,
                "NoRelatedSym(146) must be a non-negative integer");
            return false;
        }
        if (declared < 1 || declared > MAX_SYMBOLS)
        {
            session.reject(seq, NO_RELATED_SYM, "V", RejectReasons.VALUE_INCORRECT,
                "NoRelatedSym(146) must be in [1, " + MAX_SYMBOLS + "], was " + declared);
            return false;
        }
        if (declared != entries)
        {
            session.reject(seq, NO_RELATED_SYM, "V", RejectReasons.INCORRECT_NUM_IN_GROUP,
                "NoRelatedSym(146) is " + declared + " but the request has " + entries + " Symbol(55) entries");
            return false;
        }
        return true;
    }

    /**
     * Resolves every Symbol(55), once each: a symbol named again in the same request adds nothing (one snapshot, one
     * subscription). @return the count of distinct instruments, or {@code -(index + 1)} of the first unknown symbol's
     * field.
     */
    private int collectSymbols(final FixFieldIndex m)
    {
        int count = 0;
        for (int i = m.find(SYMBOL); i >= 0 && count < MAX_SYMBOLS; i = m.find(SYMBOL, i + 1))
        {
            final Instrument instrument = context.referenceData.bySymbol(m.valueAt(i));
            if (instrument == null)
            {
                java.util.Arrays.fill(instruments, null);
                return -(i + 1);
            }
            if (!contains(instrument, count))
            {
                instruments[count++] = instrument;
            }
        }
        return count;
    }

    private boolean contains(final Instrument instrument, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            if (instruments[i] == instrument)
            {
                return true;
            }
        }
        return false;
    }

    private void subscribe(
        final FixSession session, final String mdReqId, final Instrument instrument, final boolean l3, final int depth,
        final int mask, final boolean keep)
    {
        final InstrumentFeed feed = context.poller.feed(instrument);
        final L3Book book = context.poller.books().book(instrument.id());
        final MdView view = feed.viewFor(l3, depth, mask, book);
        snapshotEntries.begin(feed.symbolBytes, mask, view.rptSeq);
        view.encoder.encodeSnapshot(book, snapshotEntries);
        final FixWriter entries = snapshotEntries.buffer();
        out.reset().field(MD_REQ_ID, mdReqId).field(SYMBOL, feed.symbolBytes, 0, feed.symbolBytes.length)
            .field(RPT_SEQ, view.rptSeq)
            .field(NO_MD_ENTRIES, snapshotEntries.count()).bytes(entries.bytes(), 0, entries.position());
        session.send(MsgTypes.MARKET_DATA_SNAPSHOT_FULL_REFRESH, out);
        final TradingStatus status = context.poller.status(instrument.id());
        if (status != TradingStatus.OPEN)
        {
            session.send(MsgTypes.SECURITY_STATUS, SecurityStatusEncoder.current(out, feed.symbolBytes, status));
        }
        if (keep)
        {
            final Subscription subscription = new Subscription(session, mdReqId, feed, view);
            view.add(subscription);
            session.subscriptions.add(subscription);
            context.updateSubscriptionGauge(1);
        }
        else
        {
            feed.dropIfUnused(view);
        }
    }

    private static boolean hasSubscription(final FixSession session, final String mdReqId)
    {
        for (final Subscription subscription : session.subscriptions)
        {
            if (subscription.mdReqId().equals(mdReqId))
            {
                return true;
            }
        }
        return false;
    }

    /** @return true when at least one subscription had this MDReqID. */
    boolean unsubscribe(final FixSession session, final String mdReqId)
    {
        boolean found = false;
        for (int i = session.subscriptions.size() - 1; i >= 0; i--)
        {
            final Subscription subscription = session.subscriptions.get(i);
            if (subscription.mdReqId().equals(mdReqId))
            {
                remove(subscription);
                session.subscriptions.remove(i);
                found = true;
            }
        }
        return found;
    }

    void unsubscribeAll(final FixSession session)
    {
        for (final Subscription subscription : session.subscriptions)
        {
            remove(subscription);
        }
        session.subscriptions.clear();
    }

    private void remove(final Subscription subscription)
    {
        if (subscription.view().remove(subscription))
        {
            context.updateSubscriptionGauge(-1);
        }
        subscription.feed().dropIfUnused(subscription.view());
    }

    private void requestReject(final FixSession session, final String mdReqId, final char reason, final String text)
    {
        out.reset().field(MD_REQ_ID, mdReqId);
        if (reason != 0)
        {
            out.field(MD_REQ_REJ_REASON, reason);
        }
        out.field(TEXT, text);
        session.send(MsgTypes.MARKET_DATA_REQUEST_REJECT, out);
    }
}
