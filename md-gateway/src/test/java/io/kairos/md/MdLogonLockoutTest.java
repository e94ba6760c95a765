package io.kairos.md;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.kairos.access.LockoutConfig;
import io.kairos.access.LogonFailure;
import io.kairos.access.LogonVerifier;
import io.kairos.engine.RealtimeEpochNanoClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Market data's failed-logon lock-out, on a gateway that locks a CompID out after 3 failures. */
class MdLogonLockoutTest
{
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private MarketDataGateway gateway;

    @BeforeEach
    void start()
    {
        gateway = TestVenue.launch(TestVenue.config().withLogonLockout(new LockoutConfig(3, 1_000, 600_000, 1_000, 16)),
            registry);
    }

    @AfterEach
    void close()
    {
        gateway.close();
    }

    @Test
    void shouldLockACompIdOutAfterExactlyItsLimitAndRefuseEvenTheRightPasswordAlike() throws IOException
    {
        for (int i = 0; i < 3; i++)
        {
            assertEquals("Logon refused", refusal("MD02", "guess" + i));
        }
        assertEquals("Logon refused", refusal("MD02", "md02pass"), "locked out: the same answer");
        final LogonVerifier verifier = gateway.logonVerifier();
        assertEquals(3, verifier.verified(), "a locked-out logon costs no hash");
        assertEquals(1, verifier.failures(LogonFailure.LOCKED_OUT));
        assertEquals(1.0, registry.get("kairos.logon.lockouts").tags("door", "md", "scope", "comp-id")
            .functionCounter().count());
        assertEquals(3.0, registry.get("kairos.logon.failures").tags("door", "md", "reason", "bad-credentials")
            .functionCounter().count());
        try (RawFixClient other = new RawFixClient(gateway.port(), "MD03"))
        {
            assertEquals("A", other.logon().msgType(), "another CompID from the same host still logs on");
        }
    }

    @Test
    void shouldCheckThePasswordOnTheVerifierThreadNeverOnTheEventLoop() throws IOException
    {
        final List<String> threads = new CopyOnWriteArrayList<>();
        gateway.close();
        gateway = MarketDataGateway.launch(TestVenue.config(), TestVenue.REFERENCE_DATA, new SimpleMeterRegistry(),
            new RealtimeEpochNanoClock(), (hash, password, length) ->
            {
                threads.add(Thread.currentThread().getName());
                return hash.matches(password, length);
            });
        try (RawFixClient client = new RawFixClient(gateway.port(), "MD01"))
        {
            assertEquals("A", client.logon().msgType());
        }
        assertEquals(List.of("kairos-logon-verifier-md"), threads);
    }

    private String refusal(final String compId, final String password) throws IOException
    {
        try (RawFixClient client = new RawFixClient(gateway.port(), compId))
        {
            final FixFrame logout = client.sendAndReadUntil("5", "A", "98=0", "108=30", "553=" + compId,
                "554=" + password);
            assertNotNull(logout);
            assertTrue(client.closedByServerWithin(5_000));
            return logout.get(58);
        }
    }
}
