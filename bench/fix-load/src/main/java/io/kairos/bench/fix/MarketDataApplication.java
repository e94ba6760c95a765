package io.kairos.bench.fix;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import quickfix.Application;
import quickfix.Group;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;

/**
 * QuickFIX/J callbacks of the market-data subscribers: Username/Password on Logon, one MarketDataRequest (V) for all
 * instruments once logged on (snapshot + incremental updates, the order-by-order view by default so that MDEntryID
 * 278 carries the OrderID the order-to-tick correlation needs), and counts of what arrives. Called on the QuickFIX/J
 * event thread; counters are atomic.
 */
final class MarketDataApplication implements Application
{
    private final List<Instrument> instruments;
    private final Map<SessionID, String> passwords;
    private final boolean orderByOrder;
    private final int depth;
    private final CountDownLatch loggedOn;
    private final AtomicLong snapshots = new AtomicLong();
    private final AtomicLong incrementals = new AtomicLong();
    private final AtomicLong requestRejects = new AtomicLong();

    MarketDataApplication(final List<Instrument> instruments, final Map<SessionID, String> passwords,
        final boolean orderByOrder, final int depth, final CountDownLatch loggedOn)
    {
        this.instruments = instruments;
        this.passwords = passwords;
        this.orderByOrder = orderByOrder;
        this.depth = orderByOrder ? 0 : depth;
        this.loggedOn = loggedOn;
    }

    long snapshots()
    {
        return snapshots.get();
    }

    long incrementals()
    {
        return incrementals.get();
    }

    long requestRejects()
    {
        return requestRejects.get();
    }

    public void onCreate(final SessionID sessionId)
    {
    }

    public void onLogon(final SessionID sessionId)
    {
        final Message request = new Message();
        request.getHeader().setString(35, "V");
        request.setString(262, sessionId.getSenderCompID() + "-all");
        request.setChar(263, '1');
        request.setInt(264, depth);
        request.setChar(265, '1');
        request.setChar(266, orderByOrder ? 'N' : 'Y');
        for (final char entryType : new char[] {'0', '1', '2'})
        {
            final Group group = new Group(267, 269);
            group.setChar(269, entryType);
            request.addGroup(group);
        }
        for (final Instrument instrument : instruments)
        {
            final Group group = new Group(146, 55);
            group.setString(55, instrument.symbol());
            request.addGroup(group);
        }
        Session.lookupSession(sessionId).send(request);
        loggedOn.countDown();
    }

    public void onLogout(final SessionID sessionId)
    {
    }

    public void toAdmin(final Message message, final SessionID sessionId)
    {
        QuickFixLogon.addFields(message, sessionId, passwords);
    }

    public void fromAdmin(final Message message, final SessionID sessionId)
    {
    }

    public void toApp(final Message message, final SessionID sessionId)
    {
    }

    public void fromApp(final Message message, final SessionID sessionId)
    {
        if (OrderEntryApplication.isMsgType(message, "X"))
        {
            incrementals.incrementAndGet();
        }
        else if (OrderEntryApplication.isMsgType(message, "W"))
        {
            snapshots.incrementAndGet();
        }
        else if (OrderEntryApplication.isMsgType(message, "Y"))
        {
            requestRejects.incrementAndGet();
        }
    }
}
