package io.kairos.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class FreePortsTest
{
    @Test
    void shouldPickDistinctPortsBelowTheEphemeralRangeThatCanBeBound() throws Exception
    {
        final int[] ports = FreePorts.pick(3);
        assertEquals(3, ports.length);
        assertEquals(3, Arrays.stream(ports).distinct().count(), Arrays.toString(ports));
        for (final int port : ports)
        {
            if (FreePorts.ephemeralLow() - 1 > FreePorts.LOWEST)
            {
                assertTrue(port >= FreePorts.LOWEST && port < FreePorts.ephemeralLow(), port + " below the range");
            }
            try (ServerSocket bound = new ServerSocket(port, 1, InetAddress.getLoopbackAddress()))
            {
                assertEquals(port, bound.getLocalPort());
            }
        }
    }

    @Test
    void shouldPickOnePortThatCanBeBound() throws Exception
    {
        final int port = FreePorts.one();
        try (ServerSocket bound = new ServerSocket(port, 1, InetAddress.getLoopbackAddress()))
        {
            assertEquals(port, bound.getLocalPort());
        }
    }
}
