package io.kairos.access;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Counts failed logons per configured CompID and per source host and locks either out for
 * {@link LockoutConfig#lockoutMs()} once it reaches its limit. A count is forgotten when no failure has added to it
 * for the lock-out period, and a CompID's count when it logs on; a host's count is not (a valid logon must not let a
 * host guess again). Memory is bounded: CompIDs are only those configured (callers pass null for an unknown one), and
 * at most {@link LockoutConfig#maxTrackedHosts()} hosts are counted; when full, hosts not locked out are forgotten
 * first, and while every counted host is locked out a new host is not counted ({@link #untrackedFailures}).
 * <p>
 * Thread-safe: {@link #lockedOut} reads without locking (from a door's hot thread); the updates are serialised
 * (in practice the one thread that checks passwords makes them). The clock is injected (milliseconds).
 */
public final class FailedLogons
{
    /** What {@link #onFailure} did. */
    public enum Lockout
    {
        NONE, COMP_ID, HOST, BOTH
    }

    private final LockoutConfig config;
    private final LongSupplier clockMs;
    private final Map<String, Count> compIds = new ConcurrentHashMap<>();
    private final Map<String, Count> hosts = new ConcurrentHashMap<>();
    private long hostsFullUntilMs;
    private long untrackedFailures;

    public FailedLogons(final LockoutConfig config, final LongSupplier clockMs)
    {
        this.config = config;
        this.clockMs = clockMs;
    }

    /** Whether {@code compId} (null: not a configured one) or {@code host} is locked out now. Lock-free. */
    public boolean lockedOut(final String compId, final String host)
    {
        final long now = clockMs.getAsLong();
        return locked(compId == null ? null : compIds.get(compId), now) || locked(hosts.get(host), now);
    }

    /** Whether {@code host} is locked out now. */
    public boolean hostLockedOut(final String host)
    {
        return locked(hosts.get(host), clockMs.getAsLong());
    }

    /** Whether {@code compId} is locked out now. */
    public boolean compIdLockedOut(final String compId)
    {
        return locked(compIds.get(compId), clockMs.getAsLong());
    }

    /**
     * Counts one failed logon of {@code compId} (null: an unknown CompID, counted against the host only) from
     * {@code host}.
     *
     * @return which lock-outs this failure started
     */
    public synchronized Lockout onFailure(final String compId, final String host)
    {
        final long now = clockMs.getAsLong();
        final boolean compIdLocked = compId != null &&
            count(compIds.computeIfAbsent(compId, k -> new Count()), now, config.maxFailuresPerCompId());
        boolean hostLocked = false;
        Count hostCount = hosts.get(host);
        if (hostCount == null && makeRoom(now))
        {
            hostCount = new Count();
            hosts.put(host, hostCount);
        }
        if (hostCount != null)
        {
            hostLocked = count(hostCount, now, config.maxFailuresPerHost());
        }
        else
        {
            untrackedFailures++;
        }
        if (compIdLocked)
        {
            return hostLocked ? Lockout.BOTH : Lockout.COMP_ID;
        }
        return hostLocked ? Lockout.HOST : Lockout.NONE;
    }

    /** A logon of {@code compId} succeeded: its count starts again. */
    public synchronized void onSuccess(final String compId)
    {
        compIds.remove(compId);
    }

    /** When the lock-out a failure would start now ends (for the log line), in the clock's milliseconds. */
    public long lockedUntilMs(final String compId, final String host)
    {
        final Count c = compId == null ? null : compIds.get(compId);
        final Count h = hosts.get(host);
        return Math.max(c == null ? 0 : c.lockedUntilMs, h == null ? 0 : h.lockedUntilMs);
    }

    /** Failures of hosts not counted because every counted host was locked out (the table was full). */
    public synchronized long untrackedFailures()
    {
        return untrackedFailures;
    }

    /** Hosts counted now. */
    public int trackedHosts()
    {
        return hosts.size();
    }

    /** @return whether the count reached the limit: a lock-out starts and the count restarts. */
    private boolean count(final Count count, final long now, final int limit)
    {
        if (locked(count, now))
        {
            return false;
        }
        if (now - count.lastFailureMs >= config.lockoutMs())
        {
            count.failures = 0;
        }
        count.lastFailureMs = now;
        if (++count.failures >= limit)
        {
            count.failures = 0;
            count.lockedUntilMs = now + config.lockoutMs();
            return true;
        }
        return false;
    }

    /** Forgets hosts until there is room for one more: stale counts first, then any not locked out. */
    private boolean makeRoom(final long now)
    {
        if (hosts.size() < config.maxTrackedHosts())
        {
            return true;
        }
        if (now < hostsFullUntilMs)
        {
            return false;
        }
        hosts.values().removeIf(c -> !locked(c, now) && now - c.lastFailureMs >= config.lockoutMs());
        if (hosts.size() >= config.maxTrackedHosts())
        {
            hosts.values().removeIf(c -> !locked(c, now));
        }
        if (hosts.size() < config.maxTrackedHosts())
        {
            return true;
        }
        long earliest = Long.MAX_VALUE;
        for (final Count c : hosts.values())
        {
            earliest = Math.min(earliest, c.lockedUntilMs);
        }
        hostsFullUntilMs = earliest;
        return false;
    }

    private static boolean locked(final Count count, final long now)
    {
        return count != null && now < count.lockedUntilMs;
    }

    /** One CompID's or host's count; written under the tracker's lock, the lock-out end read without it. */
    private static final class Count
    {
        int failures;
        long lastFailureMs;
        volatile long lockedUntilMs;
    }
}
