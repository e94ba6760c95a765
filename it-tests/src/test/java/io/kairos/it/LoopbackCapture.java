package io.kairos.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code tcpdump -i lo} writing the traffic of two TCP ports to a pcap file with nanosecond timestamps
 * and a 256 MiB kernel buffer. Neither {@code --immediate-mode} nor {@code -U}: immediate mode makes
 * libpcap use a ring of fixed slots as large as the largest packet (loopback: 64 KiB) and {@code -U}
 * a write per packet, and with both tcpdump dropped 1,368 of 430,000 packets at load average 19 on two
 * cores; the default block ring packs packets densely, and the file is flushed when tcpdump stops
 * ({@link #stop()} first lets the kernel hand over its last block).
 * A test where tcpdump is missing or may not capture (not root, no CAP_NET_RAW) is skipped with the
 * reason; CI installs tcpdump and runs as root. tcpdump's messages go to a file next to the capture (a pipe
 * read while the process exits can lose its last lines); {@link #stop()} sends SIGTERM, so tcpdump flushes the
 * capture and prints its counters, which {@link #droppedByKernel()} reads. Owned by one test thread.
 */
final class LoopbackCapture implements AutoCloseable
{
    private static final Pattern DROPPED = Pattern.compile("(\\d+) packets? dropped by kernel");
    private static final long LISTENING_TIMEOUT_MS = 10_000;
    /**
     * Without immediate mode the kernel hands packets to tcpdump a block at a time, a block at the
     * latest 1 s (tcpdump's buffer timeout) after its first packet; packets of a block not yet handed
     * over when tcpdump stops are lost without being counted as drops (seen: the last 10 orders of a run).
     */
    private static final long BLOCK_TIMEOUT_MS = 1_000;

    private final Process tcpdump;
    private final Path file;
    private final Path messages;

    private LoopbackCapture(final Process tcpdump, final Path file, final Path messages)
    {
        this.tcpdump = tcpdump;
        this.file = file;
        this.messages = messages;
    }

    /** Starts capturing and returns once tcpdump says it is listening. */
    static LoopbackCapture start(final Path file, final int firstPort, final int secondPort)
        throws IOException, InterruptedException
    {
        final Path messages = file.resolveSibling(file.getFileName() + ".tcpdump.txt");
        final Process tcpdump;
        try
        {
            tcpdump = new ProcessBuilder("tcpdump", "-i", "lo", "-n", "-s", "0", "-B", "262144",
                "--time-stamp-precision", "nano", "-w", file.toString(),
                "tcp port " + firstPort + " or tcp port " + secondPort)
                .redirectErrorStream(true).redirectOutput(messages.toFile()).start();
        }
        catch (final IOException ex)
        {
            assumeTrue(false, "tcpdump is not installed (CI installs it): " + ex.getMessage());
            throw ex;
        }
        final LoopbackCapture capture = new LoopbackCapture(tcpdump, file, messages);
        final long deadline = System.currentTimeMillis() + LISTENING_TIMEOUT_MS;
        while (!capture.messages().contains("listening on") && tcpdump.isAlive() &&
            System.currentTimeMillis() < deadline)
        {
            KairosProcess.pause(20);
        }
        if (!capture.messages().contains("listening on"))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            assumeTrue(false, "tcpdump cannot capture on lo here: " + capture.messages());
        }
        return capture;
    }

    Path file()
    {
        return file;
    }

    /**
     * Waits twice the kernel's block timeout so that everything captured so far reaches tcpdump, then
     * SIGTERM, then waits for tcpdump to write its last packets and counters (SIGKILL after 20 s).
     */
    void stop() throws InterruptedException
    {
        Thread.sleep(2 * BLOCK_TIMEOUT_MS);
        tcpdump.destroy();
        if (!tcpdump.waitFor(20, TimeUnit.SECONDS))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Everything tcpdump printed so far, e.g. its packet counters once stopped. */
    String messages()
    {
        try
        {
            return Files.readString(messages, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "(no tcpdump output: " + ex + ")";
        }
    }

    /** Packets the kernel dropped as tcpdump reported them on exit; -1 when it did not say. */
    long droppedByKernel()
    {
        final Matcher matcher = DROPPED.matcher(messages());
        return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
    }

    @Override
    public void close()
    {
        if (tcpdump.isAlive())
        {
            try
            {
                stop();
            }
            catch (final InterruptedException ex)
            {
                tcpdump.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
