package io.kairos.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;

/** Picks distinct loopback ports that are free right now (the server binds them moments later). Stateless. */
final class FreePorts
{
    private FreePorts()
    {
    }

    static int[] pick(final int count)
    {
        final Set<Integer> ports = new HashSet<>();
        while (ports.size() < count)
        {
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
            {
                socket.setReuseAddress(true);
                ports.add(socket.getLocalPort());
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
        return ports.stream().mapToInt(Integer::intValue).toArray();
    }
}
