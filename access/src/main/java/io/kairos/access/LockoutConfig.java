package io.kairos.access;

import io.kairos.engine.ConfigChecks;

/**
 * When failed logons lock a CompID or a source host out, shared by both doors. Immutable; the constructor refuses bad
 * values with a {@link io.kairos.engine.ConfigValueException} carrying the key.
 *
 * @param maxFailuresPerCompId failed logons of one configured CompID (from any host) that lock it out
 *                             ({@code logon.max-failures-per-comp-id})
 * @param maxFailuresPerHost   failed logons from one source host (any CompID, known or not) that lock it out
 *                             ({@code logon.max-failures-per-address})
 * @param lockoutMs            how long a lock-out lasts, and how long after its last failure a count is forgotten
 *                             ({@code logon.lockout-seconds})
 * @param maxTrackedHosts      the most source hosts counted at once: a bound on memory against a spray of addresses
 *                             ({@code logon.max-tracked-addresses})
 * @param verifyQueueCapacity  logons waiting for the password check; one more is refused as busy
 *                             ({@code logon.verify-queue-capacity})
 */
public record LockoutConfig(
    int maxFailuresPerCompId, int maxFailuresPerHost, long lockoutMs, int maxTrackedHosts, int verifyQueueCapacity)
{
    public static final String MAX_FAILURES_PER_COMP_ID = "logon.max-failures-per-comp-id";
    public static final String MAX_FAILURES_PER_ADDRESS = "logon.max-failures-per-address";
    public static final String LOCKOUT_SECONDS = "logon.lockout-seconds";
    public static final String MAX_TRACKED_ADDRESSES = "logon.max-tracked-addresses";
    public static final String VERIFY_QUEUE_CAPACITY = "logon.verify-queue-capacity";

    public static final int DEFAULT_MAX_FAILURES_PER_COMP_ID = 5;
    public static final int DEFAULT_MAX_FAILURES_PER_ADDRESS = 20;
    public static final long DEFAULT_LOCKOUT_SECONDS = 900;
    public static final int DEFAULT_MAX_TRACKED_ADDRESSES = 100_000;
    public static final int DEFAULT_VERIFY_QUEUE_CAPACITY = 64;

    private static final int MAX_FAILURES = 1_000_000;
    private static final long MAX_LOCKOUT_MS = 7L * 24 * 3_600_000;
    private static final int MAX_TRACKED = 10_000_000;
    private static final int MAX_QUEUE = 100_000;

    public LockoutConfig
    {
        require(maxFailuresPerCompId >= 1 && maxFailuresPerCompId <= MAX_FAILURES, MAX_FAILURES_PER_COMP_ID,
            "must be in [1, " + MAX_FAILURES + "], was " + maxFailuresPerCompId);
        require(maxFailuresPerHost >= 1 && maxFailuresPerHost <= MAX_FAILURES, MAX_FAILURES_PER_ADDRESS,
            "must be in [1, " + MAX_FAILURES + "], was " + maxFailuresPerHost);
        require(lockoutMs >= 1_000 && lockoutMs <= MAX_LOCKOUT_MS, LOCKOUT_SECONDS,
            "must be in [1, " + MAX_LOCKOUT_MS / 1_000 + "] seconds, was " + lockoutMs / 1_000.0);
        require(maxTrackedHosts >= 1 && maxTrackedHosts <= MAX_TRACKED, MAX_TRACKED_ADDRESSES,
            "must be in [1, " + MAX_TRACKED + "], was " + maxTrackedHosts);
        require(verifyQueueCapacity >= 1 && verifyQueueCapacity <= MAX_QUEUE, VERIFY_QUEUE_CAPACITY,
            "must be in [1, " + MAX_QUEUE + "], was " + verifyQueueCapacity);
    }

    /** The shipped defaults: 5 failures per CompID, 20 per address, 15 minutes, 100,000 addresses, 64 waiting. */
    public static LockoutConfig defaults()
    {
        return new LockoutConfig(DEFAULT_MAX_FAILURES_PER_COMP_ID, DEFAULT_MAX_FAILURES_PER_ADDRESS,
            DEFAULT_LOCKOUT_SECONDS * 1_000, DEFAULT_MAX_TRACKED_ADDRESSES, DEFAULT_VERIFY_QUEUE_CAPACITY);
    }

    private static void require(final boolean ok, final String key, final String message)
    {
        ConfigChecks.require(ok, key, message);
    }
}
