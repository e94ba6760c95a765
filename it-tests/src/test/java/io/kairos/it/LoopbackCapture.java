package io.kairos.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code tcpdump -i lo} writing the traffic of two TCP ports to a pcap file with nanosecond timestamps,
 * packet-buffered ({@code -U --immediate-mode}) with a 256 MiB kernel buffer (a short burst of a
 * loaded machine then fits while tcpdump is not scheduled). A test where tcpdump is
 * missing or may not capture (not root, no CAP_NET_RAW) is skipped with the reason; CI installs
 * tcpdump and runs as root. {@link #stop()} sends SIGTERM, so tcpdump flushes the file and prints its
 * counters, which {@link #droppedByKernel()} reads. Owned by one test thread; tcpdump's messages are
 * read by a virtual thread.
 */
final class LoopbackCapture implements AutoCloseable
{
    private static final Pattern DROPPED = Pattern.compile("(\\d+) packets? dropped by kernel");

    private final Process tcpdump;
    private final Path file;
    private final List<String> messages = new CopyOnWriteArrayList<>();
    private final Thread reader;

    private LoopbackCapture(final Process tcpdump, final Path file, final BufferedReader output)
    {
        this.tcpdump = tcpdump;
        this.file = file;
        this.reader = Thread.ofVirtual().start(() -> collect(output));
    }

    /** Starts capturing and returns once tcpdump says it is listening. */
    static LoopbackCapture start(final Path file, final int firstPort, final int secondPort)
        throws IOException, InterruptedException
    {
        final Process tcpdump;
        try
        {
            tcpdump = new ProcessBuilder("tcpdump", "-i", "lo", "-n", "-U", "--immediate-mode", "-B", "262144",
                "--time-stamp-precision", "nano", "-w", file.toString(),
                "tcp port " + firstPort + " or tcp port " + secondPort).redirectErrorStream(true).start();
        }
        catch (final IOException ex)
        {
            assumeTrue(false, "tcpdump is not installed (CI installs it): " + ex.getMessage());
            throw ex;
        }
        final BufferedReader output = new BufferedReader(new InputStreamReader(tcpdump.getInputStream(), StandardCharsets.UTF_8));
        final String firstLine = output.readLine();
        if (firstLine == null || !firstLine.contains("listening on"))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            assumeTrue(false, "tcpdump cannot capture on lo here: " + firstLine);
        }
        return new LoopbackCapture(tcpdump, file, output);
    }

    Path file()
    {
        return file;
    }

    /** SIGTERM, then waits for tcpdump to write its last packets and counters (SIGKILL after 20 s). */
    void stop() throws InterruptedException
    {
        tcpdump.destroy();
        if (!tcpdump.waitFor(20, TimeUnit.SECONDS))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(5));
    }

    /** What tcpdump printed after "listening on", e.g. its packet counters once stopped. */
    String messages()
    {
        return String.join("\n", messages);
    }

    /** Packets the kernel dropped as tcpdump reported them on exit; -1 when it did not say. */
    long droppedByKernel()
    {
        for (final String line : messages)
        {
            final Matcher matcher = DROPPED.matcher(line);
            if (matcher.find())
            {
                return Long.parseLong(matcher.group(1));
            }
        }
        return -1;
    }

    @Override
    public void close() throws InterruptedException
    {
        if (tcpdump.isAlive())
        {
            stop();
        }
    }

    private void collect(final BufferedReader output)
    {
        try
        {
            String line;
            while ((line = output.readLine()) != null)
            {
                messages.add(line);
            }
        }
        catch (final IOException closed)
        {
            messages.add("(tcpdump output closed: " + closed.getMessage() + ")");
        }
    }
}
