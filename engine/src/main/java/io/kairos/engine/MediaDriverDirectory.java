package io.kairos.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Where an Aeron media driver of this process keeps its files (the order-entry gateway's, a cluster member's, the
 * cluster client's): in {@code /dev/shm} when that is a directory with {@link #ROOM_NEEDED} free, else in a directory
 * of the owner's data. Nothing durable lives there — the log buffers are memory the driver recreates at every start
 * (what must survive a crash is in the journal, Artio's archive and the cluster's archive) — but the buffers are
 * rewritten all the time, and on a disk the kernel writes those dirty pages back every few seconds: in sync mode the
 * journal's {@code fdatasync} then queued behind that write-back, which made the longest forces several times longer
 * (measured in bench/fix-load/README.md, "The force thread's wake-up and the disk's write-back"). A container's
 * default {@code /dev/shm} (64 MB in Docker) is too small for the gateway's driver (~82 MB), hence the check rather
 * than a crash on the first write past the end.
 *
 * <p>In {@code /dev/shm} the name carries a hash of the owner's absolute directory, which one process at a time
 * holds (its directory lock), so venues sharing a host never share a driver and a process restarted after a
 * {@code kill -9} finds — and its driver deletes — what its predecessor left. Stateless; any thread.
 */
public final class MediaDriverDirectory
{
    /** Free space {@code /dev/shm} must have to be used: the gateway's driver took ~82 MB at 2,000 orders/s. */
    public static final long ROOM_NEEDED = 128L << 20;
    static final Path SHM = Path.of("/dev/shm");

    private MediaDriverDirectory()
    {
    }

    /**
     * @param owner    the directory whose process the driver belongs to (it names the directory in /dev/shm)
     * @param name     the directory's name, prefixed to the owner's hash in /dev/shm
     * @param fallback where the driver goes when /dev/shm cannot take it
     */
    public static Path choose(final Path owner, final String name, final Path fallback)
    {
        return choose(SHM, ROOM_NEEDED, owner, name, fallback);
    }

    static Path choose(final Path shm, final long roomNeeded, final Path owner, final String name, final Path fallback)
    {
        return hasRoom(shm, roomNeeded) ? shm.resolve(name + "-" + hashOf(owner)) : fallback;
    }

    private static boolean hasRoom(final Path shm, final long roomNeeded)
    {
        try
        {
            return Files.isDirectory(shm) && Files.isWritable(shm) &&
                Files.getFileStore(shm).getUsableSpace() >= roomNeeded;
        }
        catch (final IOException ex)
        {
            return false; // unreadable: the owner's directory is always there
        }
    }

    private static String hashOf(final Path owner)
    {
        final String absolute = owner.toAbsolutePath().normalize().toString();
        return UUID.nameUUIDFromBytes(absolute.getBytes(StandardCharsets.UTF_8)).toString();
    }
}
