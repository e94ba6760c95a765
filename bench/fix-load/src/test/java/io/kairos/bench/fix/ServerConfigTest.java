package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.engine.JournalMode;
import io.kairos.server.KairosConfig;
import io.kairos.server.KairosConfigLoader;
import picocli.CommandLine;

/**
 * What {@code fix-load server-config} writes is a configuration the server loads as it is: the server's loader refuses
 * a key it does not know, so a key this writer misspells (or that the server renamed) fails here, not in a benchmark
 * run.
 */
final class ServerConfigTest
{
    @TempDir
    Path dir;

    @Test
    void shouldWriteAConfigurationTheServerLoadsWithEveryValueAsAsked() throws Exception
    {
        final Path file = dir.resolve("kairos.properties");
        final int status = new CommandLine(new ServerConfigCommand()).execute("--out", file.toString(),
            "--data-dir", dir.resolve("data").toString(), "--fix-port", "19880", "--md-port", "19881",
            "--metrics-port", "20090", "--journal-mode", "sync", "--sessions", "12", "--md-sessions", "3",
            "--partitions", "3", "--instruments", "gen:7");
        assertEquals(0, status);

        final KairosConfig config = KairosConfigLoader.load(file, Map.of());

        assertEquals(19880, config.fix().port());
        assertEquals(19881, config.md().port());
        assertEquals(20090, config.metrics().port());
        assertEquals(JournalMode.SYNC, config.engine().journalMode());
        assertEquals(3, config.engine().partitionCount());
        assertEquals(7, config.engine().instruments().instruments().size());
        assertEquals(12, config.fix().sessions().size());
        assertEquals(3, config.md().sessions().size());
    }

    @Test
    void shouldWriteDefaultsTheServerLoads() throws Exception
    {
        final Path file = dir.resolve("defaults.properties");
        assertEquals(0, new CommandLine(new ServerConfigCommand()).execute("--out", file.toString(),
            "--data-dir", dir.resolve("data").toString()));

        final KairosConfig config = KairosConfigLoader.load(file, Map.of());

        assertEquals(10, config.fix().sessions().size());
        assertEquals(JournalMode.ASYNC, config.engine().journalMode());
        assertTrue(Files.readString(file).contains("fix.throttle.messages-per-second=20000"));
    }
}
