package io.kairos.latency;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.testing.Analysis;
import io.kairos.latency.testing.TestFix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real traffic, real capture: a tiny FIX-framed order server and market-data publisher on 127.0.0.1, a client sending
 * NewOrderSingles, all captured by {@code tcpdump -i lo}; the tool must pair every order with its ack and its tick,
 * and no wire latency may exceed what the client itself measured. tcpdump runs with a 64 MB buffer and immediate
 * mode: with the defaults the kernel drops loopback packets on a busy machine. Skipped (with the reason) when
 * tcpdump is not installed or may not capture.
 */
class LoopbackTcpdumpTest
{
    private static final int ORDERS = 20;

    @TempDir
    Path directory;

    @Test
    @Timeout(60)
    void shouldPairOrdersAcksAndTicksCapturedFromLoopbackByTcpdump() throws Exception
    {
        try (ServerSocket orderServer = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket mdServer = new ServerSocket(0, 1, InetAddress.getLoopbackAddress()))
        {
            final Path capture = directory.resolve("loopback.pcap");
            final Process tcpdump = startTcpdump(capture, orderServer.getLocalPort(), mdServer.getLocalPort());
            final long[] clientRttNs = new long[ORDERS];
            try (Socket subscriber = new Socket(InetAddress.getLoopbackAddress(), mdServer.getLocalPort());
                 Socket publisher = mdServer.accept();
                 Socket client = new Socket(InetAddress.getLoopbackAddress(), orderServer.getLocalPort());
                 Socket gateway = orderServer.accept())
            {
                client.setTcpNoDelay(true);
                gateway.setTcpNoDelay(true);
                publisher.setTcpNoDelay(true);
                for (int i = 0; i < ORDERS; i++)
                {
                    final long start = System.nanoTime();
                    client.getOutputStream().write(TestFix.message("D", 11, "L" + i, 55, "KRS", 54, 1, 38, 10));
                    readMessage(gateway.getInputStream());
                    gateway.getOutputStream().write(TestFix.message("8", 11, "L" + i, 37, "OID" + i, 150, 0, 39, 0));
                    readMessage(client.getInputStream());
                    clientRttNs[i] = System.nanoTime() - start;
                    publisher.getOutputStream().write(TestFix.message("X", 268, 1, 279, 0, 278, "OID" + i));
                    readMessage(subscriber.getInputStream());
                }
            }
            finally
            {
                awaitCaptured(capture, orderServer.getLocalPort(), mdServer.getLocalPort());
                tcpdump.destroy();
                assertTrue(tcpdump.waitFor(10, TimeUnit.SECONDS), "tcpdump stops on SIGTERM");
            }

            final Analysis analysis = Analysis.of(capture, String.valueOf(orderServer.getLocalPort()),
                String.valueOf(mdServer.getLocalPort()));

            final java.io.ByteArrayOutputStream summary = new java.io.ByteArrayOutputStream();
            io.kairos.latency.report.ConsoleReport.write(analysis.result(), new java.io.PrintStream(summary, true,
                java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(ORDERS, analysis.result().correlator().metrics().orderAck.count(), summary::toString);
            assertEquals(ORDERS, analysis.result().correlator().metrics().orderToTickFirst.count());
            assertEquals(0, analysis.result().problems().problemCount());
            for (int i = 0; i < ORDERS; i++)
            {
                final long wireNs = analysis.sink().row("L" + i).ackLatencyNs();
                assertTrue(wireNs > 0 && wireNs <= clientRttNs[i],
                    "order L" + i + ": wire " + wireNs + " ns must lie inside the client's " + clientRttNs[i] + " ns");
            }
        }
    }

    private static Process startTcpdump(final Path capture, final int orderPort, final int mdPort) throws Exception
    {
        final Process process;
        try
        {
            process = new ProcessBuilder("tcpdump", "-i", "lo", "-B", "65536", "-U", "--immediate-mode", "-n",
                "--time-stamp-precision=nano", "-w", capture.toString(),
                "tcp port " + orderPort + " or tcp port " + mdPort)
                .redirectErrorStream(true).start();
        }
        catch (final IOException ex)
        {
            Assumptions.abort("tcpdump is not installed (" + ex.getMessage() + "); skipping the loopback capture test");
            throw ex;
        }
        final InputStream output = process.getInputStream();
        final StringBuilder text = new StringBuilder();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!text.toString().contains("listening on") && System.nanoTime() < deadline && process.isAlive())
        {
            if (output.available() > 0)
            {
                text.append((char)output.read());
            }
            else
            {
                Thread.sleep(10);
            }
        }
        if (!text.toString().contains("listening on"))
        {
            process.destroyForcibly();
            Assumptions.abort("tcpdump cannot capture on lo here (needs CAP_NET_RAW): " + text.toString().trim());
        }
        return process;
    }

    /**
     * Waits (at most 20 s: tcpdump may be starved of CPU on a busy machine) until the capture already holds every
     * order's ack and tick, reading the growing file with the tool itself.
     */
    private static void awaitCaptured(final Path capture, final int orderPort, final int mdPort) throws Exception
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline)
        {
            if (java.nio.file.Files.size(capture) > 24)
            {
                final Analysis partial = Analysis.of(capture, String.valueOf(orderPort), String.valueOf(mdPort));
                if (partial.result().correlator().metrics().orderAck.count() == ORDERS &&
                    partial.result().correlator().metrics().orderToTickFirst.count() == ORDERS)
                {
                    return;
                }
            }
            Thread.sleep(100);
        }
    }

    /** Reads one FIX message (up to and including the CheckSum field) from a blocking socket stream. */
    private static String readMessage(final InputStream in) throws IOException
    {
        final StringBuilder text = new StringBuilder();
        while (true)
        {
            final int b = in.read();
            if (b < 0)
            {
                throw new IOException("connection closed after " + text);
            }
            text.append((char)b);
            final int trailer = text.lastIndexOf("\u000110=");
            if (trailer >= 0 && text.length() == trailer + 8 && b == 1)
            {
                return text.toString();
            }
        }
    }
}
