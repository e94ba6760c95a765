package io.kairos.access;

import java.time.Instant;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Checks a door's logon credentials off its hot thread: the slow hash runs on a thread of the verifier's own
 * ({@value #THREAD_PREFIX}{@code <door>}), fed by a bounded queue. {@link #check} refuses at once, without a hash,
 * a logon whose CompID or source host is locked out ({@link FailedLogons}) or that finds the queue full; otherwise
 * the check runs later and its outcome is called on the verifier's thread. A logon naming an unknown CompID is checked
 * against a dummy hash of the same cost, so the time taken does not tell whether a CompID exists.
 * <p>
 * Every refusal is logged (one line per failed check, {@value #FAILURE_PREFIX}; one line when a lock-out starts,
 * {@value #LOCKOUT_PREFIX}) and counted by {@link LogonFailure} and by lock-out scope; the door answers every
 * refusal alike, with {@link #REFUSAL_TEXT}. Lock-out and busy refusals are counted but not logged one by one (a
 * flood of them must not flood the log).
 * <p>
 * Thread-safe: {@link #check} is called on a door's thread(s); the verifier's thread does the rest.
 */
public final class LogonVerifier implements AutoCloseable
{
    /** The Text (58) of the Logout every refused credential logon gets, on both doors. */
    public static final String REFUSAL_TEXT = "Logon refused";
    /** The verifier thread's name is this and the door. */
    public static final String THREAD_PREFIX = "kairos-logon-verifier-";
    /** The prefix of the log line of a lock-out's start (alert on it). */
    public static final String LOCKOUT_PREFIX = "LOGON LOCKOUT";
    /** The prefix of the log line of a failed password check. */
    public static final String FAILURE_PREFIX = "LOGON FAILED";
    private static final int MAX_LOGGED_COMP_ID = 64;

    /** The outcome of one check. */
    @FunctionalInterface
    public interface Outcome
    {
        /**
         * Called once per {@link #check}: on the caller's thread for a refusal without a hash, else on the verifier's
         * thread. {@code failure} is null when the logon is accepted.
         */
        void onChecked(LogonFailure failure);
    }

    /** The password comparison (a seam for tests that record which thread it ran on). */
    @FunctionalInterface
    public interface PasswordCheck
    {
        boolean matches(PasswordHash hash, char[] password, int length);
    }

    private final String door;
    private final LockoutConfig config;
    private final FailedLogons failedLogons;
    private final PasswordHash dummy;
    private final PasswordCheck passwordCheck;
    private final Consumer<String> log;
    private final BlockingQueue<Runnable> queue;
    private final Thread thread;
    private final AtomicLong[] failures = new AtomicLong[LogonFailure.values().length];
    private final AtomicLong compIdLockouts = new AtomicLong();
    private final AtomicLong hostLockouts = new AtomicLong();
    private final AtomicLong verified = new AtomicLong();
    private volatile boolean running = true;

    /**
     * @param door            the door's name in thread names, log lines and metrics ("fix", "md")
     * @param dummyIterations iterations of the dummy hash an unknown CompID is checked against: those of the
     *                        configured hashes, so that both cost the same
     */
    public LogonVerifier(
        final String door, final LockoutConfig config, final int dummyIterations, final LongSupplier clockMs,
        final Consumer<String> log)
    {
        this(door, config, dummyIterations, clockMs, log, PasswordHash::matches);
    }

    public LogonVerifier(
        final String door, final LockoutConfig config, final int dummyIterations, final LongSupplier clockMs,
        final Consumer<String> log, final PasswordCheck passwordCheck)
    {
        this.door = door;
        this.config = config;
        this.failedLogons = new FailedLogons(config, clockMs);
        this.passwordCheck = passwordCheck;
        this.log = log;
        final char[] random = java.util.UUID.randomUUID().toString().toCharArray(); // no one knows it
        this.dummy = PasswordHash.create(random, dummyIterations);
        Arrays.setAll(failures, i -> new AtomicLong());
        queue = new ArrayBlockingQueue<>(config.verifyQueueCapacity());
        thread = new Thread(this::run, THREAD_PREFIX + door);
        thread.setDaemon(true);
        thread.start();
    }

    /** The iterations a dummy hash should have for {@code hashes}: the most any has (a timing bound, not a guess). */
    public static int dummyIterations(final Iterable<PasswordHash> hashes)
    {
        int most = PasswordHash.MIN_ITERATIONS;
        for (final PasswordHash hash : hashes)
        {
            most = Math.max(most, hash.iterations());
        }
        return most;
    }

    /**
     * Checks one logon. Allocates (a logon is not on the hot path) but never blocks.
     *
     * @param compId     the configured CompID the logon names, or null when it names none
     * @param sentCompId the SenderCompID as sent (for the log; attacker's text, sanitised)
     * @param expected   the configured CompID's hash; null when the Username is wrong (checked against the dummy,
     *                   refused as bad credentials) or the CompID unknown
     * @param password   the Password (554) sent; the verifier owns the array from here and wipes it
     * @param host       the source host ({@link ConnectionOrigins#clientHost})
     */
    public void check(
        final String compId, final String sentCompId, final PasswordHash expected, final char[] password,
        final String host, final Outcome outcome)
    {
        if (failedLogons.lockedOut(compId, host))
        {
            Arrays.fill(password, '\0');
            failures[LogonFailure.LOCKED_OUT.ordinal()].incrementAndGet();
            outcome.onChecked(LogonFailure.LOCKED_OUT);
            return;
        }
        if (!running || !queue.offer(() -> verify(compId, sentCompId, expected, password, host, outcome)))
        {
            Arrays.fill(password, '\0');
            failures[LogonFailure.VERIFIER_BUSY.ordinal()].incrementAndGet();
            outcome.onChecked(LogonFailure.VERIFIER_BUSY);
        }
    }

    private void verify(
        final String compId, final String sentCompId, final PasswordHash expected, final char[] password,
        final String host, final Outcome outcome)
    {
        final boolean matches = passwordCheck.matches(expected == null ? dummy : expected, password, password.length);
        Arrays.fill(password, '\0');
        verified.incrementAndGet();
        final boolean accepted = matches && expected != null && compId != null;
        if (accepted)
        {
            failedLogons.onSuccess(compId);
            outcome.onChecked(null);
            return;
        }
        final LogonFailure failure = compId == null ? LogonFailure.UNKNOWN_COMP_ID : LogonFailure.BAD_CREDENTIALS;
        failures[failure.ordinal()].incrementAndGet();
        final FailedLogons.Lockout lockout = failedLogons.onFailure(compId, host);
        final String shownCompId = printable(sentCompId);
        log.accept(FAILURE_PREFIX + " door=" + door + " compId=" + shownCompId + " host=" + host + " reason=" +
            failure.label());
        if (lockout != FailedLogons.Lockout.NONE)
        {
            final boolean compIdScope = lockout == FailedLogons.Lockout.COMP_ID || lockout == FailedLogons.Lockout.BOTH;
            final boolean hostScope = lockout == FailedLogons.Lockout.HOST || lockout == FailedLogons.Lockout.BOTH;
            if (compIdScope)
            {
                compIdLockouts.incrementAndGet();
            }
            if (hostScope)
            {
                hostLockouts.incrementAndGet();
            }
            final String scope = lockout == FailedLogons.Lockout.BOTH ? "comp-id,address" :
                compIdScope ? "comp-id" : "address";
            log.accept(LOCKOUT_PREFIX + " door=" + door + " scope=" + scope + " compId=" + shownCompId + " host=" +
                host + " failures=" + failuresOf(lockout) + " until=" +
                Instant.ofEpochMilli(failedLogons.lockedUntilMs(compId, host)));
        }
        outcome.onChecked(failure);
    }

    /** The failures that started {@code lockout}: the limit of its scope (the CompID's when both). */
    private int failuresOf(final FailedLogons.Lockout lockout)
    {
        return lockout == FailedLogons.Lockout.HOST ? config.maxFailuresPerHost() : config.maxFailuresPerCompId();
    }

    /** Logons refused for {@code failure} so far. */
    public long failures(final LogonFailure failure)
    {
        return failures[failure.ordinal()].get();
    }

    /** Lock-outs of a CompID started so far. */
    public long compIdLockouts()
    {
        return compIdLockouts.get();
    }

    /** Lock-outs of a source host started so far. */
    public long hostLockouts()
    {
        return hostLockouts.get();
    }

    /** Password checks (hashes) done so far. */
    public long verified()
    {
        return verified.get();
    }

    /** The failed-logon counts (for tests and metrics). */
    public FailedLogons failedLogons()
    {
        return failedLogons;
    }

    /** The door's name. */
    public String door()
    {
        return door;
    }

    /** Stops the verifier's thread; checks still queued are dropped (their connections close with the door). */
    @Override
    public void close()
    {
        running = false;
        thread.interrupt();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void run()
    {
        while (running)
        {
            try
            {
                queue.take().run();
            }
            catch (final InterruptedException ex)
            {
                return;
            }
            catch (final RuntimeException ex)
            {
                log.accept("kairos logon verifier " + door + ": " + ex);
            }
        }
    }

    private static String printable(final String text)
    {
        if (text == null)
        {
            return "<missing>";
        }
        final StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_LOGGED_COMP_ID));
        for (int i = 0; i < text.length() && i < MAX_LOGGED_COMP_ID; i++)
        {
            final char c = text.charAt(i);
            out.append(c > ' ' && c < 127 ? c : '?');
        }
        return out.toString();
    }
}
