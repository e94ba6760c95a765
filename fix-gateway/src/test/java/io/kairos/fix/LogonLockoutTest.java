package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;

import io.kairos.access.LockoutConfig;
import io.kairos.access.LogonFailure;
import io.kairos.access.LogonVerifier;
import io.kairos.testsupport.RawFixClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Order entry's failed-logon lock-out, on a gateway that locks a CompID out after 3 failures. */
class LogonLockoutTest
{
    @TempDir
    static Path dir;
    private static GatewayFixture fixture;

    @BeforeAll
    static void startGateway()
    {
        fixture = GatewayFixture.start(dir.resolve("gateway"),
            config -> config.withLogonLockout(new LockoutConfig(3, 1_000, 600_000, 1_000, 16)));
    }

    @AfterAll
    static void stopGateway()
    {
        fixture.close();
    }

    @Test
    void shouldLockACompIdOutAfterExactlyItsLimitAndRefuseEvenTheRightPasswordAlike() throws Exception
    {
        final LogonVerifier verifier = fixture.gateway.logonVerifier();
        final long hashedBefore = verifier.verified();
        for (int i = 0; i < 3; i++)
        {
            assertEquals("Logon refused", refusalText("CLIENT05", "guess" + i));
        }
        assertEquals("Logon refused", refusalText("CLIENT05", "client05pass"), "locked out: the same answer");
        assertEquals(3, verifier.verified() - hashedBefore, "a locked-out logon costs no hash");
        assertEquals(1, verifier.failures(LogonFailure.LOCKED_OUT));
        assertEquals(1, verifier.compIdLockouts());
        assertEquals(1.0, meter("kairos.logon.lockouts", "door", "fix", "scope", "comp-id"));
        assertEquals(3.0, meter("kairos.logon.failures", "door", "fix", "reason", "bad-credentials"));
        assertEquals(1.0, meter("kairos.logon.failures", "door", "fix", "reason", "locked-out"));

        try (QfjClient other = fixture.client(6, dir.resolve("store")).startAndLogon())
        {
            assertTrue(other.session().isLoggedOn(), "another CompID from the same host still logs on");
        }
    }

    @Test
    void shouldCheckPasswordsOnTheVerifierThreadNotArtiosFramer() throws Exception
    {
        final long hashedBefore = fixture.gateway.logonVerifier().verified();
        try (QfjClient client = fixture.client(7, dir.resolve("store")).startAndLogon())
        {
            assertTrue(client.session().isLoggedOn());
        }
        assertEquals(1, fixture.gateway.logonVerifier().verified() - hashedBefore);
        assertFalse(fixture.hashThreads.isEmpty());
        assertTrue(fixture.hashThreads.stream().allMatch(name -> name.equals("kairos-logon-verifier-fix")),
            fixture.hashThreads.toString());
    }

    private static double meter(final String name, final String... tags)
    {
        return fixture.registry.get(name).tags(tags).functionCounter().count();
    }

    private static String refusalText(final String compId, final String password) throws Exception
    {
        try (RawFixClient raw = fixture.rawClient(compId))
        {
            raw.logon(compId, password);
            final String reply = raw.readUntilClosed(Duration.ofSeconds(10).toMillis());
            assertTrue(raw.closedByPeer(), "the gateway closes the connection");
            return RawFixClient.field(reply, 58);
        }
    }
}
