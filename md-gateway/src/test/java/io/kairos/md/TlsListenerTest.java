package io.kairos.md;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;

import io.kairos.access.TlsListenerConfig;
import io.kairos.engine.Side;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.TestCertificates;
import io.kairos.testsupport.TlsClients;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway's TLS listener beside its plain one: real TLS clients on loopback. */
class TlsListenerTest
{
    private static final String[] SUBSCRIBE_AAPL = {"262=R1", "263=1", "264=0", "267=1", "269=0", "146=1", "55=AAPL"};

    @TempDir
    static Path certificates;
    private static TestCertificates ca;
    private static TestCertificates.Leaf server;

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final TestVenue venue = new TestVenue();
    private MarketDataGateway gateway;

    @BeforeAll
    static void makeCertificates()
    {
        ca = TestCertificates.authority(certificates, "Venue CA");
        server = ca.issue("kairos-md");
    }

    @BeforeEach
    void launch()
    {
        gateway = MarketDataGateway.launch(TestVenue.config(),
            new TlsListenerConfig("md.", 0, server.certPem(), server.keyPem(), null), TestVenue.REFERENCE_DATA,
            registry);
    }

    @AfterEach
    void close()
    {
        gateway.close();
    }

    @Test
    void shouldLogOnSubscribeAndReceiveTheFeedOverTls() throws IOException
    {
        try (RawFixClient client = new RawFixClient(TlsClients.connect(gateway.tlsPort(), ca.trustStore(), null),
            "MD01"))
        {
            assertEquals("KAIROS-MD", client.logon().get(49));
            assertNotNull(client.sendAndReadUntil("W", "V", SUBSCRIBE_AAPL));

            gateway.onBookEvent(venue.add(1, 7, Side.BUY, TestVenue.REFERENCE_PRICE, 5));

            final FixFrame incremental = client.readUntil("X", 5_000);
            assertNotNull(incremental);
            assertEquals("5", incremental.get(271));
        }
        assertEquals(1.0, registry.get("kairos_md_tls_handshakes_total").functionCounter().count());
    }

    @Test
    void shouldCloseAPlainTcpLogonOnTheTlsPortCountItAndLeaveOtherSessionsAlone() throws IOException
    {
        try (RawFixClient plainSession = new RawFixClient(gateway.port(), "MD02");
            RawFixClient plainOnTls = new RawFixClient(gateway.tlsPort(), "MD01"))
        {
            plainSession.logon();
            plainOnTls.send("A", "98=0", "108=30", "553=MD01", "554=md01pass");

            assertTrue(plainOnTls.closedByServerWithin(5_000));
            Await.until("the refusal is counted",
                () -> registry.get("kairos_md_tls_refused_total").functionCounter().count() == 1.0);
            assertNotNull(plainSession.sendAndReadUntil("W", "V", SUBSCRIBE_AAPL));
        }
        assertEquals(0L, gateway.counters().errors.get());
        assertEquals(0.0, registry.get("kairos_md_tls_handshakes_total").functionCounter().count());
    }
}
