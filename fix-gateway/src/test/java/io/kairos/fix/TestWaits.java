package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.fail;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded waits and a free loopback port for the gateway's restart tests. */
final class TestWaits
{
    private TestWaits()
    {
    }

    /** Bounded wait (10 s) for a condition; fails with {@code what} when it never holds. */
    static void awaitUntil(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                fail(what);
            }
            Thread.onSpinWait();
        }
    }

    static void awaitDisconnected(final GatewayFixture fixture, final String compId)
    {
        awaitUntil(() -> !fixture.gateway.agent().session(compId).isConnected(), compId + " still connected");
    }

    /** A port free on 127.0.0.1 now, for a gateway that must come back on the same port after a restart. */
    static int freePort() throws Exception
    {
        try (ServerSocket socket = new ServerSocket())
        {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return socket.getLocalPort();
        }
    }
}
