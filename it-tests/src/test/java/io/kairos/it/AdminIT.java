package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * The operator controls with the real server process: the kill switch sent with {@code kairos-server admin} cancels
 * every order of one member firm (each owner gets its cancels) while the other firm trades on; a halt and a resume
 * over the management port; a session thrown out; the sessions listed; requests without an operator's token, with a
 * wrong method or an unknown instrument refused and changing nothing; each action in the journal with the operator's
 * name. Waits end on the expected message, bounded.
 */
class AdminIT
{
    private static final String TOKEN = "alice-token-for-the-admin-it";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @TempDir
    Path dir;

    private TestVenue venue()
    {
        return new TestVenue(dir).withTestInstruments(1).set("admin.operators", "alice")
            .set("admin.operator.alice.token-hash", sha256(TOKEN));
    }

    @Test
    void shouldCancelEveryOrderOfOneFirmOnTheKillSwitchWhileTheOtherFirmTradesOnAndJournalWhoAsked() throws Exception
    {
        final TestVenue venue = venue();
        final FixClient first = new FixClient(dir.resolve("c1"), venue.fixPort(), "CLIENT01", "client01pass");
        final FixClient second = new FixClient(dir.resolve("c2"), venue.fixPort(), "CLIENT02", "client02pass");
        final FixClient other = new FixClient(dir.resolve("c6"), venue.fixPort(), "CLIENT06", "client06pass");
        final FixClient otherSeller = new FixClient(dir.resolve("c7"), venue.fixPort(), "CLIENT07", "client07pass");
        try (KairosProcess server = venue.start())
        {
            for (final FixClient client : List.of(first, second, other, otherSeller))
            {
                client.logon();
            }
            rest(first, Orders.limit("A1", "T01", Side.BUY, 5, "95.00"));
            rest(first, Orders.limit("A2", "T01", Side.BUY, 7, "94.00"));
            rest(second, Orders.limit("B1", "T01", Side.SELL, 3, "105.00"));
            rest(other, Orders.limit("F2", "T01", Side.BUY, 4, "96.00"));

            final CliRun kill = admin(venue, "cancel-all", "--firm", "FIRM1");
            assertEquals(0, kill.exit(), kill.output());
            assertTrue(kill.output().contains("cancel every order of CLIENT01 (firm FIRM1): 2 orders cancelled"),
                kill.output());
            assertTrue(kill.output().contains("cancel every order of CLIENT02 (firm FIRM1): 1 order cancelled"),
                kill.output());
            assertTrue(kill.output().contains("cancel every order of CLIENT05 (firm FIRM1): 0 orders cancelled"),
                kill.output());
            assertTrue(!kill.output().contains("CLIENT06"), "FIRM2 untouched: " + kill.output());

            assertEquals("4", str(first.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "A1") && is(m, 150, "4")), 39));
            assertEquals("4", str(first.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "A2") && is(m, 150, "4")), 39));
            assertEquals("4", str(second.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "B1") && is(m, 150, "4")), 39));

            // the other firm trades on: its resting bid is still there and fills
            otherSeller.send(Orders.limit("S7", "T01", Side.SELL, 4, "96.00"));
            assertEquals("2", str(otherSeller.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "S7") &&
                is(m, 150, "F")), 39));
            assertEquals("2", str(other.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "F2") && is(m, 150, "F")), 39));

            // nothing else of the first firm was touched twice: one cancel per order, counted exactly
            first.send(Orders.status("A1", "T01", Side.BUY));
            assertEquals("4", str(first.next(MsgType.EXECUTION_REPORT, m -> is(m, 150, "I") && is(m, 11, "A1")), 39));
            assertEquals(2, first.history().stream().filter(m -> is(m, 150, "4")).count(), "one cancel per order");
            assertEquals(1, second.history().stream().filter(m -> is(m, 150, "4")).count());
            assertEquals(0, other.history().stream().filter(m -> is(m, 150, "4")).count());
            for (final FixClient client : List.of(first, second, other, otherSeller))
            {
                client.close();
            }
            assertEquals(0, server.stop(), server.output());
            assertTrue(server.output().contains("kairos admin: operator alice: cancel every order of CLIENT02 " +
                "(firm FIRM1): 1 cancelled"), server.output());
        }
        final CliRun journal = cli(venue, List.of("journal", "--config", venue.writeConfig().toString(),
            "--format", "jsonl", "--commands-only"), "");
        assertEquals(0, journal.exit(), journal.output());
        for (final String session : List.of("CLIENT01", "CLIENT02", "CLIENT05"))
        {
            assertTrue(journal.output().lines().anyMatch(line -> line.contains("\"type\":\"MASS_CANCEL\"") &&
                line.contains("\"session\":\"" + session + "\"") && line.contains("\"operator\":\"alice\"")),
                "the journal records the kill switch of " + session + " and who asked:\n" + journal.output());
        }
    }

    @Test
    void shouldHaltAndResumeAnInstrumentThrowASessionOutListSessionsAndRefuseWhatIsNotAnOperatorsRequest()
        throws Exception
    {
        final TestVenue venue = venue();
        final FixClient client = new FixClient(dir.resolve("c1"), venue.fixPort(), "CLIENT01", "client01pass");
        try (KairosProcess server = venue.start())
        {
            client.logon();
            final int port = venue.metricsPort();
            assertEquals(401, post(port, "/admin/halt?instrument=T01", null).statusCode());
            assertEquals(401, post(port, "/admin/halt?instrument=T01", "Bearer not-" + TOKEN).statusCode());
            assertEquals(405, send(port, "GET", "/admin/halt?instrument=T01", "Bearer " + TOKEN).statusCode());
            final HttpResponse<String> unknown = post(port, "/admin/halt?instrument=NOPE", "Bearer " + TOKEN);
            assertEquals(400, unknown.statusCode());
            assertTrue(unknown.body().contains("unknown instrument NOPE"), unknown.body());
            assertEquals(400, post(port, "/admin/halt?instrument=T01&venue", "Bearer " + TOKEN).statusCode());
            // none of those halted anything
            rest(client, Orders.limit("O1", "T01", Side.BUY, 5, "95.00"));

            final HttpResponse<String> halt = post(port, "/admin/halt?instrument=T01", "Bearer " + TOKEN);
            assertEquals(200, halt.statusCode(), halt.body());
            client.send(Orders.limit("O2", "T01", Side.BUY, 5, "95.00"));
            final Message refused = client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "O2"));
            assertEquals("8", str(refused, 39));
            assertEquals("trading in the instrument is halted", str(refused, 58));
            client.send(Orders.cancel("C1", "O1", "T01", Side.BUY));
            assertEquals("4", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "C1")), 39),
                "cancels are taken while halted");

            final CliRun resume = admin(venue, "resume", "T01");
            assertEquals(0, resume.exit(), resume.output());
            rest(client, Orders.limit("O3", "T01", Side.BUY, 5, "95.00"));

            final CliRun sessions = admin(venue, "sessions");
            assertEquals(0, sessions.exit(), sessions.output());
            assertTrue(sessions.output().lines().anyMatch(
                l -> l.matches("CLIENT01 +FIRM1 +logged-on +127\\.0\\.0\\.1:.*")), sessions.output());
            assertTrue(sessions.output().lines().anyMatch(l -> l.matches("CLIENT06 +FIRM2 +offline +- .*")),
                sessions.output());

            final CliRun disconnect = admin(venue, "disconnect", "CLIENT01");
            assertEquals(0, disconnect.exit(), disconnect.output());
            assertTrue(disconnect.output().contains("CLIENT01 was sent a Logout and disconnected"),
                disconnect.output());
            assertTrue(client.awaitLoggedOut(30_000), "thrown out");
            assertTrue(client.logoutTexts().contains("Disconnected by the venue's operator"),
                "logouts: " + client.logoutTexts());
            final String metrics = server.get("/metrics").body();
            for (final String action : List.of("halt", "resume", "disconnect"))
            {
                assertTrue(metrics.contains("kairos_admin_actions_total{action=\"" + action + "\"} 1.0"), metrics);
            }
            final CliRun wrongToken = cli(venue, List.of("admin", "sessions", "--url",
                "http://127.0.0.1:" + port), "not-" + TOKEN);
            assertEquals(1, wrongToken.exit(), wrongToken.output());
            client.close();
            assertEquals(0, server.stop(), server.output());
        }
        final CliRun journal = cli(venue, List.of("journal", "--config", venue.writeConfig().toString(),
            "--format", "jsonl", "--commands-only"), "");
        final List<String> operatorRows = journal.output().lines().filter(l -> l.contains("\"operator\":\"alice\""))
            .toList();
        assertTrue(operatorRows.stream().anyMatch(l -> l.contains("\"trading_action\":\"HALT\"")), journal.output());
        assertTrue(operatorRows.stream().anyMatch(l -> l.contains("\"trading_action\":\"RESUME\"")), journal.output());
        assertTrue(operatorRows.stream().anyMatch(l -> l.contains("\"type\":\"DISCONNECT\"") &&
            l.contains("\"session\":\"CLIENT01\"")), journal.output());
        assertEquals(3, operatorRows.size(), "only the three actions taken: " + operatorRows);
    }

    /** Sends a new order and waits for it to rest (150=0). */
    private static void rest(final FixClient client, final Message order) throws Exception
    {
        final String clOrdId = order.getString(11);
        client.send(order);
        assertEquals("0", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, clOrdId)), 150),
            clOrdId + " rests");
    }

    private record CliRun(int exit, String output)
    {
    }

    private CliRun admin(final TestVenue venue, final String... arguments)
    {
        final List<String> command = new ArrayList<>(List.of("admin"));
        command.addAll(List.of(arguments));
        command.addAll(List.of("--url", "http://127.0.0.1:" + venue.metricsPort()));
        return cli(venue, command, TOKEN);
    }

    /** Runs {@code bin/kairos-server} with {@code arguments}, the token in its environment; bounded. */
    private CliRun cli(final TestVenue venue, final List<String> arguments, final String token)
    {
        final List<String> command = new ArrayList<>(List.of(
            KairosProcess.distribution().resolve("bin/kairos-server").toString()));
        command.addAll(arguments);
        final Path log = dir.resolve("cli-" + System.nanoTime() + ".log");
        final ProcessBuilder builder = new ProcessBuilder(command).directory(venue.root().toFile())
            .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("KAIROS_"));
        builder.environment().put("KAIROS_ADMIN_TOKEN", token);
        try
        {
            final Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                throw new AssertionError("kairos-server " + arguments + " did not end within 120 s");
            }
            return new CliRun(process.exitValue(), Files.readString(log));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError(ex);
        }
    }

    private static HttpResponse<String> post(final int port, final String path, final String authorization)
        throws Exception
    {
        return send(port, "POST", path, authorization);
    }

    private static HttpResponse<String> send(final int port, final String method, final String path,
        final String authorization) throws Exception
    {
        final HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .timeout(Duration.ofSeconds(15)).method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null)
        {
            request.header("Authorization", authorization);
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String sha256(final String token)
    {
        try
        {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(token.getBytes(StandardCharsets.UTF_8)));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
