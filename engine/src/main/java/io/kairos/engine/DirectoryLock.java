package io.kairos.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive OS file lock on a file in a directory, held for as long as one process owns the
 * directory: the engine a partition's journal directory, the FIX gateway its data directory. The OS
 * drops the lock when its process dies (also on {@code kill -9}), so holding it proves that no other
 * live process uses the directory: liveness marks a killed process left behind are stale and can be
 * cleared at once, and recovery may cut a torn journal tail without cutting a live writer's record.
 * A second owner (another process, or another one in this JVM) is refused with an error naming the
 * setting, the directory and the holder's pid. Created and closed by the thread that starts and
 * stops the owner.
 */
public final class DirectoryLock implements AutoCloseable
{
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(final FileChannel channel, final FileLock lock)
    {
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the lock (creating the directory if needed) or throws {@link IllegalStateException} when another
     * owner holds it.
     *
     * @param dir      the directory to own
     * @param fileName the lock file's name in it
     * @param key      the setting that names the directory, for messages (e.g. {@code journal.dir})
     * @param owner    what owns it, for messages (e.g. {@code gateway})
     */
    public static DirectoryLock acquire(final Path dir, final String fileName, final String key, final String owner)
    {
        final Path file = dir.resolve(fileName);
        final FileChannel channel;
        try
        {
            Files.createDirectories(dir);
            channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(key + " " + dir + ": cannot open " + file, e);
        }
        try
        {
            final FileLock lock = tryLock(channel);
            if (lock == null)
            {
                throw new IllegalStateException(key + " " + dir + " is in use by another running " + owner + " (pid " +
                    holder(file) + ", lock " + file + "); two servers cannot share it");
            }
            writePid(channel);
            return new DirectoryLock(channel, lock);
        }
        catch (final IOException e)
        {
            closeQuietly(channel);
            throw new UncheckedIOException(key + " " + dir + ": cannot lock " + file, e);
        }
        catch (final RuntimeException e)
        {
            closeQuietly(channel);
            throw e;
        }
    }

    /**
     * For a reader that must not write to the directory (the journal tools): takes a shared lock on the lock file
     * through a read-only channel, which the OS refuses while an owner holds its exclusive lock, and keeps an owner
     * from starting while it is held. Creates and writes nothing. @return the lock, or null when the directory has
     * no lock file (no owner ever opened it)
     *
     * @throws IllegalStateException when an owner holds the directory (the message names the setting and the pid)
     */
    public static DirectoryLock acquireShared(
        final Path dir, final String fileName, final String key, final String owner)
    {
        final Path file = dir.resolve(fileName);
        if (!Files.isRegularFile(file))
        {
            return null;
        }
        final FileChannel channel;
        try
        {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException(key + " " + dir + ": cannot open " + file, e);
        }
        try
        {
            final FileLock lock = tryLockShared(channel);
            if (lock == null)
            {
                throw new IllegalStateException(key + " " + dir + " is in use by a running " + owner + " (pid " +
                    holder(file) + ", lock " + file + "); stop it first, or read a copy of the directory");
            }
            return new DirectoryLock(channel, lock);
        }
        catch (final IOException e)
        {
            closeQuietly(channel);
            throw new UncheckedIOException(key + " " + dir + ": cannot lock " + file, e);
        }
        catch (final RuntimeException e)
        {
            closeQuietly(channel);
            throw e;
        }
    }

    private static FileLock tryLockShared(final FileChannel channel) throws IOException
    {
        try
        {
            return channel.tryLock(0, Long.MAX_VALUE, true);
        }
        catch (final OverlappingFileLockException e)
        {
            return null;
        }
    }

    private static FileLock tryLock(final FileChannel channel) throws IOException
    {
        try
        {
            return channel.tryLock();
        }
        catch (final OverlappingFileLockException e)
        {
            return null;
        }
    }

    private static void writePid(final FileChannel channel) throws IOException
    {
        final byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(pid), 0);
        channel.force(false);
    }

    private static String holder(final Path file)
    {
        try
        {
            final String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
            return text.isEmpty() ? "unknown" : text;
        }
        catch (final IOException e)
        {
            return "unknown";
        }
    }

    /**
     * Deletes a liveness mark file left by a process that no longer runs. Only call while holding the
     * lock. @return whether a stale file was there.
     */
    public boolean clearStaleMark(final Path markFile)
    {
        try
        {
            return Files.deleteIfExists(markFile);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot delete the stale mark file " + markFile, e);
        }
    }

    private static void closeQuietly(final FileChannel channel)
    {
        try
        {
            channel.close();
        }
        catch (final IOException ignore)
        {
            // nothing to release: the lock was never taken
        }
    }

    /** Releases the lock; the file stays (deleting it would race with a gateway that is starting). */
    @Override
    public void close()
    {
        try
        {
            lock.release();
            channel.close();
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("cannot release the lock " + channel, e);
        }
    }
}
