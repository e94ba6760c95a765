package io.kairos.it;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

import io.kairos.testsupport.InitiatorSettings;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.ScreenLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;

/**
 * A lean order-entry load from one JVM: one QuickFIX/J initiator with a session per CompID (in-memory
 * store, sequence numbers reset on logon, no data dictionary: only tags 11/37/39/150/151 are read), new
 * orders from an {@link OrderMix} sent at a constant total rate, round-robin over the sessions, order
 * {@code i} due at {@code start + i / rate} whatever happened before (a late sender catches up at once).
 * ClOrdID {@code O<i>} indexes preallocated per-order arrays, so every answer is counted by ClOrdID.
 *
 * <p>{@link #send} runs on the calling (test) thread; answers are recorded by QuickFIX/J's event thread
 * into atomic arrays, which the test thread reads after {@link #awaitAnswers}.
 */
final class OrderEntryLoad implements AutoCloseable
{
    /** Flag: a report said the order is on the book (OrdStatus new or partially filled, LeavesQty above 0). */
    static final int OPEN = 1;
    /** Flag: a report was a fill (ExecType F). */
    static final int TRADED = 2;
    /** Flag: a report was a reject (ExecType 8). */
    static final int REJECTED = 4;

    /** What the sender did: orders sent, the nanoTime of the first and last send, the largest lag behind plan. */
    record Sent(int orders, long firstSendNs, long lastSendNs, long maxLagNs)
    {
        double ratePerSecond()
        {
            return orders < 2 ? 0 : (orders - 1) * 1e9 / (lastSendNs - firstSendNs);
        }
    }

    private final List<SessionID> sessions;
    private final SocketInitiator initiator;
    private final SessionEvents events;
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger unknownAnswers = new AtomicInteger();
    private final AtomicLong lastFirstAnswerNs = new AtomicLong();
    private final AtomicIntegerArray reports;
    private final AtomicIntegerArray flags;
    private final AtomicReferenceArray<String> orderIds;
    private final boolean[] market;

    OrderEntryLoad(final int port, final List<String> compIds, final int capacity)
    {
        sessions = compIds.stream().map(id -> new SessionID("FIX.4.4", id, "KAIROS")).toList();
        events = new Answers(sessions.size());
        reports = new AtomicIntegerArray(capacity);
        flags = new AtomicIntegerArray(capacity);
        orderIds = new AtomicReferenceArray<>(capacity);
        market = new boolean[capacity];
        try
        {
            initiator = new SocketInitiator(events, new MemoryStoreFactory(), settings(port, sessions),
                new ScreenLogFactory(false, false, false), new DefaultMessageFactory());
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** Connects every session and waits until all are logged on; fails the test otherwise. */
    OrderEntryLoad logon(final long timeoutMs) throws ConfigError, InterruptedException
    {
        initiator.start();
        events.awaitLogons(timeoutMs);
        return this;
    }

    /** Sends {@code ratePerSecond × durationNs} orders from {@code mix}, round-robin over the sessions. */
    Sent send(final OrderMix mix, final double ratePerSecond, final long durationNs)
    {
        final int count = (int)Math.min(market.length, Math.round(ratePerSecond * durationNs / 1e9));
        final double periodNs = 1e9 / ratePerSecond;
        final long startNs = System.nanoTime();
        final List<Session> targets = sessions.stream().map(Session::lookupSession).toList();
        long maxLagNs = 0;
        long firstNs = 0;
        long lastNs = 0;
        for (int i = 0; i < count; i++)
        {
            final long dueNs = startNs + Math.round(i * periodNs);
            long nowNs = System.nanoTime();
            while (nowNs < dueNs)
            {
                LockSupport.parkNanos(dueNs - nowNs);
                nowNs = System.nanoTime();
            }
            maxLagNs = Math.max(maxLagNs, nowNs - dueNs);
            final OrderMix.Order order = mix.next();
            market[i] = order.market();
            final String clOrdId = "O" + i;
            final Message message = order.market()
                ? Orders.market(clOrdId, order.symbol(), order.side(), order.quantity())
                : Orders.limit(clOrdId, order.symbol(), order.side(), order.quantity(), order.price().toPlainString());
            final Session session = targets.get(i % targets.size());
            if (!session.send(message))
            {
                throw new AssertionError(session.getSessionID() + " not logged on when sending order " + i);
            }
            lastNs = System.nanoTime();
            if (i == 0)
            {
                firstNs = lastNs;
            }
        }
        return new Sent(count, firstNs, lastNs, maxLagNs);
    }

    /** Waits until orders [0, count) all have at least one ExecutionReport; returns how many do. */
    int awaitAnswers(final int count, final long timeoutMs)
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (answered.get() < count && System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(20);
        }
        return answered.get();
    }

    /** {@link System#nanoTime()} when the latest order got its first answer. */
    long lastFirstAnswerNs()
    {
        return lastFirstAnswerNs.get();
    }

    String orderId(final int order)
    {
        return orderIds.get(order);
    }

    boolean market(final int order)
    {
        return market[order];
    }

    boolean has(final int order, final int flag)
    {
        return (flags.get(order) & flag) != 0;
    }

    /** ExecutionReports whose ClOrdID names no order this load sent. */
    int unknownAnswers()
    {
        return unknownAnswers.get();
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

    private static SessionSettings settings(final int port, final List<SessionID> sessions)
    {
        final SessionSettings settings = InitiatorSettings.resetEachLogon(InitiatorSettings.loopback(port));
        settings.setString("UseDataDictionary", "N");
        sessions.forEach(id -> InitiatorSettings.addSession(settings, id));
        return settings;
    }

    /** QuickFIX/J callbacks, on its event thread: the session events, and each ExecutionReport. */
    private final class Answers extends SessionEvents
    {
        Answers(final int sessions)
        {
            super("order-entry", sessions);
        }

        @Override
        public void fromApp(final Message message, final SessionID id) throws FieldNotFound
        {
            if (!"8".equals(FixClient.type(message)))
            {
                return;
            }
            final String clOrdId = message.getString(11);
            final int order = clOrdId.startsWith("O") ? parse(clOrdId) : -1;
            if (order < 0 || order >= market.length)
            {
                unknownAnswers.incrementAndGet();
                return;
            }
            final char execType = message.getChar(150);
            final char ordStatus = message.getChar(39);
            int flag = 0;
            if (execType == '8')
            {
                flag |= REJECTED;
            }
            if (execType == 'F')
            {
                flag |= TRADED;
            }
            if ((ordStatus == '0' || ordStatus == '1') && message.getDecimal(151).signum() > 0)
            {
                flag |= OPEN;
            }
            final int f = flag;
            flags.getAndUpdate(order, v -> v | f);
            if (reports.getAndIncrement(order) == 0)
            {
                orderIds.set(order, message.isSetField(37) ? message.getString(37) : "");
                lastFirstAnswerNs.set(System.nanoTime());
                answered.incrementAndGet();
            }
        }

        private int parse(final String clOrdId)
        {
            try
            {
                return Integer.parseInt(clOrdId, 1, clOrdId.length(), 10);
            }
            catch (final NumberFormatException ex)
            {
                return -1;
            }
        }
    }
}
