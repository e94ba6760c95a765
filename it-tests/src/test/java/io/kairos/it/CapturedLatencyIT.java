package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * Real Kairos traffic captured with {@code tcpdump -i lo} and analysed by the shipped
 * {@code bin/latency-tool}: every order is paired with its ack and with the first market-data
 * incremental that carries its OrderID. Skipped, with the reason, where tcpdump is missing or may
 * not capture (CI installs it and runs as root).
 */
class CapturedLatencyIT
{
    private static final int ORDERS = 20;

    @TempDir
    Path dir;

    @Test
    void shouldPairEveryOrderWithItsAckAndItsFirstTickFromATcpdumpCapture() throws Exception
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "off");
        final Path capture = dir.resolve("kairos.pcap");
        final Set<String> orderIds = new HashSet<>();
        try (KairosProcess server = venue.start();
            FixClient trader = new FixClient(dir.resolve("trader"), venue.fixPort(), "CLIENT04",
                "client04pass").logon();
            FixClient subscriber = new FixClient(dir.resolve("md"), venue.mdPort(), "MD03", "md03pass",
                "KAIROS-MD").logon())
        {
            final Process tcpdump = startTcpdump(capture, venue.fixPort(), venue.mdPort());
            try
            {
                final Message request = Orders.subscribe("cap-1", "T01", 0);
                request.setChar(266, 'N');
                subscriber.send(request);
                subscriber.next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
                for (int i = 0; i < ORDERS; i++)
                {
                    final String clOrdId = "cap-" + i;
                    trader.send(Orders.limit(clOrdId, "T01", Side.BUY, 1 + i, "99.00"));
                    orderIds.add(str(trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, clOrdId)), 37));
                }
                for (int seen = 0; seen < ORDERS; )
                {
                    final Message update = subscriber.next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH);
                    seen += (int)update.getGroups(268).stream().filter(g -> orderIds.contains(str(g, 278))).count();
                }
            }
            finally
            {
                stop(tcpdump);
            }
            assertEquals(0, server.stop());
        }

        final Path out = dir.resolve("report");
        final Process analysis = new ProcessBuilder(KairosProcess.distribution().resolve("bin/latency-tool").toString(),
            "analyze", capture.toString(), "--order-ports", Integer.toString(venue.fixPort()),
            "--md-ports", Integer.toString(venue.mdPort()), "--out", out.toString())
            .redirectErrorStream(true).start();
        final String console = new String(analysis.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(analysis.waitFor(120, TimeUnit.SECONDS), "latency-tool finished");
        assertEquals(0, analysis.exitValue(), console);
        assertTrue(Files.exists(out.resolve("report.html")) && Files.exists(out.resolve("order-ack.hgrm")), console);

        final List<String> rows = Files.readAllLines(out.resolve("orders.csv"));
        final List<String> header = Arrays.asList(rows.get(0).split(","));
        final int orderId = header.indexOf("orderid");
        final int ackLatency = header.indexOf("ack_latency_us");
        final int orderToTick = header.indexOf("order_to_tick_us");
        final List<String> problems = new ArrayList<>();
        int paired = 0;
        for (final String row : rows.subList(1, rows.size()))
        {
            final String[] cells = row.split(",", -1);
            if (!orderIds.contains(cells[orderId]))
            {
                continue;
            }
            paired++;
            if (cells[ackLatency].isEmpty() || cells[orderToTick].isEmpty())
            {
                problems.add(row);
            }
        }
        assertEquals(ORDERS, paired, "orders found in the capture by their OrderID\n" + console);
        assertTrue(problems.isEmpty(), "rows without ack or tick latency: " + problems + "\n" + console);
    }

    private static Process startTcpdump(final Path capture, final int fixPort, final int mdPort) throws IOException,
        InterruptedException
    {
        final Process tcpdump;
        try
        {
            tcpdump = new ProcessBuilder("tcpdump", "-i", "lo", "-n", "-U", "--immediate-mode", "-B", "65536", "-w",
                capture.toString(),
                "tcp port " + fixPort + " or tcp port " + mdPort).redirectErrorStream(true).start();
        }
        catch (final IOException ex)
        {
            assumeTrue(false, "tcpdump is not installed (CI installs it): " + ex.getMessage());
            throw ex;
        }
        final BufferedReader output = new BufferedReader(
            new InputStreamReader(tcpdump.getInputStream(), StandardCharsets.UTF_8));
        final String firstLine = output.readLine();
        if (firstLine == null || !firstLine.contains("listening on"))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            assumeTrue(false, "tcpdump cannot capture on lo here: " + firstLine);
        }
        Thread.ofVirtual().start(() -> drain(output));
        return tcpdump;
    }

    /** Keeps tcpdump's stderr pipe from filling; ends when tcpdump exits and closes it. */
    private static void drain(final BufferedReader output)
    {
        try
        {
            while (output.readLine() != null)
            {
                Thread.onSpinWait();
            }
        }
        catch (final IOException closed)
        {
            // tcpdump was stopped: nothing more to read
        }
    }

    private static void stop(final Process tcpdump) throws InterruptedException
    {
        tcpdump.destroy();
        if (!tcpdump.waitFor(20, TimeUnit.SECONDS))
        {
            tcpdump.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
