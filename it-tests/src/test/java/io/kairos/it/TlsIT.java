package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import io.kairos.testsupport.RawFixClient;
import io.kairos.testsupport.TestCertificates;
import io.kairos.testsupport.TlsClients;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * Both doors over TLS against the real server: QuickFIX/J initiators with SocketUseSSL=Y trade on fix.tls-port (the
 * in-process front end relaying to Artio) and subscribe on md.tls-port; plain-TCP Logons on the TLS ports, and clients
 * whose certificate is not of the configured CA, are refused and counted without disturbing anyone else; a
 * certificate rotated on disk is served to the next connection. Certificates are made by keytool at test time.
 */
class TlsIT
{
    @TempDir
    static Path certificates;
    private static TestCertificates venueCa;
    private static TestCertificates otherCa;
    private static TestCertificates.Leaf venueCertificate;
    private static TestCertificates.Leaf renewedCertificate;
    private static TestCertificates.Leaf member;
    private static TestCertificates.Leaf impostor;

    @TempDir
    Path dir;

    @BeforeAll
    static void makeCertificates()
    {
        venueCa = TestCertificates.authority(certificates.resolve("venue"), "Kairos Test CA");
        otherCa = TestCertificates.authority(certificates.resolve("other"), "Someone Else's CA");
        venueCertificate = venueCa.issue("kairos-venue");
        renewedCertificate = venueCa.issue("kairos-venue-renewed");
        member = venueCa.issue("CLIENT01");
        impostor = otherCa.issue("CLIENT01");
    }

    @Test
    void shouldTradeOverTlsOnOrderEntryAndSubscribeOverTlsOnMarketData() throws FieldNotFound
    {
        final Tls venue = venue(false);
        try (KairosProcess server = venue.test.start();
            FixClient trader = tlsClient(venue.fixTls, "CLIENT01", "KAIROS", null).logon())
        {
            trader.send(Orders.limit("bid-1", "T01", Side.BUY, 10, "99.90"));
            assertEquals("0", str(trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "bid-1")), 150));

            try (FixClient subscriber = tlsClient(venue.mdTls, "MD01", "KAIROS-MD", null).logon())
            {
                subscriber.send(Orders.subscribe("req-1", "T01", 5));
                final Message snapshot = subscriber.next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
                assertEquals(1, snapshot.getGroups(268).size(), Orders.text(snapshot));

                trader.send(Orders.limit("ask-1", "T01", Side.SELL, 4, "99.90"));
                assertEquals("F", str(trader.next(MsgType.EXECUTION_REPORT,
                    m -> is(m, 11, "ask-1") && is(m, 150, "F")), 150));
                subscriber.next(MsgType.MARKET_DATA_INCREMENTAL_REFRESH);
                // counted while the clients are still on (a stopping QuickFIX/J may connect again)
                assertEquals(1.0, metric(venue.test, "kairos_fix_tls_handshakes_total"));
                assertEquals(1.0, metric(venue.test, "kairos_md_tls_handshakes_total"));
            }
            assertTrue(server.output().contains("kairos-fix-tls TLS: OpenSSL") ||
                server.output().contains("kairos-fix-tls TLS: the JDK's TLS engine"), server.output());
        }
    }

    @Test
    void shouldCloseAPlainTcpLogonOnEitherTlsPortCountItAndLetTheOthersTrade() throws Exception
    {
        final Tls venue = venue(false);
        try (KairosProcess server = venue.test.start();
            FixClient plain = new FixClient(dir.resolve("plain"), venue.test.fixPort(), "CLIENT02",
                "client02pass").logon();
            FixClient secure = tlsClient(venue.fixTls, "CLIENT01", "KAIROS", null).logon())
        {
            for (final int tlsPort : new int[] {venue.fixTls, venue.mdTls})
            {
                try (RawFixClient hello = new RawFixClient(tlsPort, "CLIENT03", "KAIROS"))
                {
                    hello.logon("CLIENT03", "client03pass");
                    assertTrue(hello.awaitClosedByPeer(FixClient.WAIT_MS), "closed by the venue");
                }
            }
            Await.until("both refusals are counted", () -> metric(venue.test, "kairos_fix_tls_refused_total") == 1.0 &&
                metric(venue.test, "kairos_md_tls_refused_total") == 1.0);

            plain.send(Orders.limit("p-1", "T01", Side.BUY, 1, "99.00"));
            plain.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "p-1"));
            secure.send(Orders.limit("s-1", "T01", Side.BUY, 1, "99.00"));
            secure.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "s-1"));
            assertEquals(1, plain.logons());
            assertEquals(1, secure.logons());
            assertFalse(server.output().contains("\tat "), "no stack trace printed:\n" + server.output());
        }
    }

    @Test
    void shouldRefuseAClientCertificateOfAnotherCaWhenClientCertificatesAreRequired() throws Exception
    {
        final Tls venue = venue(true);
        try (KairosProcess server = venue.test.start())
        {
            for (final int tlsPort : new int[] {venue.fixTls, venue.mdTls})
            {
                assertThrows(IOException.class, () -> exchangeAByte(tlsPort, impostor.keyStore()));
            }
            Await.until("both refusals are counted", () -> metric(venue.test, "kairos_fix_tls_refused_total") == 1.0 &&
                metric(venue.test, "kairos_md_tls_refused_total") == 1.0);

            try (FixClient stranger = tlsClient(venue.fixTls, "CLIENT02", "KAIROS", impostor.keyStore()).connect())
            {
                Await.until("the impostor's QuickFIX/J is refused",
                    () -> metric(venue.test, "kairos_fix_tls_refused_total") >= 2.0);
                assertFalse(stranger.isLoggedOn());
            }
            try (FixClient trader = tlsClient(venue.fixTls, "CLIENT01", "KAIROS", member.keyStore()).logon();
                FixClient subscriber = tlsClient(venue.mdTls, "MD01", "KAIROS-MD", member.keyStore()).logon())
            {
                trader.send(Orders.limit("m-1", "T01", Side.BUY, 1, "99.00"));
                trader.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "m-1"));
                subscriber.send(Orders.subscribe("req-1", "T01", 5));
                subscriber.next(MsgType.MARKET_DATA_SNAPSHOT_FULL_REFRESH);
                assertEquals(1.0, metric(venue.test, "kairos_md_tls_handshakes_total"));
            }
            assertTrue(server.output().contains("kairos-fix-tls TLS: refused") &&
                server.output().contains("kairos-md-gateway TLS: refused"), server.output());
        }
    }

    @Test
    void shouldServeACertificateRotatedOnDiskToTheNextConnection()
    {
        final Tls venue = venue(false);
        try (KairosProcess server = venue.test.start())
        {
            for (final int tlsPort : new int[] {venue.fixTls, venue.mdTls})
            {
                assertEquals(venueCertificate.serial(),
                    TlsClients.servedCertificate(tlsPort, venueCa.trustStore()).getSerialNumber());
            }

            renewedCertificate.installAs(venue.certFile, venue.keyFile);

            for (final int tlsPort : new int[] {venue.fixTls, venue.mdTls})
            {
                assertEquals(renewedCertificate.serial(),
                    TlsClients.servedCertificate(tlsPort, venueCa.trustStore()).getSerialNumber());
            }
            try (FixClient trader = tlsClient(venue.fixTls, "CLIENT01", "KAIROS", null).logon())
            {
                assertTrue(trader.isLoggedOn());
            }
            assertEquals(1.0, metric(venue.test, "kairos_fix_tls_reloads_total"));
            assertEquals(1.0, metric(venue.test, "kairos_md_tls_reloads_total"));
            assertTrue(server.output().contains("new connections are served subject 'CN=kairos-venue-renewed'"),
                server.output());
        }
    }

    /** A venue with both TLS listeners on the venue certificate, and client certificates required if {@code mutual}. */
    private Tls venue(final boolean mutual)
    {
        final TestVenue test = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "off");
        final int[] ports = FreePorts.pick(2);
        final Path certFile = dir.resolve("tls.crt");
        final Path keyFile = dir.resolve("tls.key");
        venueCertificate.installAs(certFile, keyFile);
        for (final String door : new String[] {"fix", "md"})
        {
            test.set(door + ".tls-port", Integer.toString(door.equals("fix") ? ports[0] : ports[1]))
                .set(door + ".tls.cert-file", certFile.toString())
                .set(door + ".tls.key-file", keyFile.toString());
            if (mutual)
            {
                test.set(door + ".tls.client-ca-file", venueCa.caPem().toString());
            }
        }
        return new Tls(test, ports[0], ports[1], certFile, keyFile);
    }

    private record Tls(TestVenue test, int fixTls, int mdTls, Path certFile, Path keyFile)
    {
    }

    private FixClient tlsClient(final int port, final String compId, final String target, final Path keyStore)
    {
        return new FixClient(dir.resolve(compId + "-" + System.nanoTime()), port, compId,
            compId.toLowerCase(java.util.Locale.ROOT) + "pass", target).overTls(venueCa.trustStore(), keyStore);
    }

    /** TLS 1.3 reports a refused client certificate after the client's side of the handshake: a read shows it. */
    private static void exchangeAByte(final int port, final Path keyStore) throws IOException
    {
        try (javax.net.ssl.SSLSocket socket = TlsClients.connect(port, venueCa.trustStore(), keyStore))
        {
            socket.getOutputStream().write('8');
            if (socket.getInputStream().read() < 0)
            {
                throw new IOException("closed by the venue");
            }
        }
    }

    private static double metric(final TestVenue venue, final String name)
    {
        for (final String line : Http.get(venue.metricsPort(), "/metrics").body().split("\n"))
        {
            if (line.startsWith(name + " ") || line.startsWith(name + "{"))
            {
                return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
            }
        }
        throw new AssertionError("no metric " + name);
    }
}
