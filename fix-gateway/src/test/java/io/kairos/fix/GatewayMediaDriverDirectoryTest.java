package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.engine.MediaDriverDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's Aeron media driver lives in /dev/shm where it has room (its log buffers never reach the disk's
 * write-back queue, where they held up the journal's forces), in a directory of its own that a clean stop removes.
 */
class GatewayMediaDriverDirectoryTest
{
    @Test
    void shouldRunTheMediaDriverInSharedMemoryAndRemoveItOnClose(@TempDir final Path dir) throws IOException
    {
        final Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) &&
            Files.getFileStore(shm).getUsableSpace() >= MediaDriverDirectory.ROOM_NEEDED, "/dev/shm with room");
        final Path driverDir;
        try (GatewayFixture fixture = GatewayFixture.start(dir))
        {
            driverDir = Path.of(fixture.gateway.aeronDirectory());
            assertEquals(shm, driverDir.getParent());
            assertTrue(Files.isRegularFile(driverDir.resolve("cnc.dat")), "the driver's CnC file");
            assertFalse(Files.exists(fixture.dataDir.resolve("aeron")), "nothing of the driver on the data volume");
        }
        assertFalse(Files.exists(driverDir), "removed on close");
    }
}
