package io.kairos.it;

import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.InitiatorSettings;
import quickfix.ApplicationAdapter;
import quickfix.Message;
import quickfix.SessionID;

/**
 * What the QuickFIX/J sessions of one load client went through: logons (awaited), logouts and the
 * ResendRequests they sent (each one a sequence gap in what the venue sent). Also signs each Logon with
 * the demo credentials (553 = SenderCompID, 554 = its lower case + "pass"). A load client's callbacks extend it
 * (so the session bookkeeping is written once) and add what they read from the venue's messages; overriding
 * {@link #onLogon} they call this one. Written by QuickFIX/J's threads, read by the test thread.
 */
class SessionEvents extends ApplicationAdapter
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

    @Override
    public void onLogon(final SessionID id)
    {
        loggedOn.countDown();
    }

    @Override
    public void onLogout(final SessionID id)
    {
        logouts.incrementAndGet();
    }

    @Override
    public void toAdmin(final Message message, final SessionID id)
    {
        InitiatorSettings.addCredentials(message, id, id.getSenderCompID().toLowerCase(Locale.ROOT) + "pass");
        if ("2".equals(FixClient.type(message)))
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
