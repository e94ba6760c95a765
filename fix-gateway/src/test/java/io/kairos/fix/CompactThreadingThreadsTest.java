package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compact threading puts everything that does work on a few named threads: the launch of a gateway (with its
 * engine) starts {@code kairos-hot} and {@code kairos-infra} (the fixture's, as the server's) and one thread of its
 * own, {@code kairos-archive} (media driver and archive) — no Aeron or Artio agent thread besides — and the logon
 * verifier's, {@code kairos-logon-verifier-fix}, which waits on its queue and works only while a password is checked
 * (the slow hash must never run on {@code kairos-hot}). Runs in the suite's compact run only.
 */
class CompactThreadingThreadsTest
{
    @Test
    void shouldStartNoAgentThreadBesidesHotInfraAndArchive(@TempDir final Path dir)
    {
        assumeTrue(GatewayFixture.COMPACT, "compact threading only");
        final Set<Thread> before = Thread.getAllStackTraces().keySet();
        final GatewayFixture fixture = GatewayFixture.start(dir);
        try (fixture)
        {
            final Set<String> started = new TreeSet<>();
            for (final Thread thread : Thread.getAllStackTraces().keySet())
            {
                if (!before.contains(thread))
                {
                    started.add(thread.getName() + (thread.isDaemon() ? " (daemon)" : ""));
                }
            }
            assertEquals(Set.of("kairos-hot", "kairos-infra", "kairos-archive", "kairos-logon-verifier-fix (daemon)"),
                started);
        }
    }
}
