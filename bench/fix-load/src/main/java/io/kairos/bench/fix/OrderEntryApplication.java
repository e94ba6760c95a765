package io.kairos.bench.fix;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import quickfix.Application;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.SessionID;

/**
 * QuickFIX/J callbacks of the order-entry sessions: adds Username/Password to each Logon, counts logons, and on
 * every ExecutionReport (8) or OrderCancelReject (9) finds the request by the numeric part of its ClOrdID, records
 * the first response's latency and keeps the session's {@link RestingOrders} current. Called on the QuickFIX/J event
 * thread (one for all sessions with a {@code SocketInitiator}); state it shares with the sender thread is
 * thread-safe ({@link RequestLog}, {@link RestingOrders}, the recorder's histograms, atomics).
 */
final class OrderEntryApplication implements Application
{
    private static final int TAG_CLORDID = 11;
    private static final int TAG_ORDSTATUS = 39;
    private static final int TAG_TEXT = 58;
    private static final int TAG_LEAVESQTY = 151;

    private final String clOrdIdPrefix;
    private final RequestLog log;
    private final List<RestingOrders> restingBySession;
    private final Map<SessionID, Integer> sessionIndex;
    private final Map<SessionID, String> passwords;
    private final LatencyRecorder recorder;
    private final CountDownLatch loggedOn;
    private final AtomicLong responses = new AtomicLong();
    private final AtomicLong rejects = new AtomicLong();
    private final AtomicLong throttleRejects = new AtomicLong();
    private final AtomicLong unknownResponses = new AtomicLong();
    private final AtomicLong logouts = new AtomicLong();

    OrderEntryApplication(final String clOrdIdPrefix, final RequestLog log, final List<RestingOrders> restingBySession,
        final Map<SessionID, Integer> sessionIndex, final Map<SessionID, String> passwords,
        final LatencyRecorder recorder, final CountDownLatch loggedOn)
    {
        this.clOrdIdPrefix = clOrdIdPrefix;
        this.log = log;
        this.restingBySession = restingBySession;
        this.sessionIndex = sessionIndex;
        this.passwords = passwords;
        this.recorder = recorder;
        this.loggedOn = loggedOn;
    }

    long responses()
    {
        return responses.get();
    }

    long rejects()
    {
        return rejects.get();
    }

    /** BusinessMessageRejects that were the venue's throttle ({@link ThrottleRejects}). */
    long throttleRejects()
    {
        return throttleRejects.get();
    }

    long unknownResponses()
    {
        return unknownResponses.get();
    }

    long logouts()
    {
        return logouts.get();
    }

    public void onCreate(final SessionID sessionId)
    {
    }

    public void onLogon(final SessionID sessionId)
    {
        loggedOn.countDown();
    }

    public void onLogout(final SessionID sessionId)
    {
        logouts.incrementAndGet();
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
        final long receivedNs = System.nanoTime();
        final boolean executionReport = isMsgType(message, "8");
        if (!executionReport && !isMsgType(message, "9"))
        {
            if (isMsgType(message, "j") && ThrottleRejects.isThrottleText(stringField(message, TAG_TEXT)))
            {
                throttleRejects.incrementAndGet();
            }
            return;
        }
        final int index = requestIndex(message);
        if (!OrderAnswers.isSent(log, index))
        {
            unknownResponses.incrementAndGet();
            return;
        }
        responses.incrementAndGet();
        if (OrderAnswers.onAnswer(log, recorder, restingBySession.get(sessionIndex.get(sessionId)), index,
            executionReport, charField(message, TAG_ORDSTATUS), leaves(message) > 0, receivedNs))
        {
            rejects.incrementAndGet();
        }
    }

    private int requestIndex(final Message message)
    {
        try
        {
            final String clOrdId = message.getString(TAG_CLORDID);
            if (!clOrdId.startsWith(clOrdIdPrefix))
            {
                return -1;
            }
            return Integer.parseInt(clOrdId, clOrdIdPrefix.length(), clOrdId.length(), 10);
        }
        catch (final FieldNotFound | NumberFormatException ex)
        {
            return -1;
        }
    }

    private static String stringField(final Message message, final int tag)
    {
        try
        {
            return message.getString(tag);
        }
        catch (final FieldNotFound ex)
        {
            return null;
        }
    }

    private static char charField(final Message message, final int tag)
    {
        try
        {
            return message.getChar(tag);
        }
        catch (final FieldNotFound | RuntimeException ex)
        {
            return ' ';
        }
    }

    private static double leaves(final Message message)
    {
        try
        {
            return message.getDouble(TAG_LEAVESQTY);
        }
        catch (final FieldNotFound | RuntimeException ex)
        {
            return 1;
        }
    }

    static boolean isMsgType(final Message message, final String msgType)
    {
        try
        {
            return msgType.equals(message.getHeader().getString(35));
        }
        catch (final FieldNotFound ex)
        {
            return false;
        }
    }
}
