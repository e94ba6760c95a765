package io.kairos.access;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a connection really comes from. A door's own TCP connections carry the client's address; a connection that the
 * order-entry TLS front end relays to Artio over loopback carries the relay's, so the front end records, for the
 * loopback address its relay connection comes from, the client's host, and whoever counts per source address
 * (lock-out, connection limits) asks {@link #clientHost}. Thread-safe: the front end's event loop writes; Artio's
 * framer and the logon checks read.
 */
public final class ConnectionOrigins
{
    private final ConcurrentHashMap<String, String> relayedClientHosts = new ConcurrentHashMap<>();

    /** Records that the relay connection whose local end is {@code relayLocal} carries a client from {@code client}. */
    public void relayOpened(final SocketAddress relayLocal, final SocketAddress client)
    {
        relayedClientHosts.put(key(relayLocal), host(client));
    }

    /** Forgets the relay connection whose local end is {@code relayLocal} (it closed). */
    public void relayClosed(final SocketAddress relayLocal)
    {
        relayedClientHosts.remove(key(relayLocal));
    }

    /**
     * The host a connection whose peer is {@code remoteAddress} comes from: the relayed client's host when the peer is
     * one of the relay's connections, else the peer's own host. Accepts the forms Artio and the JDK print
     * ("/127.0.0.1:50123", "localhost/127.0.0.1:50123", "127.0.0.1:50123", "[::1]:50123").
     */
    public String clientHost(final String remoteAddress)
    {
        final String key = normalise(remoteAddress);
        final String relayed = relayedClientHosts.get(key);
        return relayed != null ? relayed : hostOf(key);
    }

    /** The host a peer address counts against, for a peer that is not relayed. */
    public String clientHost(final SocketAddress remoteAddress)
    {
        return clientHost(String.valueOf(remoteAddress));
    }

    /** Whether the peer {@code remoteAddress} is one of the relay's connections. */
    public boolean isRelay(final String remoteAddress)
    {
        return relayedClientHosts.containsKey(normalise(remoteAddress));
    }

    /** How many relay connections are open (for tests and metrics). */
    public int relayCount()
    {
        return relayedClientHosts.size();
    }

    private static String key(final SocketAddress address)
    {
        return normalise(String.valueOf(address));
    }

    private static String host(final SocketAddress address)
    {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null)
        {
            return inet.getAddress().getHostAddress();
        }
        return hostOf(normalise(String.valueOf(address)));
    }

    /** "host:port" with the JDK's optional "name/" prefix removed. */
    public static String normalise(final String address)
    {
        final int slash = address.indexOf('/');
        return slash >= 0 ? address.substring(slash + 1) : address;
    }

    private static String hostOf(final String hostAndPort)
    {
        final int colon = hostAndPort.lastIndexOf(':');
        final String host = colon > 0 ? hostAndPort.substring(0, colon) : hostAndPort;
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }
}
