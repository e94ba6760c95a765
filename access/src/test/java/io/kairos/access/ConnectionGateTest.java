package io.kairos.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.InetSocketAddress;

import org.junit.jupiter.api.Test;

/** The gate's two limits, exactly, with the clock in the test's hands. */
class ConnectionGateTest
{
    private long nowMs = 1_000_000;
    private final ConnectionOrigins origins = new ConnectionOrigins();

    @Test
    void shouldRefuseConnectionsPastTheUnauthenticatedLimitUntilOneLogsOnOrCloses()
    {
        final ConnectionGate gate = new ConnectionGate(2, 100, () -> nowMs, origins);
        assertNull(gate.admit("/10.0.0.1:1001"));
        assertNull(gate.admit("/10.0.0.2:1002"));
        assertEquals(ConnectionGate.Refusal.TOO_MANY_UNAUTHENTICATED, gate.admit("/10.0.0.3:1003"));
        assertEquals(2, gate.unauthenticated());

        gate.loggedOn("10.0.0.1:1001");
        assertNull(gate.admit("/10.0.0.3:1003"), "a logged-on connection no longer counts");
        gate.closed("/10.0.0.2:1002");
        assertNull(gate.admit("/10.0.0.4:1004"), "nor a closed one");
        gate.closed("/10.0.0.1:1001");
        assertEquals(2, gate.unauthenticated(), "closing a logged-on connection frees nothing twice");
        assertEquals(1, gate.refusedUnauthenticated());
    }

    @Test
    void shouldRefuseAnAddressPastItsNewConnectionsPerSecondButNotAnotherAndAgainNextSecond()
    {
        final ConnectionGate gate = new ConnectionGate(1_000, 3, () -> nowMs, origins);
        for (int i = 0; i < 3; i++)
        {
            assertNull(gate.admit("/127.0.0.2:" + (2000 + i)));
        }
        assertEquals(ConnectionGate.Refusal.TOO_MANY_NEW_CONNECTIONS, gate.admit("/127.0.0.2:2003"));
        assertNull(gate.admit("/127.0.0.3:3000"), "another address is not touched");
        nowMs += 1_000;
        assertNull(gate.admit("/127.0.0.2:2004"), "a new second");
        assertEquals(1, gate.refusedRate());
    }

    @Test
    void shouldCountARelayedConnectionAgainstTheClientItCarries()
    {
        final ConnectionGate gate = new ConnectionGate(1_000, 1, () -> nowMs, origins);
        origins.relayOpened(new InetSocketAddress("127.0.0.1", 40001), new InetSocketAddress("203.0.113.7", 5000));
        origins.relayOpened(new InetSocketAddress("127.0.0.1", 40002), new InetSocketAddress("203.0.113.8", 5000));
        assertNull(gate.admit("/127.0.0.1:40001"));
        assertNull(gate.admit("/127.0.0.1:40002"), "another client behind the same relay host");
        assertNull(gate.admit("/127.0.0.1:40003"), "the loopback host itself is a third");
        assertEquals(ConnectionGate.Refusal.TOO_MANY_NEW_CONNECTIONS, gate.admit("/127.0.0.1:40004"));
    }

    @Test
    void shouldBoundTheHostsItCountsAndForgetLastSecondsOnes()
    {
        final ConnectionGate gate = new ConnectionGate(100_000, 1, () -> nowMs, origins);
        for (int i = 0; i < ConnectionGate.MAX_HOSTS; i++)
        {
            assertNull(gate.admit("/10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255) + ":1"));
        }
        assertEquals(ConnectionGate.Refusal.TOO_MANY_NEW_CONNECTIONS, gate.admit("/11.0.0.1:1"),
            "a table full of this second's hosts refuses new hosts");
        nowMs += 1_000;
        assertNull(gate.admit("/11.0.0.1:1"), "last second's hosts are forgotten when room is needed");
    }
}
