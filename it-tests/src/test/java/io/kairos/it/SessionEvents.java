package io.kairos.it;

import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import quickfix.Message;
import quickfix.SessionID;

/**
 * What the QuickFIX/J sessions of one load client went through: logons (awaited), logouts and the
 * ResendRequests they sent (each one a sequence gap in what the venue sent). Also signs each Logon with
 * the demo credentials (553 = SenderCompID, 554 = its lower case + "pass"). Written by QuickFIX/J's
 * threads, read by the test thread.
 */
final class SessionEvents
{
    private final String kind;
    private final int sessions;
    private final CountDownLatch loggedOn;
    private final AtomicInteger logouts = new AtomicInteger();
    private final AtomicInteger resendRequests = new AtomicInteger();

    SessionEvents(final String kind, final int sessions)
    {
        this.kind = kind;
        this.sessions = sessions;
        loggedOn = new CountDownLatch(sessions);
    }

    void onLogon()
    {
        loggedOn.countDown();
    }

    void onLogout()
    {
        logouts.incrementAndGet();
    }

    /** Call from {@code Application.toAdmin}. */
    void onOutgoingAdmin(final Message message, final SessionID id)
    {
        final String type = FixClient.type(message);
        if ("A".equals(type))
        {
            message.setString(553, id.getSenderCompID());
            message.setString(554, id.getSenderCompID().toLowerCase(Locale.ROOT) + "pass");
        }
        else if ("2".equals(type))
        {
            resendRequests.incrementAndGet();
        }
    }

    void awaitLogons(final long timeoutMs) throws InterruptedException
    {
        if (!loggedOn.await(timeoutMs, TimeUnit.MILLISECONDS))
        {
            throw new AssertionError(loggedOn.getCount() + " of " + sessions + " " + kind + " sessions not logged on");
        }
    }

    int logouts()
    {
        return logouts.get();
    }

    int resendRequests()
    {
        return resendRequests.get();
    }
}
