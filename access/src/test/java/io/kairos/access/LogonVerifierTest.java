package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LogonVerifierTest
{
    private static final PasswordHash CLIENT01 = PasswordHash.create("client01pass".toCharArray(), 1_000);

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final List<String> hashThreads = new CopyOnWriteArrayList<>();
    private final BlockingQueue<Object> outcomes = new ArrayBlockingQueue<>(100);
    private long nowMs = 5_000_000;
    private LogonVerifier verifier = new LogonVerifier("md", new LockoutConfig(3, 4, 60_000, 100, 8), 1_000,
        () -> nowMs, log::add, (hash, password, length) ->
        {
            hashThreads.add(Thread.currentThread().getName());
            return hash.matches(password, length);
        });

    @AfterEach
    void close()
    {
        verifier.close();
    }

    @Test
    void shouldCheckThePasswordOnItsOwnThreadAndAcceptTheRightOne() throws Exception
    {
        assertEquals("accepted", check("CLIENT01", CLIENT01, "client01pass", "10.0.0.1"));
        assertEquals(List.of("kairos-logon-verifier-md"), hashThreads);
        assertEquals(1, verifier.verified());
    }

    @Test
    void shouldHashAnUnknownCompIdAndAWrongUsernameAlikeAndTellOnlyTheLog() throws Exception
    {
        assertEquals(LogonFailure.UNKNOWN_COMP_ID, check(null, null, "client01pass", "10.0.0.1"));
        assertEquals(LogonFailure.BAD_CREDENTIALS, check("CLIENT01", null, "client01pass", "10.0.0.1"));
        assertEquals(LogonFailure.BAD_CREDENTIALS, check("CLIENT01", CLIENT01, "wrong", "10.0.0.1"));
        assertEquals(3, hashThreads.size(), "every failure costs one hash");
        assertEquals(1, verifier.failures(LogonFailure.UNKNOWN_COMP_ID));
        assertEquals(2, verifier.failures(LogonFailure.BAD_CREDENTIALS));
        assertTrue(log.get(0).startsWith("LOGON FAILED door=md compId=X host=10.0.0.1 reason=unknown-comp-id"),
            log.get(0));
    }

    @Test
    void shouldLockOutAfterExactlyTheLimitAndRefuseWithoutAHash() throws Exception
    {
        for (int i = 0; i < 3; i++)
        {
            assertEquals(LogonFailure.BAD_CREDENTIALS, check("CLIENT01", CLIENT01, "guess" + i, "10.0.0.1"));
        }
        assertEquals(LogonFailure.LOCKED_OUT, check("CLIENT01", CLIENT01, "client01pass", "10.0.0.2"));
        assertEquals(3, hashThreads.size());
        assertEquals(1, verifier.compIdLockouts());
        assertEquals(0, verifier.hostLockouts());
        final String lockout = log.stream().filter(l -> l.startsWith("LOGON LOCKOUT")).findFirst().orElseThrow();
        assertTrue(lockout.startsWith("LOGON LOCKOUT door=md scope=comp-id compId=CLIENT01 host=10.0.0.1 " +
            "failures=3 until=1970-01-01T01:24:20Z"), lockout);
        nowMs += 60_000;
        assertEquals("accepted", check("CLIENT01", CLIENT01, "client01pass", "10.0.0.2"));
    }

    @Test
    void shouldRefuseAsBusyWhenTheQueueIsFull() throws Exception
    {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        verifier.close();
        verifier = new LogonVerifier("fix", new LockoutConfig(3, 4, 60_000, 100, 1), 1_000, () -> nowMs, log::add,
            (hash, password, length) ->
            {
                started.countDown();
                awaitQuietly(release);
                return hash.matches(password, length);
            });
        verifier.check("CLIENT01", "CLIENT01", CLIENT01, "a".toCharArray(), "10.0.0.1", f -> outcomes.add("first"));
        assertTrue(started.await(20, TimeUnit.SECONDS), "the first check runs");
        verifier.check("CLIENT01", "CLIENT01", CLIENT01, "b".toCharArray(), "10.0.0.1", f -> outcomes.add("second"));
        final Object[] third = new Object[1];
        verifier.check("CLIENT01", "CLIENT01", CLIENT01, "c".toCharArray(), "10.0.0.1", f -> third[0] = f);
        assertEquals(LogonFailure.VERIFIER_BUSY, third[0], "refused at once, on the caller's thread");
        release.countDown();
        assertEquals("first", outcomes.poll(20, TimeUnit.SECONDS));
        assertEquals("second", outcomes.poll(20, TimeUnit.SECONDS));
        assertNull(outcomes.poll());
    }

    private Object check(final String compId, final PasswordHash expected, final String password, final String host)
        throws InterruptedException
    {
        verifier.check(compId, compId == null ? "X" : compId, expected, password.toCharArray(), host,
            failure -> outcomes.add(failure == null ? "accepted" : failure));
        return outcomes.poll(20, TimeUnit.SECONDS);
    }

    private static void awaitQuietly(final CountDownLatch latch)
    {
        try
        {
            latch.await(20, TimeUnit.SECONDS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
