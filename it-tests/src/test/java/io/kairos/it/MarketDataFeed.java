package io.kairos.it;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.testsupport.InitiatorSettings;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Group;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.ScreenLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.ThreadedSocketInitiator;

/**
 * Market-data subscribers on one QuickFIX/J initiator with a thread per session (in-memory store, sequence reset on
 * logon, the FIX44 dictionary for the repeating groups, user-defined stamp tags allowed): each session subscribes
 * to every symbol once logged on, order by order (266=N, full depth, bids, offers and trades) or by
 * price level (266=Y, top 5, bids and offers: trade entries carry the aggressor's OrderID in 278, which
 * would add to latency-tool's ring of ticks seen before their ack), and counts snapshots (W), incrementals (X)
 * and request rejects (Y). An order-by-order subscriber also remembers every OrderID an incremental named in a
 * new-order or trade entry (MDEntryID 278), so the test can check that each order that rested or traded reached
 * it.
 *
 * <p>Callbacks run on QuickFIX/J's session threads; everything they write is concurrent.
 */
final class MarketDataFeed implements AutoCloseable
{
    /** One subscriber: its CompID and whether it takes the order-by-order view. */
    record Subscriber(String compId, boolean orderByOrder)
    {
    }

    private final List<String> symbols;
    private final Map<SessionID, Subscriber> subscribers = new HashMap<>();
    private final Map<String, Set<String>> orderIdsSeen = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> incrementals = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> snapshots = new ConcurrentHashMap<>();
    private final AtomicInteger requestRejects = new AtomicInteger();
    private final AtomicInteger sessionRejects = new AtomicInteger();
    private final SessionEvents events;
    private final ThreadedSocketInitiator initiator;

    MarketDataFeed(final int port, final List<Subscriber> subscribers, final List<String> symbols)
    {
        this.symbols = List.copyOf(symbols);
        final SessionSettings settings = settings(port);
        for (final Subscriber subscriber : subscribers)
        {
            final SessionID id = new SessionID("FIX.4.4", subscriber.compId(), "KAIROS-MD");
            this.subscribers.put(InitiatorSettings.addSession(settings, id), subscriber);
            orderIdsSeen.put(subscriber.compId(), ConcurrentHashMap.newKeySet());
            incrementals.put(subscriber.compId(), new AtomicLong());
            snapshots.put(subscriber.compId(), new AtomicInteger());
        }
        events = new Updates(subscribers.size());
        try
        {
            initiator = new ThreadedSocketInitiator(events, new MemoryStoreFactory(), settings,
                new ScreenLogFactory(false, false, false), new DefaultMessageFactory());
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** Connects, waits for every logon and for every subscriber's snapshot of every symbol. */
    MarketDataFeed subscribe(final long timeoutMs) throws ConfigError, InterruptedException
    {
        initiator.start();
        final long deadline = System.currentTimeMillis() + timeoutMs;
        events.awaitLogons(timeoutMs);
        while (snapshots.values().stream().anyMatch(count -> count.get() < symbols.size()) &&
            System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(20);
        }
        if (snapshots.values().stream().anyMatch(count -> count.get() < symbols.size()))
        {
            throw new AssertionError("snapshots per subscriber " + snapshots + " (expected " + symbols.size() +
                " each), " +
                requestRejects + " request rejects");
        }
        return this;
    }

    /**
     * Waits until every order-by-order subscriber has seen every OrderID of {@code orderIds}.
     *
     * @return per subscriber CompID, the OrderIDs it has not seen (empty maps to nothing missing)
     */
    Map<String, Set<String>> awaitOrderIds(final Set<String> orderIds, final long timeoutMs)
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        Map<String, Set<String>> missing = missing(orderIds);
        while (!missing.isEmpty() && System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(50);
            missing = missing(orderIds);
        }
        return missing;
    }

    long incrementals(final String compId)
    {
        return incrementals.get(compId).get();
    }

    int requestRejects()
    {
        return requestRejects.get();
    }

    int sessionRejects()
    {
        return sessionRejects.get();
    }

    /** Logons, logouts and ResendRequests of this client's sessions. */
    SessionEvents sessionEvents()
    {
        return events;
    }

    @Override
    public void close()
    {
        initiator.stop();
    }

    private Map<String, Set<String>> missing(final Set<String> orderIds)
    {
        final Map<String, Set<String>> missing = new HashMap<>();
        for (final Subscriber subscriber : subscribers.values())
        {
            if (subscriber.orderByOrder())
            {
                final Set<String> seen = orderIdsSeen.get(subscriber.compId());
                final Set<String> notSeen = new TreeSet<>();
                orderIds.stream().filter(id -> !seen.contains(id)).forEach(notSeen::add);
                if (!notSeen.isEmpty())
                {
                    missing.put(subscriber.compId(), notSeen);
                }
            }
        }
        return missing;
    }

    private static SessionSettings settings(final int port)
    {
        return FixClient.useFix44Dictionary(InitiatorSettings.resetEachLogon(InitiatorSettings.loopback(port)), false);
    }

    /** QuickFIX/J callbacks, on its session threads: the session events, a request per symbol, the updates. */
    private final class Updates extends SessionEvents
    {
        Updates(final int sessions)
        {
            super("market-data", sessions);
        }

        @Override
        public void onLogon(final SessionID id)
        {
            final Subscriber subscriber = subscribers.get(id);
            final Session session = Session.lookupSession(id);
            for (final String symbol : symbols)
            {
                session.send(request(subscriber, symbol));
            }
            super.onLogon(id);
        }

        @Override
        public void fromAdmin(final Message message, final SessionID id)
        {
            if ("3".equals(FixClient.type(message)))
            {
                sessionRejects.incrementAndGet();
            }
        }

        @Override
        public void fromApp(final Message message, final SessionID id) throws FieldNotFound
        {
            final Subscriber subscriber = subscribers.get(id);
            switch (FixClient.type(message))
            {
                case "W" -> snapshots.get(subscriber.compId()).incrementAndGet();
                case "Y" -> requestRejects.incrementAndGet();
                case "X" ->
                {
                    incrementals.get(subscriber.compId()).incrementAndGet();
                    if (subscriber.orderByOrder())
                    {
                        remember(message, orderIdsSeen.get(subscriber.compId()));
                    }
                }
                default ->
                {
                }
            }
        }

        /** Order by order: bids, offers and trades, full depth. By level: bids and offers, top 5 (no trade entries). */
        private Message request(final Subscriber subscriber, final String symbol)
        {
            final String requestId = subscriber.compId() + "-" + symbol;
            return subscriber.orderByOrder() ? Orders.subscribe(requestId, symbol, 0, 'N', '0', '1', '2') :
                Orders.subscribe(requestId, symbol, 5, 'Y', '0', '1');
        }

        private void remember(final Message incremental, final Set<String> seen) throws FieldNotFound
        {
            for (final Group entry : incremental.getGroups(268))
            {
                final boolean added = entry.isSetField(279) && entry.getChar(279) == '0';
                if (added && entry.isSetField(278))
                {
                    seen.add(entry.getString(278));
                }
            }
        }
    }
}
