package io.kairos.fix;

import java.nio.file.Path;
import java.time.Duration;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogonTest
{
    @TempDir
    static Path dir;
    private static GatewayFixture fixture;

    @BeforeAll
    static void startGateway()
    {
        fixture = GatewayFixture.start(dir.resolve("gateway"), config -> config.withMaxSessions(3));
    }

    @AfterAll
    static void stopGateway()
    {
        fixture.close();
    }

    @Test
    void shouldAcceptConfiguredSessionWithItsPassword()
    {
        try (QfjClient client = fixture.client(1, dir.resolve("store")).startAndLogon())
        {
            assertTrue(client.session().isLoggedOn());
            assertEquals(1.0, fixture.registry.get("kairos.sessions.connected").gauge().value());
        }
        Await.until("the gauge counting the session out after its logout",
            () -> fixture.registry.get("kairos.sessions.connected").gauge().value() == 0.0);
    }

    @Test
    void shouldRefuseWrongPassword() throws Exception
    {
        assertEquals("Logon refused", assertRefused("CLIENT02", "CLIENT02", "wrong"));
    }

    @Test
    void shouldRefuseUnknownCompId() throws Exception
    {
        assertEquals("Logon refused", assertRefused("STRANGER", "STRANGER", "client02pass"));
    }

    @Test
    void shouldRefuseUsernameOtherThanCompId() throws Exception
    {
        assertEquals("Logon refused", assertRefused("CLIENT02", "CLIENT03", "client02pass"));
    }

    @Test
    void shouldAnswerAnUnknownCompIdExactlyAsAWrongPasswordSoThatCompIdsCannotBeDiscovered() throws Exception
    {
        final String unknown = refusalOf("CLIENT0X", "CLIENT0X", "client02pass");
        final String wrongPassword = refusalOf("CLIENT09", "CLIENT09", "client09pasz");
        assertEquals(withoutSendingTime(wrongPassword), withoutSendingTime(unknown));
    }

    @Test
    void shouldRefuseSecondConnectionOfALoggedOnSession() throws Exception
    {
        try (QfjClient client = fixture.client(4, dir.resolve("store")).startAndLogon())
        {
            assertRefused("CLIENT04", "CLIENT04", "client04pass");
            assertTrue(client.session().isLoggedOn(), "the first connection survives");
        }
    }

    @Test
    void shouldRefuseLogonsBeyondTheSessionLimit() throws Exception
    {
        try (QfjClient a = fixture.client(5, dir.resolve("store")).startAndLogon();
            QfjClient b = fixture.client(6, dir.resolve("store")).startAndLogon();
            QfjClient c = fixture.client(7, dir.resolve("store")).startAndLogon())
        {
            assertTrue(a.session().isLoggedOn() && b.session().isLoggedOn() && c.session().isLoggedOn());
            assertRefused("CLIENT08", "CLIENT08", "client08pass");
        }
    }

    /** @return the Text (58) of the Logout the refusal carried, null when none came */
    private static String assertRefused(final String compId, final String username,
        final String password) throws Exception
    {
        final String reply = refusalOf(compId, username, password);
        return reply.contains("|35=5|") ? RawFixClient.field(reply, 58) : null;
    }

    private static String refusalOf(final String compId, final String username, final String password)
        throws Exception
    {
        try (RawFixClient raw = fixture.rawClient(compId))
        {
            raw.logon(username, password);
            final String reply = raw.readUntilClosed(Duration.ofSeconds(10).toMillis());
            assertTrue(raw.closedByPeer(), "the gateway closes the connection");
            assertFalse(reply.contains("|35=A|"), "no Logon comes back: " + reply);
            return reply;
        }
    }

    /** The reply without its SendingTime (52), CompIDs (the client's own, echoed) and checksum. */
    private static String withoutSendingTime(final String reply)
    {
        return reply.replaceAll("\\|52=[^|]*", "").replaceAll("\\|5[06]=[^|]*", "").replaceAll("\\|49=[^|]*", "")
            .replaceAll("\\|10=[^|]*", "").replaceFirst("\\|9=[0-9]*", "");
    }
}
