package io.kairos.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A small network a test makes for itself: {@code hosts} network namespaces, each linked by a veth pair to one bridge,
 * on a random private /24 ({@code 10.R.R.0/24}): host i is {@code .i+1}, the bridge (this namespace's side, where the
 * test and the processes it starts here are) {@code .254}. {@link #cut} takes a host's link down — the host is alone
 * until {@link #restore} — and {@link #close} deletes it all. Needs root and iproute2 ({@link #available}). Owned by
 * one test thread.
 */
final class TestNetwork implements AutoCloseable
{
    private final String id;
    private final String subnet;
    private final int hosts;
    private final List<String> created = new ArrayList<>();

    private TestNetwork(final String id, final String subnet, final int hosts)
    {
        this.id = id;
        this.subnet = subnet;
        this.hosts = hosts;
    }

    /** Whether this process may make namespaces: root, with iproute2's {@code ip}. */
    static boolean available()
    {
        try
        {
            final String status = Files.readString(Path.of("/proc/self/status"), StandardCharsets.US_ASCII);
            return status.lines().anyMatch(l -> l.matches("Uid:\\s+0\\s.*")) && run("ip", "netns", "list") == 0;
        }
        catch (final IOException | RuntimeException ex)
        {
            return false;
        }
    }

    static TestNetwork create(final int hosts)
    {
        final ThreadLocalRandom random = ThreadLocalRandom.current();
        final TestNetwork network = new TestNetwork(Integer.toHexString(0x10000 + random.nextInt(0xEFFFF)),
            "10." + random.nextInt(100, 250) + "." + random.nextInt(1, 250) + ".", hosts);
        try
        {
            network.build();
            return network;
        }
        catch (final RuntimeException ex)
        {
            network.close();
            throw ex;
        }
    }

    private void build()
    {
        final String bridge = bridge();
        must("ip", "link", "add", bridge, "type", "bridge");
        created.add("link:" + bridge);
        must("ip", "addr", "add", hostAddress() + "/24", "dev", bridge);
        must("ip", "link", "set", bridge, "up");
        for (int i = 0; i < hosts; i++)
        {
            final String namespace = namespace(i);
            must("ip", "netns", "add", namespace);
            created.add("netns:" + namespace);
            must("ip", "link", "add", hostSide(i), "type", "veth", "peer", "name", "kn" + id + i);
            must("ip", "link", "set", "kn" + id + i, "netns", namespace);
            must("ip", "link", "set", hostSide(i), "master", bridge);
            must("ip", "link", "set", hostSide(i), "up");
            must("ip", "-n", namespace, "addr", "add", address(i) + "/24", "dev", "kn" + id + i);
            must("ip", "-n", namespace, "link", "set", "kn" + id + i, "up");
            must("ip", "-n", namespace, "link", "set", "lo", "up");
        }
    }

    String namespace(final int host)
    {
        return "kairos-" + id + "-" + host;
    }

    /** Host {@code host}'s address, inside its namespace. */
    String address(final int host)
    {
        return subnet + (host + 1);
    }

    /** The bridge's address, in the test's own namespace. */
    String hostAddress()
    {
        return subnet + "254";
    }

    /** Takes host {@code host}'s link to the bridge down: it reaches no one and no one reaches it. */
    void cut(final int host)
    {
        must("ip", "link", "set", hostSide(host), "down");
    }

    void restore(final int host)
    {
        must("ip", "link", "set", hostSide(host), "up");
    }

    /** GET {@code path} from a port on host {@code host}'s loopback, from inside its namespace (even when cut). */
    String getInside(final int host, final int port, final String path)
    {
        final Process process = start("ip", "netns", "exec", namespace(host), "bash", "-c",
            "exec 3<>/dev/tcp/127.0.0.1/" + port + " && printf 'GET " + path +
            " HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && cat <&3");
        try
        {
            final String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 ? output : "";
        }
        catch (final IOException ex)
        {
            return "";
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private String bridge()
    {
        return "kb" + id;
    }

    private String hostSide(final int host)
    {
        return "kh" + id + host;
    }

    @Override
    public void close()
    {
        for (int i = created.size() - 1; i >= 0; i--)
        {
            final String[] what = created.get(i).split(":", 2);
            if ("netns".equals(what[0]))
            {
                run("ip", "netns", "del", what[1]);
            }
            else
            {
                run("ip", "link", "del", what[1]);
            }
        }
        created.clear();
    }

    private static void must(final String... command)
    {
        final int status = run(command);
        if (status != 0)
        {
            throw new IllegalStateException(String.join(" ", command) + " exited with " + status);
        }
    }

    private static int run(final String... command)
    {
        final Process process = start(command);
        try
        {
            process.getInputStream().transferTo(System.err);
            return process.waitFor(30, TimeUnit.SECONDS) ? process.exitValue() : -1;
        }
        catch (final IOException ex)
        {
            return -1;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return -1;
        }
        finally
        {
            process.destroyForcibly();
        }
    }

    private static Process start(final String... command)
    {
        try
        {
            return new ProcessBuilder(command).redirectErrorStream(true).start();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot run " + String.join(" ", command) + ": " + ex, ex);
        }
    }
}
