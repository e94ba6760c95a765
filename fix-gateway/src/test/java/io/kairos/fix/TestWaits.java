package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;

/** Bounded waits and a free loopback port for the gateway's restart tests. Stateless. */
final class TestWaits
{
    private static final int LOWEST_PORT = 20_000;

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

    /**
     * A port free on 127.0.0.1 now, for a gateway that must come back on the same port after a restart. Picked below
     * the kernel's ephemeral range (as it-tests' {@code FreePorts} does): an ephemeral port may be handed to any other
     * socket on the machine (another test's port-0 listener, an outgoing connection) before the gateway binds it.
     */
    static int freePort() throws Exception
    {
        final int highest = ephemeralLow() - 1;
        for (int attempt = 0; attempt < 1_000 && highest > LOWEST_PORT; attempt++)
        {
            try (ServerSocket socket = new ServerSocket())
            {
                final int candidate = ThreadLocalRandom.current().nextInt(LOWEST_PORT, highest + 1);
                socket.bind(new InetSocketAddress("127.0.0.1", candidate));
                return socket.getLocalPort();
            }
            catch (final IOException taken)
            {
                // try another
            }
        }
        try (ServerSocket socket = new ServerSocket())
        {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return socket.getLocalPort();
        }
    }

    private static int ephemeralLow()
    {
        try
        {
            final String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range"));
            return Integer.parseInt(range.trim().split("\\s+")[0]);
        }
        catch (final IOException | RuntimeException unreadable)
        {
            return 32_768;
        }
    }
}
