package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Artio's counters and error logs (one file for the engine, one for the library) live in the gateway's data
 * directory: Artio's default puts them under /dev/shm, named by library id, where nothing deletes them.
 */
class ArtioMonitoringFilesTest
{
    @Test
    void shouldKeepArtiosMonitoringFilesInTheDataDirectory(@TempDir final Path dir)
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir))
        {
            assertTrue(Files.isRegularFile(fixture.dataDir.resolve("artio-engine-monitoring")), "engine file");
            assertTrue(Files.isRegularFile(fixture.dataDir.resolve("artio-library-monitoring")), "library file");
        }
    }
}
