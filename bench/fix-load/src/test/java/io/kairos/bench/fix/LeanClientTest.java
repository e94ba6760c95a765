package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lean client over real loopback TCP against the repo's echo server and a scripted peer: logon, every order
 * answered exactly once, MsgSeqNum gaps counted, TestRequests answered, Logout at the end. Counts only, no timing.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LeanClientTest
{
    /** How long a wait for the peer may take: a safety net for a hung peer, never a measure of speed. */
    private static final Duration PEER_BOUND = Duration.ofSeconds(30);

    private static final long SECOND_NS = TimeUnit.SECONDS.toNanos(1);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    /** {@code sessions} sessions, {@code rate}/s for one second after no warm-up: exactly {@code rate} requests. */
    static LoadConfig config(final int port, final int sessions, final double rate, final String mix,
        final Path outDir)
    {
        final String[] weights = mix.split(":");
        final OrderModelConfig model = new OrderModelConfig(Instrument.parseList(Instrument.DEMO_LIST), 0.2, 20, -1,
            Double.parseDouble(weights[0]), Double.parseDouble(weights[1]), Double.parseDouble(weights[2]), 10, 0, 7);
        return new LoadConfig("lean", "127.0.0.1", port, "FIX.4.4", "KAIROS",
            SessionNames.compIds("CLIENT%02d", 1, sessions), SessionNames.passwords("CLIENT%02d", "client%02dpass", 1,
            sessions), rate, 0, SECOND_NS, 30 * SECOND_NS, 0, 1_000, 0, 30 * SECOND_NS, model, null, outDir, null);
    }

    private static long answered(final LoadResult result)
    {
        return result.recorder().fromPlan(OrderRequest.INSERT).getTotalCount() +
            result.recorder().fromPlan(OrderRequest.CANCEL).getTotalCount() +
            result.recorder().fromPlan(OrderRequest.REPLACE).getTotalCount();
    }

    @Test
    void shouldLogOnAndGetExactlyOneAnswerToEveryOrderFromTheEchoServer() throws Exception
    {
        try (FixEchoServer server = new FixEchoServer("127.0.0.1", 0, out))
        {
            final LoadResult result = new LeanLoadRunner(config(server.port(), 2, 300, "2:1:1", dir), out).run();
            LoadReport.print(result, out);
            LoadReport.write(result, dir);

            assertEquals(300, result.outcome().measuredRequests(), console::toString);
            assertEquals(300, result.outcome().requests());
            assertEquals(0, result.unanswered(), console::toString);
            assertEquals(300, answered(result), "one first answer per request");
            assertEquals(300, result.responses(), "the echo answers every request once");
            assertEquals(0, result.unknownResponses());
            assertTrue(result.recorder().fromPlan(OrderRequest.CANCEL).getTotalCount() > 0, "cancels were sent");
            assertTrue(result.recorder().fromPlan(OrderRequest.REPLACE).getTotalCount() > 0, "replaces were sent");
            final SessionChecks checks = result.checks();
            assertEquals(0, checks.sequenceGaps());
            assertEquals(0, checks.sequenceTooLow());
            assertEquals(0, checks.sessionRejects());
            assertEquals(0, checks.disconnects());
            assertEquals(0, checks.badFrames());
            assertEquals(0, checks.sendFailures());
            assertEquals("lean", result.client());
            Await.until("2 Logons, 300 orders and 2 Logouts at the echo server", PEER_BOUND,
                () -> server.messages() == 2 + 300 + 2);
            assertEquals(0, server.badFrames());
            final MetricFigures ack = MetricFigures.fromLoad(dir, "order-ack");
            assertTrue(ack.present());
            assertEquals("lean", MetricFigures.loadSummary(dir).getProperty("client"));
        }
    }

    @Test
    void shouldSpeakFix42WithoutCredentialsForOrdermatchStylePeers() throws Exception
    {
        try (FixEchoServer server = new FixEchoServer("127.0.0.1", 0, out))
        {
            final LoadConfig fix44 = config(server.port(), 1, 40, "2:1:1", dir);
            final LoadConfig config = new LoadConfig(fix44.label(), fix44.host(), fix44.port(), "FIX.4.2",
                fix44.targetCompId(), fix44.sessions(), Map.of(), fix44.ratePerSecond(), fix44.warmupNs(),
                fix44.durationNs(), fix44.drainTimeoutNs(), 0, 1_000, 0, fix44.logonTimeoutNs(), fix44.model(), null,
                null, null);
            final LoadResult result = new LeanLoadRunner(config, out).run();

            assertEquals(0, result.unanswered(), console::toString);
            assertEquals(40, answered(result));
            assertEquals(0, result.checks().sequenceGaps());
            Await.until("Logon, 40 orders and Logout at the echo server", PEER_BOUND,
                () -> server.messages() == 1 + 40 + 1);
            assertEquals(0, server.badFrames());
        }
    }

    @Test
    void shouldCountAMsgSeqNumTheVenueSkippedAsAGap() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(20, null))
        {
            final LoadResult result = new LeanLoadRunner(config(peer.port(), 1, 100, "1:0:0", dir), out).run();

            assertEquals(100, result.outcome().measuredRequests());
            assertEquals(0, result.unanswered(), console::toString);
            assertEquals(100, answered(result));
            assertEquals(1, result.checks().sequenceGaps(), console::toString);
            assertEquals(1, result.checks().missingMessages());
            assertEquals(0, result.checks().sequenceTooLow());
        }
    }

    @Test
    void shouldAnswerATestRequestWithAHeartbeatCarryingItsTestReqId() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, "TR-42"))
        {
            final LoadResult result = new LeanLoadRunner(config(peer.port(), 1, 50, "1:0:0", dir), out).run();

            LoadReport.print(result, out);
            Await.until("the Heartbeat; " + console, PEER_BOUND, () -> !peer.heartbeatTestReqIds().isEmpty());
            assertEquals(List.of("TR-42"), peer.heartbeatTestReqIds());
            assertEquals(1, result.checks().testRequestsAnswered());
            assertEquals(0, result.checks().sequenceGaps(), "the TestRequest was numbered in sequence");
            assertEquals(0, result.unanswered());
            assertEquals(50, answered(result));
        }
    }

    @Test
    void shouldSubscribeLikeTheQuickFixClientAndCheckRptSeqAndReadMdEntryIds() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null))
        {
            final LoadConfig orders = config(peer.port(), 1, 20, "1:0:0", dir);
            final LoadConfig config = new LoadConfig(orders.label(), orders.host(), orders.port(),
                orders.beginString(), orders.targetCompId(), orders.sessions(), orders.passwords(),
                orders.ratePerSecond(), orders.warmupNs(), orders.durationNs(), orders.drainTimeoutNs(), 0, 1_000, 0,
                orders.logonTimeoutNs(), orders.model(), new LoadConfig.MarketDataConfig("127.0.0.1", peer.port(),
                "KAIROS-MD", List.of("MD01", "MD02"), SessionNames.passwords("MD%02d", "md%02dpass", 1, 2), true, 10),
                null, null);
            final LoadResult result = new LeanLoadRunner(config, out).run();
            LoadReport.print(result, out);

            final String symbols = "AAPL,MSFT,AMZN,GOOG,TSLA,NVDA";
            assertEquals(List.of("262=MD01-all|263=1|264=0|266=N|" + symbols,
                "262=MD02-all|263=1|264=0|266=N|" + symbols),
                peer.marketDataRequests().stream().sorted().toList());
            assertEquals(2 * 6, result.mdSnapshots(), console::toString);
            assertEquals(2 * 7, result.mdIncrementals());
            assertEquals(0, result.mdRejects());
            final SessionChecks checks = result.checks();
            assertEquals(2, checks.rptSeqGaps(), "one skipped RptSeq per subscriber");
            assertEquals(2 * 7, checks.mdEntries());
            assertEquals(2 * 7, checks.mdEntryIds());
            assertEquals(0, checks.sequenceGaps(), "MsgSeqNum was checked on the market-data sessions too");
            assertEquals(0, result.unanswered());
            assertEquals(20, answered(result));
        }
    }

    @Test
    void shouldCountTheVenuesThrottleRejectsAndReportThem() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null, 7))
        {
            final LoadConfig full = config(peer.port(), 1, 30, "1:0:0", dir);
            final LoadConfig config = new LoadConfig(full.label(), full.host(), full.port(), full.beginString(),
                full.targetCompId(), full.sessions(), full.passwords(), full.ratePerSecond(), full.warmupNs(),
                full.durationNs(), SECOND_NS, 0, 1_000, 0, full.logonTimeoutNs(), full.model(), null, null, null);
            final LoadResult result = new LeanLoadRunner(config, out).run();
            LoadReport.print(result, out);

            assertEquals(7, result.throttleRejects(), console::toString);
            assertEquals(7, result.checks().businessRejects());
            assertEquals(7, result.unanswered(), "a throttle reject names no ClOrdID");
            assertTrue(console.toString().contains("7 throttle rejects"), console::toString);
            assertTrue(console.toString().contains("the venue refused 7 requests"), console::toString);
        }
    }

    @Test
    void shouldReportTheRejectsByReasonWithTheDigitsOfTheirTextsGrouped() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null, 7))
        {
            final LoadConfig full = config(peer.port(), 1, 30, "1:0:0", dir);
            final LoadConfig config = new LoadConfig(full.label(), full.host(), full.port(), full.beginString(),
                full.targetCompId(), full.sessions(), full.passwords(), full.ratePerSecond(), full.warmupNs(),
                full.durationNs(), SECOND_NS, 0, 1_000, 0, full.logonTimeoutNs(), full.model(), null, null, null);
            final LoadResult result = new LeanLoadRunner(config, out).run();
            LoadReport.print(result, out);
            LoadReport.write(result, dir);

            final String throttle = "BusinessMessageReject 380=99: Throttle limit exceeded (# in #ms)";
            assertEquals(new RejectCounts(List.of(new RejectCounts.Reason(throttle, 7)), 0), result.rejectReasons(),
                "'(150 in 1000ms)' to '(156 in 1000ms)': one reason; " + console);
            assertTrue(console.toString().contains("rejects   7 from the start of the measured part on"),
                console::toString);
            assertTrue(console.toString().contains("        7  " + throttle), console::toString);
            final java.util.Properties summary = MetricFigures.loadSummary(dir);
            assertEquals("7", summary.getProperty("rejects.total"));
            assertEquals("1", summary.getProperty("rejects.reasons"));
            assertEquals("0", summary.getProperty("rejects.other"));
            assertEquals(throttle, summary.getProperty("rejects.1.reason"));
            assertEquals("7", summary.getProperty("rejects.1.count"));
            assertEquals(null, result.marketData(), "no subscribers");
        }
    }

    /** One order-entry session at 20/s for a second and two subscribers, MD01 and MD02. */
    private LoadConfig withTwoSubscribers(final int port)
    {
        final LoadConfig orders = config(port, 1, 20, "1:0:0", dir);
        return new LoadConfig(orders.label(), orders.host(), orders.port(), orders.beginString(),
            orders.targetCompId(), orders.sessions(), orders.passwords(), orders.ratePerSecond(), orders.warmupNs(),
            orders.durationNs(), orders.drainTimeoutNs(), 0, 1_000, 0, orders.logonTimeoutNs(), orders.model(),
            new LoadConfig.MarketDataConfig("127.0.0.1", port, "KAIROS-MD", List.of("MD01", "MD02"),
            SessionNames.passwords("MD%02d", "md%02dpass", 1, 2), true, 10), null, null);
    }

    @Test
    void shouldCountASubscriberTheVenueLoggedOutAsCutOffWithTheLogoutText() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null, 0, "MD02", true))
        {
            final LoadResult result = new LeanLoadRunner(withTwoSubscribers(peer.port()), out).run();
            LoadReport.print(result, out);
            LoadReport.write(result, dir);

            final String cutOff = "MD02: Logout: " + ScriptedFixPeer.CUT_OFF_TEXT;
            assertEquals(List.of(cutOff), result.marketData().cutOff(), console::toString);
            assertEquals(2, result.marketData().subscribers());
            assertEquals(0, result.checks().disconnects(), "the venue said why before it closed");
            assertEquals(0, result.unanswered());
            assertTrue(console.toString().contains("; 1 of 2 subscribers cut off"), console::toString);
            assertTrue(console.toString().contains("md        cut off " + cutOff), console::toString);
            final java.util.Properties summary = MetricFigures.loadSummary(dir);
            assertEquals("2", summary.getProperty("md.subscribers"));
            assertEquals("1", summary.getProperty("md.cut-off"));
            assertEquals(cutOff, summary.getProperty("md.cut-off.1"));
            assertTrue(summary.containsKey("md.measured.incrementals-per-subscriber-per-second"));
            assertTrue(summary.containsKey("md.measured.entries-per-incremental"));
        }
    }

    @Test
    void shouldCountASubscriberWhoseConnectionTheVenueClosedAsCutOff() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null, 0, "MD01", false))
        {
            final LoadResult result = new LeanLoadRunner(withTwoSubscribers(peer.port()), out).run();
            LoadReport.print(result, out);

            assertEquals(List.of("MD01: connection closed"), result.marketData().cutOff(), console::toString);
            assertEquals(1, result.checks().disconnects());
            assertEquals(0, result.unanswered());
        }
    }

    @Test
    void shouldLogOutEverySessionAtTheEnd() throws Exception
    {
        try (ScriptedFixPeer peer = new ScriptedFixPeer(0, null))
        {
            final LoadResult result = new LeanLoadRunner(config(peer.port(), 3, 30, "1:0:0", dir), out).run();

            assertEquals(0, result.unanswered());
            Await.until("three Logouts", PEER_BOUND, () -> peer.logouts() == 3);
            assertEquals(30, peer.orders());
            assertEquals(0, result.checks().disconnects(), "the peer answered each Logout before closing");
        }
    }
}
