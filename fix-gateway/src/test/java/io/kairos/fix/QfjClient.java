package io.kairos.fix;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.kairos.testsupport.InitiatorSettings;
import io.kairos.testsupport.Initiators;
import quickfix.Application;
import quickfix.FieldNotFound;
import quickfix.FileStoreFactory;
import quickfix.Message;
import quickfix.MessageStore;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SLF4JLogFactory;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ExecType;
import quickfix.field.MsgSeqNum;
import quickfix.field.MsgType;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real QuickFIX/J 3.0.0 initiator for tests: logs on with Username/Password, records every application
 * message and the session Rejects and Logouts it receives. Its message store is a file store under
 * {@code storeDir}, so sequence numbers survive {@link #stop()}/{@link #start()}. Thread-safe.
 */
final class QfjClient implements Application, AutoCloseable
{
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final SessionID sessionId;
    private final SessionSettings settings;
    private final String password;
    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final BlockingQueue<Message> logouts = new LinkedBlockingQueue<>();
    /** Every application message received, for {@link #all()}. */
    private final Queue<Message> history = new ConcurrentLinkedQueue<>();
    /** Every session-level message received, in order. */
    private final Queue<SessionMessage> adminReceived = new ConcurrentLinkedQueue<>();
    private SocketInitiator initiator;

    QfjClient(final String compId, final String password, final int port, final Path storeDir)
    {
        this.password = password;
        settings = InitiatorSettings.loopback(port);
        settings.setString("NonStopSession", "Y");
        settings.setString("FileStorePath", storeDir.resolve(compId).toString());
        settings.setString("UseDataDictionary", "Y");
        settings.setString("DataDictionary", "KairosClientFIX44.xml");
        settings.setString("ResetOnLogon", "N");
        sessionId = InitiatorSettings.addSession(settings, new SessionID("FIX.4.4", compId, "KAIROS"));
    }

    QfjClient start()
    {
        initiator = Initiators.start(this, new FileStoreFactory(settings), settings, new SLF4JLogFactory(settings));
        return this;
    }

    /** Starts and waits (bounded) for the logon to complete. */
    QfjClient startAndLogon()
    {
        start();
        if (!awaitLoggedOn(true, TIMEOUT))
        {
            fail(sessionId.getSenderCompID() + " did not log on within " + TIMEOUT);
        }
        return this;
    }

    boolean awaitLoggedOn(final boolean expected, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline)
        {
            final Session session = Session.lookupSession(sessionId);
            if (session != null && session.isLoggedOn() == expected)
            {
                return true;
            }
            try
            {
                Thread.sleep(10);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    void send(final Message message)
    {
        try
        {
            if (!Session.sendToTarget(message, sessionId))
            {
                fail("QuickFIX/J did not send " + message);
            }
        }
        catch (final SessionNotFound e)
        {
            throw new IllegalStateException(e);
        }
    }

    /** @return the next message received, failing the test after {@link #TIMEOUT}. */
    Message next()
    {
        return next(TIMEOUT);
    }

    /** @return the next message received, failing the test after {@code timeout}. */
    Message next(final Duration timeout)
    {
        try
        {
            final Message message = received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            assertNotNull(message, sessionId.getSenderCompID() + " received nothing within " + timeout);
            return message;
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** @return the next message received, asserting its MsgType. */
    Message expect(final String msgType)
    {
        final Message message = next();
        assertEquals(msgType, msgType(message), () -> "unexpected message " + message);
        return message;
    }

    /** @return the next message received, asserting it is an ExecutionReport with ExecType (150) {@code execType}. */
    Message expectReport(final char execType) throws FieldNotFound
    {
        final Message report = expect(MsgType.EXECUTION_REPORT);
        assertEquals(execType, report.getChar(ExecType.FIELD), () -> "unexpected ExecType in " + report);
        return report;
    }

    /** Sends a new order and asserts its acknowledgement comes next. @return the ExecutionReport (ExecType New) */
    Message place(final Message order) throws FieldNotFound
    {
        send(order);
        return expectReport('0');
    }

    /**
     * {@code maker} places an order that rests, {@code taker} one that trades all of it: each sees its acknowledgement
     * and then its fill.
     */
    static void trade(final QfjClient maker, final Message makerOrder, final QfjClient taker, final Message takerOrder)
        throws FieldNotFound
    {
        maker.place(makerOrder);
        taker.place(takerOrder);
        taker.expectReport('F');
        maker.expectReport('F');
    }

    String compId()
    {
        return sessionId.getSenderCompID();
    }

    /** @return a message received within {@code timeout}, or null. */
    Message poll(final Duration timeout) throws InterruptedException
    {
        return received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Sends a Logout and waits (bounded) for the gateway's Logout in reply.
     *
     * @return the reply's MsgSeqNum: the last number the gateway sent on this session.
     */
    int logoutAndAwaitReply() throws InterruptedException, FieldNotFound
    {
        session().logout();
        final Message reply = logouts.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(reply, sessionId.getSenderCompID() + " got no Logout in reply within " + TIMEOUT);
        return reply.getHeader().getInt(MsgSeqNum.FIELD);
    }

    /** @return MsgType/MsgSeqNum of the session-level messages received so far, oldest first ("A/9 4/4 ...") */
    String adminReceived()
    {
        return adminReceived.stream().map(SessionMessage::toString).collect(Collectors.joining(" "));
    }

    /** @return the MsgSeqNum of the last Logon received, or 0 when none came */
    int lastLogonSeqNum()
    {
        return adminReceived.stream().filter(received -> MsgType.LOGON.equals(received.type()))
            .mapToInt(SessionMessage::seqNum).reduce(0, (earlier, later) -> later);
    }

    /** @return how many session-level messages received carry a MsgSeqNum strictly between the two */
    long sessionMessagesNumberedBetween(final int after, final int before)
    {
        return adminReceived.stream().mapToInt(SessionMessage::seqNum).filter(seq -> seq > after && seq < before)
            .count();
    }

    Session session()
    {
        return Session.lookupSession(sessionId);
    }

    static String msgType(final Message message)
    {
        try
        {
            return message.getHeader().getString(MsgType.FIELD);
        }
        catch (final FieldNotFound e)
        {
            throw new IllegalStateException(e);
        }
    }

    /**
     * While stopped: the stored session expects {@code seqNum} next from the gateway, as if what the gateway sent from
     * there on had been lost on the way (a connection reset drops what the client had not yet read), so the next
     * logon asks for it again.
     */
    void expectNextFromGateway(final int seqNum) throws IOException
    {
        final MessageStore store = new FileStoreFactory(settings).create(sessionId);
        store.setNextTargetMsgSeqNum(seqNum);
        if (store instanceof Closeable closeable)
        {
            closeable.close();
        }
    }

    void stop()
    {
        if (initiator != null)
        {
            initiator.stop(true);
            initiator = null;
        }
    }

    @Override
    public void close()
    {
        stop();
    }

    @Override
    public void onCreate(final SessionID id)
    {
    }

    @Override
    public void onLogon(final SessionID id)
    {
    }

    @Override
    public void onLogout(final SessionID id)
    {
    }

    @Override
    public void toAdmin(final Message message, final SessionID id)
    {
        InitiatorSettings.addCredentials(message, id, password);
    }

    @Override
    public void fromAdmin(final Message message, final SessionID id) throws FieldNotFound
    {
        final String type = msgType(message);
        adminReceived.add(new SessionMessage(type, message.getHeader().getInt(MsgSeqNum.FIELD)));
        if (MsgType.REJECT.equals(type))
        {
            received.add(message);
        }
        else if (MsgType.LOGOUT.equals(type))
        {
            logouts.add(message);
        }
    }

    @Override
    public void toApp(final Message message, final SessionID id)
    {
    }

    @Override
    public void fromApp(final Message message, final SessionID id)
    {
        history.add(message);
        received.add(message);
    }

    /** Every application message received since the last call (whether or not a test took it), in order. */
    List<Message> all()
    {
        final List<Message> taken = new ArrayList<>();
        Message next;
        while ((next = history.poll()) != null)
        {
            taken.add(next);
        }
        return taken;
    }

    /** A session-level message received: its MsgType (35) and MsgSeqNum (34). */
    private record SessionMessage(String type, int seqNum)
    {
        @Override
        public String toString()
        {
            return type + "/" + seqNum;
        }
    }
}
