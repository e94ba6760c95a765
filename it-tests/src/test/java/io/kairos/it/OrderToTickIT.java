package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A short order-to-tick run against the real venue: ten order-entry sessions (CLIENT01..10)
 * send the published order-to-tick mix (20 % market IOC, Day limits priced N(mid, 20 ticks)) at a
 * constant rate while three market-data subscribers watch (MD01 order by order, MD02 and MD03 by price
 * level, top 5, without trades) and {@code tcpdump -i lo} captures both ports; then the shipped
 * {@code bin/latency-tool} analyses the capture. Checked: no answer lost at the client (every ClOrdID answered, nothing
 * unknown, no logout), every order that rested or traded reached the order-by-order subscriber,
 * and latency-tool paired every order with its ack and each of those orders with its first tick
 * (MDEntryID 278 = OrderID 37), with its CSV, .hgrm and HTML outputs complete.
 *
 * <p>One order-by-order subscriber, not several: latency-tool keeps ticks that reach the wire before
 * their order's ack in a ring of 4,096 market-data entries, and each order-by-order subscriber adds
 * entries for every order event; when acks lag ticks by more than the ring holds (a backlogged
 * gateway), the later subscribers' early ticks are no longer paired (seen in a run with two).
 *
 * <p>Rate and duration are system properties ({@value #RATE_PROPERTY}, default 200 orders/s per
 * session; {@value #DURATION_PROPERTY}, default 20 s). Should the gateway fall behind the rate, the
 * test still waits up to {@link #ANSWER_DRAIN_MS} for the backlog and judges correctness only; the
 * achieved rates are printed.
 */
class OrderToTickIT
{
    static final String RATE_PROPERTY = "kairos.it.order-to-tick.rate-per-session";
    static final String DURATION_PROPERTY = "kairos.it.order-to-tick.duration-seconds";
    private static final int SESSIONS = 10;
    private static final List<String> SYMBOLS = List.of("T01", "T02", "T03", "T04");
    /**
     * The QuickFIX/J subscribers share the test JVM and two cores with the venue and the load; at the
     * shipped limit (10,000) a subscriber that fell a few seconds behind was logged out as a slow
     * consumer (seen at load average 17), which md-gateway's own tests cover.
     */
    private static final int MD_QUEUE_LIMIT_MESSAGES = 200_000;
    private static final long LOGON_MS = 30_000;
    private static final long ANSWER_DRAIN_MS = 120_000;
    private static final long TICK_DRAIN_MS = 20_000;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void shouldPairEveryOrderWithItsAckAndEveryRestingOrTradingOrderWithItsFirstTick() throws Exception
    {
        final double ratePerSession = Double.parseDouble(System.getProperty(RATE_PROPERTY, "200"));
        final long durationNs = TimeUnit.SECONDS.toNanos(Long.parseLong(System.getProperty(DURATION_PROPERTY, "20")));
        final double totalRate = ratePerSession * SESSIONS;
        if (!(ratePerSession > 0) || durationNs <= 0)
        {
            throw new IllegalArgumentException(RATE_PROPERTY + " and " + DURATION_PROPERTY +
                " must be positive, were " +
                ratePerSession + " and " + TimeUnit.NANOSECONDS.toSeconds(durationNs));
        }
        final TestVenue venue = venue();
        final List<String> clients = IntStream.rangeClosed(1, SESSIONS).mapToObj(i ->
            String.format("CLIENT%02d", i)).toList();
        final List<MarketDataFeed.Subscriber> subscribers = List.of(new MarketDataFeed.Subscriber("MD01", true),
            new MarketDataFeed.Subscriber("MD02", false), new MarketDataFeed.Subscriber("MD03", false));
        final int capacity = (int)Math.round(totalRate * durationNs / 1e9) + 1;

        final OrderEntryLoad.Sent sent;
        final long drainedNs;
        final Set<String> tickExpected = new HashSet<>();
        final String clientFigures;
        final Path captureFile = dir.resolve("order-to-tick.pcap");
        final LoopbackCapture capture;
        try (KairosProcess server = KairosProcess.start(venue,
            Map.of("JAVA_OPTS", "-Xms512m -Xmx512m -XX:-AlwaysPreTouch")))
        {
            capture = LoopbackCapture.start(captureFile, venue.fixPort(), venue.mdPort());
            try (capture;
                MarketDataFeed feed = new MarketDataFeed(venue.mdPort(), subscribers, SYMBOLS).subscribe(LOGON_MS);
                OrderEntryLoad load = new OrderEntryLoad(venue.fixPort(), clients, capacity).logon(LOGON_MS))
            {
                sent = load.send(mix(), totalRate, durationNs);
                final int answered = load.awaitAnswers(sent.orders(), ANSWER_DRAIN_MS);
                drainedNs = load.lastFirstAnswerNs() - sent.firstSendNs();
                assertEquals(sent.orders(), answered, "orders answered within " + ANSWER_DRAIN_MS + " ms\n" +
                    server.output());
                assertEquals(0, load.unknownAnswers(), "ExecutionReports for ClOrdIDs never sent");
                assertEquals("0 logouts, 0 resend requests", load.sessionEvents().logouts() + " logouts, " +
                    load.sessionEvents().resendRequests() + " resend requests",
                    "order-entry sessions during the run (a resend request means a sequence gap)");
                tickExpected.addAll(ordersThatRestedOrTraded(load, sent.orders()));
                final Map<String, Set<String>> notSeen = feed.awaitOrderIds(tickExpected, TICK_DRAIN_MS);
                assertTrue(notSeen.isEmpty(), "OrderIDs that rested or traded but never reached a subscriber: " +
                    summary(notSeen));
                assertEquals("0 logouts, 0 resend requests, 0 request rejects, 0 session rejects",
                    feed.sessionEvents().logouts() + " logouts, " +
                    feed.sessionEvents().resendRequests() + " resend requests, " +
                    feed.requestRejects() + " request rejects, " +
                    feed.sessionRejects() + " session rejects", "market-data sessions");
                clientFigures = String.format("MD01/MD02/MD03 incrementals %d/%d/%d", feed.incrementals("MD01"),
                    feed.incrementals("MD02"), feed.incrementals("MD03"));
                capture.stop();
            }
            assertEquals(0, server.stop(), "server exit status");
        }
        assertEquals(0, capture.droppedByKernel(), "packets tcpdump says the kernel dropped:\n" + capture.messages());

        System.out.printf("OrderToTickIT: %d orders over %d sessions, intended %.0f/s, sent at %.0f/s " +
            "(max sender lag %.1f ms); last first answer %.1f s after the first send (answered at %.0f orders/s); " +
            "%d orders rested or traded; %s; %s%n",
            sent.orders(), SESSIONS, totalRate, sent.ratePerSecond(), sent.maxLagNs() / 1e6, drainedNs / 1e9,
            (sent.orders() - 1) * 1e9 / drainedNs, tickExpected.size(), clientFigures, capture.messages());

        final LatencyReport report = LatencyReport.analyze(captureFile, venue.fixPort(), venue.mdPort(),
            dir.resolve("report"), 120, "--ack-timeout-ms", Long.toString(ANSWER_DRAIN_MS + 60_000),
            "--tick-timeout-ms", Long.toString(TICK_DRAIN_MS));
        System.out.println(report.console());
        checkReport(report, sent.orders(), tickExpected);
    }

    /** The test instruments, the throttle out of the way, an async journal (as bench/bin/scenario runs it). */
    private TestVenue venue()
    {
        return new TestVenue(dir).withTestInstruments(SYMBOLS.size())
            .set("journal.mode", "async")
            .set("fix.throttle.messages-per-second", "1000000")
            .set("fix.throttle.disconnect-after-rejects", Integer.toString(Integer.MAX_VALUE))
            .set("md.outbound-queue-limit-messages", Integer.toString(MD_QUEUE_LIMIT_MESSAGES));
    }

    /**
     * The OrderIDs of the orders that must have ticked: a Day limit order that was not rejected rests
     * or trades (and its reports must say which); a market (IOC) order ticks only when it trades. Fails
     * the test if a limit order was rejected or reported neither resting nor trading.
     */
    private static Set<String> ordersThatRestedOrTraded(final OrderEntryLoad load, final int orders)
    {
        final Set<String> orderIds = new HashSet<>();
        final List<String> problems = new ArrayList<>();
        for (int i = 0; i < orders; i++)
        {
            final boolean traded = load.has(i, OrderEntryLoad.TRADED);
            if (load.market(i))
            {
                if (traded)
                {
                    orderIds.add(load.orderId(i));
                }
            }
            else if (load.has(i, OrderEntryLoad.REJECTED) || !(traded || load.has(i, OrderEntryLoad.OPEN)))
            {
                problems.add("O" + i);
            }
            else
            {
                orderIds.add(load.orderId(i));
            }
        }
        assertTrue(problems.isEmpty(), "limit orders rejected, or reported neither resting nor trading: " + problems);
        return orderIds;
    }

    private static void checkReport(final LatencyReport report, final int orders,
        final Set<String> tickExpected) throws Exception
    {
        final List<Map<String, String>> rows = report.orders();
        assertEquals(orders, rows.size(), "orders.csv rows\n" + report.console());
        final Set<String> clOrdIds = new HashSet<>();
        final List<String> problems = new ArrayList<>();
        int ticked = 0;
        for (final Map<String, String> row : rows)
        {
            clOrdIds.add(row.get("clordid"));
            if (!"D".equals(row.get("request")) || !"acked".equals(row.get("status")) ||
                !isLatency(row.get("ack_latency_us")))
            {
                problems.add("not paired with its ack: " + row);
            }
            else if (tickExpected.contains(row.get("orderid")))
            {
                ticked++;
                if (!isLatency(row.get("order_to_tick_us")) || Integer.parseInt(row.get("subscribers")) < 1)
                {
                    problems.add("not paired with its first tick: " + row);
                }
            }
        }
        assertEquals(orders, clOrdIds.size(), "distinct ClOrdIDs in orders.csv");
        assertTrue(problems.isEmpty(), problems.size() + " rows, first ones: " +
            problems.subList(0, Math.min(5, problems.size())) +
            "\n" + report.console());
        assertEquals(tickExpected.size(), ticked, "orders that rested or traded found in orders.csv by OrderID");
        assertEquals(orders, report.histogramCount("order-ack"), "order-ack.hgrm count");
        assertEquals(tickExpected.size(), report.histogramCount("order-to-tick"), "order-to-tick.hgrm count");
        final String html = Files.readString(report.file("report.html"), StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.contains("<table>") && html.contains("order-to-tick") &&
            html.contains("<svg") && html.strip().endsWith("</html>"),
                "report.html is a complete page with its table and charts");
        assertTrue(Files.readString(report.file("summary.txt"), StandardCharsets.UTF_8).contains("order-ack"),
            "summary.txt");
    }

    private static boolean isLatency(final String micros)
    {
        return !micros.isEmpty() && new BigDecimal(micros).signum() >= 0;
    }

    private static String summary(final Map<String, Set<String>> notSeen)
    {
        final StringBuilder text = new StringBuilder();
        notSeen.forEach((compId, ids) -> text.append(compId).append(": ").append(ids.size()).append(" missing, e.g. ")
            .append(ids.stream().limit(5).toList()).append("; "));
        return text.toString();
    }

    private static OrderMix mix()
    {
        final List<OrderMix.Symbol> symbols = SYMBOLS.stream()
            .map(symbol -> new OrderMix.Symbol(symbol, new BigDecimal("0.01"), 10_000, 1)).toList();
        return new OrderMix(symbols, 0.2, 20, 10, 20_260_222L);
    }
}
