package io.kairos.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Picks distinct loopback ports that are free right now, for a server that binds them moments later (a venue or a
 * gateway that must come back on the same port after a restart). Stateless.
 *
 * <p>Why below the kernel's ephemeral range: a port handed out by {@code bind(0)} is an ephemeral port, which the
 * kernel may give to any other socket (another test's port-0 listener, any outgoing connection on the machine)
 * between the pick and the server's bind — an it-tests {@code MetricsIT} start failed once with "Address already in
 * use" on the shared machine. Ports below the range are never handed out implicitly, so only a process that names
 * the same port can take it (it-tests' {@code KairosProcess} retries with fresh ports when that happens anyway).
 */
public final class FreePorts
{
    /** The lowest port picked: above the ports well-known services are configured on. */
    public static final int LOWEST = 20_000;

    private static final int DEFAULT_EPHEMERAL_LOW = 32_768;
    private static final int MAX_ATTEMPTS = 1_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    private FreePorts()
    {
    }

    /** One port free on 127.0.0.1 now. */
    public static int one()
    {
        return pick(1)[0];
    }

    /** {@code count} distinct ports free on 127.0.0.1 now; an ephemeral one only where the range below is empty. */
    public static int[] pick(final int count)
    {
        final int highest = ephemeralLow() - 1;
        final Set<Integer> ports = new LinkedHashSet<>();
        for (int attempt = 0; ports.size() < count && attempt < MAX_ATTEMPTS; attempt++)
        {
            final int candidate = highest > LOWEST ? ThreadLocalRandom.current().nextInt(LOWEST, highest + 1) : 0;
            try (ServerSocket socket = new ServerSocket(candidate, 1, InetAddress.getLoopbackAddress()))
            {
                ports.add(socket.getLocalPort());
            }
            catch (final IOException taken)
            {
                if (candidate == 0)
                {
                    throw new UncheckedIOException(taken);
                }
            }
        }
        if (ports.size() < count)
        {
            throw new IllegalStateException(
                "no " + count + " free loopback ports in [" + LOWEST + ", " + highest + "]");
        }
        return ports.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The first ports of {@code ranges} runs of {@code width} consecutive ports, free for UDP on 127.0.0.1 now and not
     * overlapping one another (an Aeron Cluster member's ports are its base and the ones after it), below the
     * ephemeral range as {@link #pick} is.
     */
    public static int[] udpRanges(final int ranges, final int width)
    {
        final int highest = ephemeralLow() - width;
        final int[] bases = new int[ranges];
        int found = 0;
        for (int attempt = 0; found < ranges && attempt < MAX_ATTEMPTS; attempt++)
        {
            final int base = ThreadLocalRandom.current().nextInt(LOWEST, highest);
            boolean overlaps = false;
            for (int i = 0; i < found; i++)
            {
                overlaps |= Math.abs(bases[i] - base) < width;
            }
            if (!overlaps && udpFree(base, width))
            {
                bases[found++] = base;
            }
        }
        if (found < ranges)
        {
            throw new IllegalStateException("no " + ranges + " runs of " + width + " free UDP ports in [" + LOWEST +
                ", " + (highest + width) + ")");
        }
        return bases;
    }

    private static boolean udpFree(final int base, final int count)
    {
        for (int port = base; port < base + count; port++)
        {
            try (DatagramSocket socket = new DatagramSocket(port, InetAddress.getLoopbackAddress()))
            {
                socket.getLocalPort();
            }
            catch (final IOException taken)
            {
                return false;
            }
        }
        return true;
    }

    /** The first port of the kernel's ephemeral range (Linux), or the IANA default elsewhere. */
    public static int ephemeralLow()
    {
        try
        {
            // readAllLines, not readString: a /proc file reports size 0, and readString then returned its first byte
            // only ("3"), which made every pick fall back to an ephemeral port
            return Files.isReadable(EPHEMERAL_RANGE) ?
                Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]) :
                DEFAULT_EPHEMERAL_LOW;
        }
        catch (final IOException | RuntimeException unreadable)
        {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }
}
