package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A media driver goes to the memory file system when it has room, under a name that belongs to its owner's
 * directory alone, and otherwise to the fallback directory the caller names.
 */
class MediaDriverDirectoryTest
{
    @TempDir
    Path shm;
    @TempDir
    Path data;

    @Test
    void shouldPutTheDriverInSharedMemoryNamedAfterItsOwnerWhenThereIsRoom()
    {
        final Path chosen = MediaDriverDirectory.choose(shm, 1, data, "kairos-fix-aeron", data.resolve("aeron"));

        assertEquals(shm, chosen.getParent());
        assertTrue(chosen.getFileName().toString().startsWith("kairos-fix-aeron-"), chosen.toString());
        assertEquals(chosen, MediaDriverDirectory.choose(shm, 1, data.resolve("x").resolve(".."), "kairos-fix-aeron",
            data.resolve("aeron")), "the same owner, spelled another way, gets the same directory");
        assertNotEquals(chosen, MediaDriverDirectory.choose(shm, 1, data.resolve("other"), "kairos-fix-aeron",
            data.resolve("aeron")), "another owner never shares it");
    }

    @Test
    void shouldFallBackWhenSharedMemoryHasNoRoom()
    {
        assertEquals(data.resolve("aeron"),
            MediaDriverDirectory.choose(shm, Long.MAX_VALUE, data, "kairos-fix-aeron", data.resolve("aeron")));
    }

    @Test
    void shouldFallBackWhenThereIsNoSharedMemory()
    {
        assertEquals(data.resolve("aeron"), MediaDriverDirectory.choose(shm.resolve("missing"), 1, data,
            "kairos-fix-aeron", data.resolve("aeron")));
    }
}
