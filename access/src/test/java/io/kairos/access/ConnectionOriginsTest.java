package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;

import org.junit.jupiter.api.Test;

class ConnectionOriginsTest
{
    private final ConnectionOrigins origins = new ConnectionOrigins();

    @Test
    void aDirectPeerCountsAgainstItsOwnHostWhateverFormItIsPrintedIn()
    {
        assertEquals("10.1.2.3", origins.clientHost("/10.1.2.3:50123"));
        assertEquals("10.1.2.3", origins.clientHost("venue.example/10.1.2.3:50123"));
        assertEquals("10.1.2.3", origins.clientHost("10.1.2.3:50123"));
        assertEquals("::1", origins.clientHost("[::1]:50123"));
        assertEquals("10.1.2.3", origins.clientHost(new InetSocketAddress("10.1.2.3", 50123)));
    }

    @Test
    void aRelayedConnectionCountsAgainstTheClientItCarriesUntilItCloses()
    {
        final InetSocketAddress relayLocal = new InetSocketAddress("127.0.0.1", 40001);
        origins.relayOpened(relayLocal, new InetSocketAddress("203.0.113.7", 61000));

        assertTrue(origins.isRelay("/127.0.0.1:40001"));
        assertEquals("203.0.113.7", origins.clientHost("/127.0.0.1:40001"));
        assertEquals("127.0.0.1", origins.clientHost("/127.0.0.1:40002"), "another loopback peer is itself");
        assertEquals(1, origins.relayCount());

        origins.relayClosed(relayLocal);
        assertFalse(origins.isRelay("/127.0.0.1:40001"));
        assertEquals("127.0.0.1", origins.clientHost("/127.0.0.1:40001"));
        assertEquals(0, origins.relayCount());
    }
}
