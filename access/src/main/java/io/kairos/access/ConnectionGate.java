package io.kairos.access;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Who may open a connection to a door before it has logged on: at most {@code maxUnauthenticated} connections open
 * and not yet logged on at once, and at most {@code maxNewPerSecondPerHost} new connections from one host (the real
 * client's: {@link ConnectionOrigins#clientHost}) in any one clock second. A door asks {@link #admit} when it accepts
 * a connection and refuses it, with a clear answer, when it says why not; it tells {@link #loggedOn} and
 * {@link #closed}. Memory is bounded against an attacker spraying source addresses: at most {@value #MAX_HOSTS} hosts
 * are counted per second; past them new hosts are refused that second. Thread-safe (a door's accepting thread, its
 * session thread, its closing thread); synchronized, as it runs once per connection, not per message.
 */
public final class ConnectionGate
{
    /** Hosts counted within one second before new ones are refused. */
    public static final int MAX_HOSTS = 4096;

    /** Why a connection was refused. */
    public enum Refusal
    {
        TOO_MANY_UNAUTHENTICATED("too many connections that have not logged on; try again later"),
        TOO_MANY_NEW_CONNECTIONS("too many new connections per second from this address; try again later");

        private final String text;

        Refusal(final String text)
        {
            this.text = text;
        }

        /** What the refused client reads (Text 58 of the Logout). */
        public String text()
        {
            return text;
        }
    }

    private final int maxUnauthenticated;
    private final int maxNewPerSecondPerHost;
    private final LongSupplier clockMs;
    private final ConnectionOrigins origins;
    private final Set<String> unauthenticated = new HashSet<>();
    private final Map<String, long[]> newConnections = new HashMap<>();
    private final AtomicLong refusedUnauthenticated = new AtomicLong();
    private final AtomicLong refusedRate = new AtomicLong();

    /**
     * @param clockMs epoch milliseconds (injected for tests)
     */
    public ConnectionGate(final int maxUnauthenticated, final int maxNewPerSecondPerHost, final LongSupplier clockMs,
        final ConnectionOrigins origins)
    {
        if (maxUnauthenticated < 1 || maxNewPerSecondPerHost < 1)
        {
            throw new IllegalArgumentException("limits must be at least 1: " + maxUnauthenticated + ", " +
                maxNewPerSecondPerHost);
        }
        this.maxUnauthenticated = maxUnauthenticated;
        this.maxNewPerSecondPerHost = maxNewPerSecondPerHost;
        this.clockMs = clockMs;
        this.origins = origins;
    }

    /**
     * A connection from {@code remoteAddress} ("host:port" in any form {@link ConnectionOrigins} reads) was accepted.
     *
     * @return null when it may go on (it counts as not logged on until {@link #loggedOn} or {@link #closed}), else why
     * it is refused (it counts for nothing)
     */
    public synchronized Refusal admit(final String remoteAddress)
    {
        final String host = origins.clientHost(remoteAddress);
        final long second = clockMs.getAsLong() / 1000;
        long[] window = newConnections.get(host);
        if (window == null)
        {
            if (newConnections.size() >= MAX_HOSTS)
            {
                forgetBefore(second);
            }
            if (newConnections.size() >= MAX_HOSTS)
            {
                refusedRate.incrementAndGet();
                return Refusal.TOO_MANY_NEW_CONNECTIONS;
            }
            window = new long[] {second, 0};
            newConnections.put(host, window);
        }
        if (window[0] != second)
        {
            window[0] = second;
            window[1] = 0;
        }
        if (window[1] >= maxNewPerSecondPerHost)
        {
            refusedRate.incrementAndGet();
            return Refusal.TOO_MANY_NEW_CONNECTIONS;
        }
        window[1]++;
        if (unauthenticated.size() >= maxUnauthenticated)
        {
            refusedUnauthenticated.incrementAndGet();
            return Refusal.TOO_MANY_UNAUTHENTICATED;
        }
        unauthenticated.add(ConnectionOrigins.normalise(remoteAddress));
        return null;
    }

    /** The connection from {@code remoteAddress} logged on: it no longer counts as not logged on. */
    public synchronized void loggedOn(final String remoteAddress)
    {
        unauthenticated.remove(ConnectionOrigins.normalise(remoteAddress));
    }

    /** The connection from {@code remoteAddress} closed (logged on or not). */
    public synchronized void closed(final String remoteAddress)
    {
        unauthenticated.remove(ConnectionOrigins.normalise(remoteAddress));
    }

    /** Connections open and not yet logged on. */
    public synchronized int unauthenticated()
    {
        return unauthenticated.size();
    }

    /** Connections refused because too many had not logged on (any thread). */
    public long refusedUnauthenticated()
    {
        return refusedUnauthenticated.get();
    }

    /** Connections refused for the per-address rate (any thread). */
    public long refusedRate()
    {
        return refusedRate.get();
    }

    private void forgetBefore(final long second)
    {
        for (final Iterator<long[]> it = newConnections.values().iterator(); it.hasNext(); )
        {
            if (it.next()[0] != second)
            {
                it.remove();
            }
        }
    }
}
