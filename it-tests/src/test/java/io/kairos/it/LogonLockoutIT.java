package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * The failed-logon lock-out of the real server: 1,000 wrong-password logons from one address lock the CompID and the
 * address out, each refused with the one answer, while another client's session already logged on trades on; another
 * loopback address (all of 127/8 is local on Linux) is not locked out.
 */
class LogonLockoutIT
{
    private static final int ATTEMPTS = 1_000;
    private static final int LIMIT = 5;
    private static final long READ_TIMEOUT_MS = 10_000;
    private static final DateTimeFormatter SENDING_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS");

    @TempDir
    Path dir;

    @Test
    void shouldLockOutTheCompIdAndTheAddressOfAThousandWrongPasswordsWhileAnotherSessionTradesOn() throws Exception
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2)
            .set("logon.max-failures-per-comp-id", Integer.toString(LIMIT))
            .set("logon.max-failures-per-address", Integer.toString(LIMIT))
            // the attack's 1,000 connections come from one address as fast as it can, each refused one open for the
            // Logout's linger: the connection gate (fix.max-new-connections-per-second-per-address,
            // fix.max-unauthenticated-connections) would answer some of them first; this test is the lock-out's
            .set("fix.max-new-connections-per-second-per-address", "100000")
            .set("fix.max-unauthenticated-connections", "100000");
        try (KairosProcess server = venue.start();
            FixClient trader = new FixClient(dir.resolve("trader"), venue.fixPort(), "CLIENT01", "client01pass")
                .logon())
        {
            int refusals = 0;
            for (int i = 0; i < ATTEMPTS; i++)
            {
                final String logout = logon("127.0.0.1", venue.fixPort(), "CLIENT03", "guess" + i);
                assertTrue(logout.contains("\u000158=Logon refused\u0001"), () -> "attempt " + refused(logout));
                refusals++;
            }
            assertEquals(ATTEMPTS, refusals);

            trader.send(Orders.limit("still-trading", "T01", Side.BUY, 1, "99.00"));
            final Message ack = trader.next(MsgType.EXECUTION_REPORT, m -> Orders.text(m).contains("still-trading"));
            assertTrue(ack != null && trader.isLoggedOn(), "the logged-on session trades on");

            final String metrics = Http.get(venue.metricsPort(), "/metrics").body();
            assertEquals(LIMIT, value(metrics, "kairos_logon_failures_total", "fix", "reason", "bad-credentials"));
            assertEquals(ATTEMPTS - LIMIT, value(metrics, "kairos_logon_failures_total", "fix", "reason",
                "locked-out"));
            assertEquals(1, value(metrics, "kairos_logon_lockouts_total", "fix", "scope", "comp-id"));
            assertEquals(1, value(metrics, "kairos_logon_lockouts_total", "fix", "scope", "address"));
            assertTrue(server.output().contains("LOGON LOCKOUT door=fix scope=comp-id,address compId=CLIENT03 " +
                "host=127.0.0.1 failures=" + LIMIT + " until="), server.output());

            assertTrue(logon("127.0.0.1", venue.fixPort(), "CLIENT02", "client02pass").contains("Logon refused"),
                "the address is locked out, even for another CompID's right password");
            final String otherAddress = logon("127.0.0.2", venue.fixPort(), "CLIENT02", "client02pass");
            assertTrue(otherAddress.contains("\u000135=A\u0001"), () -> "127.0.0.2 logs on: " + refused(otherAddress));
            assertTrue(logon("127.0.0.2", venue.fixPort(), "CLIENT03", "client03pass").contains("Logon refused"),
                "the CompID stays locked out from any address");
        }
    }

    /**
     * Connects from {@code localHost}, sends a Logon and returns the first message that comes back (the Logon or the
     * refusal's Logout), then closes the connection (a refused connection lingers a second on the server's side).
     */
    private static String logon(final String localHost, final int port, final String compId, final String password)
        throws IOException
    {
        try (Socket socket = new Socket())
        {
            socket.bind(new InetSocketAddress(InetAddress.getByName(localHost), 0));
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), (int)READ_TIMEOUT_MS);
            socket.setSoTimeout((int)READ_TIMEOUT_MS);
            socket.getOutputStream().write(logonFrame(compId, password));
            return readOneMessage(socket.getInputStream());
        }
    }

    private static byte[] logonFrame(final String compId, final String password)
    {
        final String body = "35=A\u000134=1\u000149=" + compId + "\u000156=KAIROS\u000152=" +
            SENDING_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)) + "\u000198=0\u0001108=30\u0001141=Y\u0001553=" +
            compId + "\u0001554=" + password + "\u0001";
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        return (head + "10=" + String.format("%03d", sum & 0xFF) + "\u0001").getBytes(StandardCharsets.US_ASCII);
    }

    private static String readOneMessage(final InputStream in) throws IOException
    {
        final StringBuilder text = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0)
        {
            text.append((char)c);
            final int checksum = text.indexOf("\u000110=");
            if (checksum >= 0 && text.charAt(text.length() - 1) == '\u0001' && text.length() > checksum + 4)
            {
                return text.toString();
            }
        }
        return text.toString();
    }

    /** The value of the counter {@code name} with door {@code door} and {@code tag}={@code tagValue}. */
    private static long value(
        final String metrics, final String name, final String door, final String tag, final String tagValue)
    {
        for (final String line : metrics.split("\n"))
        {
            if (line.startsWith(name + "{") && line.contains("door=\"" + door + "\"") &&
                line.contains(tag + "=\"" + tagValue + "\""))
            {
                final Matcher number = Pattern.compile("} ([0-9.Ee+-]+)$").matcher(line);
                assertTrue(number.find(), line);
                return (long)Double.parseDouble(number.group(1));
            }
        }
        throw new AssertionError("no " + name + "{door=" + door + "," + tag + "=" + tagValue + "} in\n" + metrics);
    }

    private static String refused(final String reply)
    {
        return reply.replace('\u0001', '|');
    }
}
