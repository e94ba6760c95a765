package io.kairos.it;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.kairos.testsupport.InitiatorSettings;
import io.kairos.testsupport.Initiators;
import quickfix.Application;
import quickfix.FieldNotFound;
import quickfix.FileStoreFactory;
import quickfix.Message;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;
import quickfix.field.Text;

/**
 * A real FIX 4.4 counterparty: one QuickFIX/J initiator session to the venue, logging on with
 * Username (553) / Password (554), its sequence numbers kept in a file store under the test's
 * folder so that they survive reconnects. Everything the venue sends is queued for the test
 * thread; QuickFIX/J's threads only enqueue. Owned by one test thread.
 */
final class FixClient implements AutoCloseable
{
    static final long WAIT_MS = 10_000;

    private final SessionID sessionId;
    private final SessionSettings settings;
    private final String password;
    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final java.util.ArrayDeque<Message> pending = new java.util.ArrayDeque<>();
    private final List<Message> history = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> logoutTexts = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean loggedOn;
    private volatile int logons;
    private SocketInitiator initiator;

    FixClient(final Path storeRoot, final int port, final String compId, final String password)
    {
        this(storeRoot, port, compId, password, "KAIROS");
    }

    FixClient(final Path storeRoot, final int port, final String compId, final String password,
        final String targetCompId)
    {
        this.password = password;
        settings = InitiatorSettings.loopback(port);
        settings.setString("FileStorePath", storeRoot.resolve("fix-client-store").toString());
        useFix44Dictionary(settings, true);
        settings.setString("ResetOnLogon", "N");
        settings.setString("PersistMessages", "Y");
        sessionId = InitiatorSettings.addSession(settings, new SessionID("FIX.4.4", compId, targetCompId));
    }

    /**
     * Validates what the venue sends against QuickFIX/J's standard FIX 4.4 dictionary, but lets through the venue's
     * user-defined fields (the latency stamps 5979/7765/21002/21003) and, unless {@code validateValues}, values
     * outside the dictionary's enumerations. @return {@code settings}
     */
    static SessionSettings useFix44Dictionary(final SessionSettings settings, final boolean validateValues)
    {
        settings.setString("UseDataDictionary", "Y");
        settings.setString("DataDictionary", "FIX44.xml");
        settings.setString("ValidateUserDefinedFields", "N");
        settings.setString("AllowUnknownMsgFields", "Y");
        settings.setString("ValidateIncomingMessage", validateValues ? "Y" : "N");
        return settings;
    }

    /**
     * Accepts values outside the FIX 4.4 dictionary's enumerations (e.g. Artio's throttle reject
     * carries BusinessRejectReason 99, which FIX 4.4 does not define); call before {@link #connect()}.
     */
    FixClient lenient()
    {
        settings.setString("ValidateIncomingMessage", "N");
        return this;
    }

    /**
     * Connects over TLS, trusting {@code trustStore}'s CAs and presenting {@code keyStore}'s certificate if asked
     * (null: none of the test's); call before {@link #connect()}.
     */
    FixClient overTls(final Path trustStore, final Path keyStore)
    {
        InitiatorSettings.useTls(settings, trustStore, keyStore, io.kairos.testsupport.TestCertificates.PASSWORD);
        return this;
    }

    /** Starts connecting (and reconnecting every second until stopped). */
    FixClient connect()
    {
        initiator = Initiators.start(new Handler(), new FileStoreFactory(settings), settings,
            new quickfix.ScreenLogFactory(false, false, false));
        return this;
    }

    /** Connects and waits for the logon to be accepted; fails the test otherwise. */
    FixClient logon()
    {
        connect();
        if (!awaitLogon(WAIT_MS))
        {
            throw new AssertionError(sessionId + " did not log on within " + WAIT_MS + " ms; logouts: " + logoutTexts);
        }
        return this;
    }

    boolean awaitLogon(final long timeoutMs)
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (!loggedOn && System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(20);
        }
        return loggedOn;
    }

    boolean awaitLoggedOut(final long timeoutMs)
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (loggedOn && System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(20);
        }
        return !loggedOn;
    }

    boolean isLoggedOn()
    {
        return loggedOn;
    }

    int logons()
    {
        return logons;
    }

    List<String> logoutTexts()
    {
        return new ArrayList<>(logoutTexts);
    }

    void send(final Message message)
    {
        if (!trySend(message))
        {
            throw new AssertionError("QuickFIX/J could not send " + message + " (" + sessionId + " not logged on; " +
                logons + " logons so far, logouts: " + logoutTexts + ")");
        }
    }

    /**
     * @return false when the session is not logged on: QuickFIX/J then only stores the message, and
     * sends it if the venue asks for a resend after the next logon.
     */
    boolean trySend(final Message message)
    {
        try
        {
            return Session.sendToTarget(message, sessionId);
        }
        catch (final SessionNotFound ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** The next received message of this MsgType that matches; others stay queued for later calls. */
    Message next(final String msgType, final Predicate<Message> filter)
    {
        return next(msgType, filter, WAIT_MS);
    }

    /** As {@link #next(String, Predicate)}, waiting up to {@code waitMs}. */
    Message next(final String msgType, final Predicate<Message> filter, final long waitMs)
    {
        for (final java.util.Iterator<Message> it = pending.iterator(); it.hasNext(); )
        {
            final Message message = it.next();
            if (msgType.equals(type(message)) && filter.test(message))
            {
                it.remove();
                return message;
            }
        }
        final long deadline = System.currentTimeMillis() + waitMs;
        while (System.currentTimeMillis() < deadline)
        {
            final Message message = poll(deadline - System.currentTimeMillis());
            if (message == null)
            {
                break;
            }
            if (msgType.equals(type(message)) && filter.test(message))
            {
                return message;
            }
            pending.add(message);
        }
        final List<String> others = pending.stream().map(m -> m.toString().replace('\u0001', '|')).toList();
        throw new AssertionError(sessionId + ": no " + msgType + " within " + waitMs + " ms; received instead: " +
            others);
    }

    Message next(final String msgType)
    {
        return next(msgType, m -> true);
    }

    /** Every message received within {@code quietMs} of silence. */
    List<Message> drain(final long quietMs)
    {
        final List<Message> messages = new ArrayList<>(pending);
        pending.clear();
        Message message;
        while ((message = poll(quietMs)) != null)
        {
            messages.add(message);
        }
        return messages;
    }

    /** Every application message and Reject received since this client was created, in order. */
    List<Message> history()
    {
        return List.copyOf(history);
    }

    Session session()
    {
        return Session.lookupSession(sessionId);
    }

    /** Stops the initiator (a Logout when connected). */
    void disconnect()
    {
        if (initiator != null)
        {
            initiator.stop(true);
            initiator = null;
        }
        loggedOn = false;
    }

    @Override
    public void close()
    {
        disconnect();
    }

    static String type(final Message message)
    {
        try
        {
            return message.getHeader().getString(MsgType.FIELD);
        }
        catch (final FieldNotFound ex)
        {
            return "?";
        }
    }

    private Message poll(final long timeoutMs)
    {
        try
        {
            return received.poll(Math.max(0, timeoutMs), TimeUnit.MILLISECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** QuickFIX/J callbacks; run on QuickFIX/J's threads. */
    private final class Handler implements Application
    {
        @Override
        public void onCreate(final SessionID id)
        {
        }

        @Override
        public void onLogon(final SessionID id)
        {
            logons++;
            loggedOn = true;
        }

        @Override
        public void onLogout(final SessionID id)
        {
            loggedOn = false;
        }

        @Override
        public void toAdmin(final Message message, final SessionID id)
        {
            InitiatorSettings.addCredentials(message, id, password);
        }

        @Override
        public void fromAdmin(final Message message, final SessionID id)
        {
            final String type = type(message);
            if (MsgType.LOGOUT.equals(type))
            {
                logoutTexts.add(message.isSetField(Text.FIELD) ? text(message) : "");
            }
            if (MsgType.REJECT.equals(type))
            {
                history.add(message);
                received.add(message);
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

        private String text(final Message message)
        {
            try
            {
                return message.getString(Text.FIELD);
            }
            catch (final FieldNotFound ex)
            {
                return "";
            }
        }
    }
}
