package io.kairos.md;

import io.kairos.engine.Instrument;
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
    /** SessionRejectReason 16: NumInGroup does not match the group's entries. */
    static final int REJECT_INCORRECT_NUM_IN_GROUP = 16;
    static final int MAX_SYMBOLS = 256;
    private static final int TAG_NO_RELATED_SYM = 146;
    private static final int TAG_SYMBOL = 55;

    private final GatewayContext context;
    private final FixBuffer out = new FixBuffer(4096);
    private final EntryWriter snapshotEntries = new EntryWriter();
    private final Instrument[] instruments = new Instrument[MAX_SYMBOLS];

    MarketDataRequestHandler(final GatewayContext context)
    {
        this.context = context;
    }

    void onMarketDataRequest(final FixSession session, final FixMessage m, final long seq)
    {
        final int reqIdIndex = m.indexOf(262);
        if (reqIdIndex < 0)
        {
            session.reject(seq, 262, "V", FixSession.REJECT_REQUIRED_TAG_MISSING, "MDReqID(262) missing");
            return;
        }
        final String mdReqId = m.stringAt(reqIdIndex);
        final char requestType = m.charValue(263);
        if (requestType == 0)
        {
            session.reject(seq, 263, "V", FixSession.REJECT_REQUIRED_TAG_MISSING, "SubscriptionRequestType(263) missing");
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
            requestReject(session, mdReqId, REASON_UNSUPPORTED_SUBSCRIPTION_REQUEST_TYPE, "SubscriptionRequestType must be 0, 1 or 2");
            return;
        }
        final long depth = m.longValue(264);
        if (!m.has(264))
        {
            session.reject(seq, 264, "V", FixSession.REJECT_REQUIRED_TAG_MISSING, "MarketDepth(264) missing");
            return;
        }
        if (depth == FixMessage.NOT_A_NUMBER)
        {
            session.reject(seq, 264, "V", FixSession.REJECT_INCORRECT_DATA_FORMAT, "MarketDepth(264) must be a non-negative integer");
            return;
        }
        final char aggregated = m.charValue(266);
        if (m.has(266) && aggregated != 'Y' && aggregated != 'N')
        {
            session.reject(seq, 266, "V", FixSession.REJECT_VALUE_INCORRECT, "AggregatedBook(266) must be Y or N");
            return;
        }
        final boolean l3 = aggregated == 'N';
        final int mask = entryTypeMask(m);
        if (mask == 0)
        {
            session.reject(seq, 267, "V", FixSession.REJECT_REQUIRED_TAG_MISSING, "NoMDEntryTypes(267) with MDEntryType(269) missing");
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
        final FixSession session, final FixMessage m, final String mdReqId, final char requestType, final boolean l3,
        final long depth, final int mask, final int symbols)
    {
        if (symbols < 0)
        {
            requestReject(session, mdReqId, REASON_UNKNOWN_SYMBOL, "unknown symbol " + m.valueAt(-symbols - 1));
            return false;
        }
        if (mask < 0)
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MD_ENTRY_TYPE, "MDEntryType must be 0 (bid), 1 (offer) or 2 (trade)");
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
                limit + " subscriptions, it holds " + session.subscriptions.size() + " and asked for " + symbols + " more");
            return false;
        }
        if (l3 && depth != 0)
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MARKET_DEPTH, "the order-by-order view (266=N) is full depth only: MarketDepth must be 0");
            return false;
        }
        if (!l3 && depth > context.config.maxDepth())
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MARKET_DEPTH,
                "MarketDepth must be 0 (full book) or 1.." + context.config.maxDepth());
            return false;
        }
        final char updateType = m.charValue(265);
        if (requestType == '1' && m.has(265) && updateType != '1')
        {
            requestReject(session, mdReqId, REASON_UNSUPPORTED_MD_UPDATE_TYPE, "only incremental refresh (265=1) is supported");
            return false;
        }
        return true;
    }

    /** @return the mask of requested entry types, 0 when none, -1 when one is unsupported. */
    private static int entryTypeMask(final FixMessage m)
    {
        int mask = 0;
        for (int i = m.indexOf(269); i >= 0; i = m.indexOf(269, i + 1))
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
    private static boolean checkRelatedSymbols(final FixSession session, final FixMessage m, final long seq)
    {
        int entries = 0;
        for (int i = m.indexOf(TAG_SYMBOL); i >= 0; i = m.indexOf(TAG_SYMBOL, i + 1))
        {
            entries++;
        }
        final int index = m.indexOf(TAG_NO_RELATED_SYM);
        if (index < 0 || entries == 0)
        {
            session.reject(seq, index < 0 ? TAG_NO_RELATED_SYM : TAG_SYMBOL, "V", FixSession.REJECT_REQUIRED_TAG_MISSING,
                "NoRelatedSym(146) with Symbol(55) missing");
            return false;
        }
        final long declared = m.longAt(index);
        if (declared == FixMessage.NOT_A_NUMBER)
        {
            session.reject(seq, TAG_NO_RELATED_SYM, "V", FixSession.REJECT_INCORRECT_DATA_FORMAT,
                "NoRelatedSym(146) must be a non-negative integer");
            return false;
        }
        if (declared < 1 || declared > MAX_SYMBOLS)
        {
            session.reject(seq, TAG_NO_RELATED_SYM, "V", FixSession.REJECT_VALUE_INCORRECT,
                "NoRelatedSym(146) must be in [1, " + MAX_SYMBOLS + "], was " + declared);
            return false;
        }
        if (declared != entries)
        {
            session.reject(seq, TAG_NO_RELATED_SYM, "V", REJECT_INCORRECT_NUM_IN_GROUP,
                "NoRelatedSym(146) is " + declared + " but the request has " + entries + " Symbol(55) entries");
            return false;
        }
        return true;
    }

    /**
     * Resolves every Symbol(55), once each: a symbol named again in the same request adds nothing (one snapshot, one
     * subscription). @return the count of distinct instruments, or {@code -(index + 1)} of the first unknown symbol's field.
     */
    private int collectSymbols(final FixMessage m)
    {
        int count = 0;
        for (int i = m.indexOf(TAG_SYMBOL); i >= 0 && count < MAX_SYMBOLS; i = m.indexOf(TAG_SYMBOL, i + 1))
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
        final FixBuffer entries = snapshotEntries.buffer();
        out.reset().field(262, mdReqId).field(55, feed.symbolBytes, 0, feed.symbolBytes.length).field(83, view.rptSeq)
            .field(268, snapshotEntries.count()).appendBytes(entries.bytes(), 0, entries.length());
        session.send('W', out);
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
        out.reset().field(262, mdReqId);
        if (reason != 0)
        {
            out.field(281, reason);
        }
        out.field(58, text);
        session.send('Y', out);
    }
}
