package io.kairos.md;

import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.Prices;
import io.kairos.testsupport.MarketDataRequests;
import quickfix.Application;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.Group;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;

/**
 * A QuickFIX/J 3.0 initiator used as a market-data client: logs on with Username/Password,
 * subscribes, and rebuilds one book from W + X — by order (266=N) or by price level — checking
 * that RptSeq (83) continues the snapshot without gap or duplicate. Callbacks come on QuickFIX/J's
 * thread; state is guarded by this object's monitor. Test-only.
 */
final class QuickFixMarketDataClient implements Application, AutoCloseable
{
    private final String compId;
    private final boolean orderByOrder;
    private final SocketInitiator initiator;
    private final CountDownLatch loggedOn = new CountDownLatch(1);
    private final TreeMap<String, String> book = new TreeMap<>();
    private SessionID sessionId;
    private long lastRptSeq = -1;
    private int snapshots;
    private int incrementals;
    private int entries;
    private String error;

    QuickFixMarketDataClient(final int port, final String compId, final boolean orderByOrder) throws Exception
    {
        this.compId = compId;
        this.orderByOrder = orderByOrder;
        final SessionSettings settings = new SessionSettings();
        final SessionID id = new SessionID("FIX.4.4", compId, "KAIROS-MD");
        settings.setString("ConnectionType", "initiator");
        settings.setString("StartTime", "00:00:00");
        settings.setString("EndTime", "00:00:00");
        settings.setString("HeartBtInt", "30");
        settings.setString("ReconnectInterval", "1");
        settings.setString("SocketConnectHost", "127.0.0.1");
        settings.setString("SocketConnectPort", Integer.toString(port));
        settings.setString("UseDataDictionary", "Y");
        settings.setString("DataDictionary", "FIX44-kairos-md.xml");
        settings.setString("ValidateUserDefinedFields", "N");
        settings.setString("ResetOnLogon", "Y");
        settings.setString(id, "BeginString", "FIX.4.4");
        initiator = new SocketInitiator(this, new MemoryStoreFactory(), settings,
            new quickfix.SLF4JLogFactory(settings), new DefaultMessageFactory());
        initiator.start();
        if (!loggedOn.await(10, TimeUnit.SECONDS))
        {
            throw new IllegalStateException(compId + " did not log on");
        }
    }

    void subscribe(final String mdReqId, final String symbol, final int depth) throws Exception
    {
        Session.sendToTarget(MarketDataRequests.subscribe(mdReqId, symbol, depth, orderByOrder ? 'N' : 'Y',
            '0', '1', '2'), sessionId);
    }

    synchronized TreeMap<String, String> book()
    {
        return new TreeMap<>(book);
    }

    synchronized String error()
    {
        return error;
    }

    synchronized int snapshots()
    {
        return snapshots;
    }

    synchronized int incrementals()
    {
        return incrementals;
    }

    /** MDEntries received in incrementals. */
    synchronized int entries()
    {
        return entries;
    }

    @Override
    public void fromApp(final Message message, final SessionID session)
    {
        try
        {
            final String type = message.getHeader().getString(35);
            synchronized (this)
            {
                if ("W".equals(type))
                {
                    onSnapshot(message);
                }
                else if ("X".equals(type))
                {
                    onIncremental(message);
                }
                else
                {
                    error = "unexpected " + message;
                }
            }
        }
        catch (final FieldNotFound | RuntimeException e)
        {
            synchronized (this)
            {
                error = e + " in " + message;
            }
        }
    }

    private void onSnapshot(final Message message) throws FieldNotFound
    {
        snapshots++;
        book.clear();
        lastRptSeq = message.getInt(83);
        for (final Group entry : groups(message))
        {
            final int side = entry.getChar(269) - '0';
            final long price = Prices.parse(entry.getString(270));
            if (orderByOrder)
            {
                book.put(entry.getString(278), side + " " + price + " " + entry.getString(271));
            }
            else
            {
                book.put(side + " " + price, entry.getString(271) + "/" + entry.getString(346));
            }
        }
    }

    private void onIncremental(final Message message) throws FieldNotFound
    {
        incrementals++;
        if (!message.isSetField(21002) || !message.isSetField(21003))
        {
            error = "missing engine stamps in " + message;
        }
        for (final Group entry : groups(message))
        {
            entries++;
            final long rptSeq = entry.getInt(83);
            if (rptSeq != lastRptSeq + 1)
            {
                error = "RptSeq " + rptSeq + " after " + lastRptSeq;
            }
            lastRptSeq = rptSeq;
            final char type = entry.getChar(269);
            if (type == '2')
            {
                continue;
            }
            final int side = type - '0';
            final long price = Prices.parse(entry.getString(270));
            final char action = entry.getChar(279);
            final String key = orderByOrder ? entry.getString(278) : side + " " + price;
            if (action == '2')
            {
                if (book.remove(key) == null)
                {
                    error = "delete of unknown entry " + key;
                }
            }
            else
            {
                if (action == '0' == book.containsKey(key))
                {
                    error = (action == '0' ? "new for existing " : "change of unknown ") + key;
                }
                book.put(key, orderByOrder ? side + " " + price + " " + entry.getString(271) : entry.getString(271)
                    + "/" + entry.getString(346));
            }
        }
    }

    private static List<Group> groups(final Message message)
    {
        return message.getGroups(268);
    }

    @Override
    public void toAdmin(final Message message, final SessionID session)
    {
        try
        {
            if ("A".equals(message.getHeader().getString(35)))
            {
                message.setString(553, compId);
                message.setString(554, compId.toLowerCase() + "pass");
            }
        }
        catch (final FieldNotFound e)
        {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void onCreate(final SessionID session)
    {
        sessionId = session;
    }

    @Override
    public void onLogon(final SessionID session)
    {
        loggedOn.countDown();
    }

    @Override
    public void onLogout(final SessionID session)
    {
    }

    @Override
    public void fromAdmin(final Message message, final SessionID session)
    {
    }

    @Override
    public void toApp(final Message message, final SessionID session)
    {
    }

    @Override
    public void close()
    {
        initiator.stop(true);
    }
}
