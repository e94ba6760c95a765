package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * incremental that carries its OrderID. Captured by {@link LoopbackCapture}, so skipped, with the reason, where
 * tcpdump is missing or may not capture (CI installs it and runs as root).
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
            try (LoopbackCapture tcpdump = LoopbackCapture.start(capture, venue.fixPort(), venue.mdPort()))
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
                tcpdump.stop();
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
}
