package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator's requests against the real gateway and engine, from a thread that is not the gateway's: the kill switch
 * cancels every order of one session (its owner gets each cancel, no OrderMassCancelReport it did not ask for) and
 * says how many; another session's orders stay; a session is thrown out with a Logout naming why; the sessions' states
 * follow logons and disconnects. Waits end on the expected message, bounded.
 */
class OperatorRequestsTest
{
    private static final long WAIT_MS = 10_000;
    private static final String TIME = "60=20261124-10:00:00.000|";

    @TempDir
    Path dir;

    @Test
    void shouldCancelEveryOrderOfTheSessionOnTheKillSwitchAndTellTheOperatorHowMany() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient target = fixture.rawClient("CLIENT01");
            RawFixClient other = fixture.rawClient("CLIENT06"))
        {
            GatewayFixture.logOn(target, "CLIENT01", "client01pass");
            GatewayFixture.logOn(other, "CLIENT06", "client06pass");
            rest(target, "11=A1|54=1|" + TIME + "40=2|55=AAPL|38=5|44=99|59=1|");
            rest(target, "11=M1|54=2|" + TIME + "40=2|55=MSFT|38=5|44=101|59=0|");
            rest(other, "11=O1|54=1|" + TIME + "40=2|55=AAPL|38=5|44=98|59=0|");

            final int cancelled = fixture.gateway.operatorCancelAll("CLIENT01", "alice").get(WAIT_MS,
                TimeUnit.MILLISECONDS);

            assertEquals(2, cancelled, "both partitions' orders, counted once");
            final String first = target.readMessage("8", WAIT_MS);
            final String second = target.readMessage("8", WAIT_MS);
            assertEquals("4", RawFixClient.field(first, 150), first);
            assertEquals("4", RawFixClient.field(second, 150), second);
            assertEquals("A1M1", sorted(RawFixClient.field(first, 11), RawFixClient.field(second, 11)));
            assertNull(target.readMessage("r", 500), "no OrderMassCancelReport the session did not ask for");
            assertEquals(0, fixture.gateway.operatorCancelAll("CLIENT01", "alice").get(WAIT_MS,
                TimeUnit.MILLISECONDS), "nothing left");
            other.send("H", "11=O1|55=AAPL|54=1|");
            assertEquals("0", RawFixClient.field(other.readMessage("8", WAIT_MS), 39), "the other's order rests");
            final ExecutionException unknown = assertThrows(ExecutionException.class,
                () -> fixture.gateway.operatorCancelAll("NOBODY", "alice").get(WAIT_MS, TimeUnit.MILLISECONDS));
            assertTrue(unknown.getCause().getMessage().contains("no session NOBODY"), unknown.toString());
        }
    }

    @Test
    void shouldThrowASessionOutWithALogoutNamingWhyAndFollowItsStateInTheList() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir);
            RawFixClient client = fixture.rawClient("CLIENT02"))
        {
            assertFalse(state(fixture, "CLIENT02").loggedOn());
            assertFalse(fixture.gateway.disconnect("CLIENT02", "bye").get(WAIT_MS, TimeUnit.MILLISECONDS),
                "not logged on: nothing to do");
            GatewayFixture.logOn(client, "CLIENT02", "client02pass");
            final OrderEntrySessionState on = state(fixture, "CLIENT02");
            assertTrue(on.loggedOn());
            assertEquals("FIRM1", on.firm());
            assertTrue(on.remoteAddress().startsWith("127.0.0.1:"), on.remoteAddress());
            assertFalse(state(fixture, "CLIENT07").loggedOn());
            assertEquals("FIRM2", state(fixture, "CLIENT07").firm());

            assertTrue(fixture.gateway.disconnect("CLIENT02", "Disconnected by the venue's operator")
                .get(WAIT_MS, TimeUnit.MILLISECONDS));

            final String logout = client.readMessage("5", WAIT_MS);
            assertNotNull(logout, "a Logout first");
            assertEquals("Disconnected by the venue's operator", RawFixClient.field(logout, 58));
            assertTrue(client.awaitClosedByPeer(WAIT_MS), "then the connection is closed");
            Await.until("CLIENT02 offline again", () -> !state(fixture, "CLIENT02").loggedOn());
            assertFalse(fixture.gateway.disconnect("NOBODY", "x").get(WAIT_MS, TimeUnit.MILLISECONDS));
        }
    }

    private static OrderEntrySessionState state(final GatewayFixture fixture, final String compId)
    {
        return fixture.gateway.sessionStates().stream().filter(s -> s.compId().equals(compId)).findFirst()
            .orElseThrow();
    }

    private static String sorted(final String a, final String b)
    {
        return a.compareTo(b) < 0 ? a + b : b + a;
    }

    private static void rest(final RawFixClient client, final String body) throws Exception
    {
        client.send("D", body);
        assertEquals("0", RawFixClient.field(client.readMessage("8", WAIT_MS), 150), body);
    }
}
