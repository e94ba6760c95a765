package io.kairos.fix;

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
 * An exclusive OS file lock on {@code <fix.data-dir>/gateway.lock}, held for as long as one gateway
 * uses the directory. The OS drops the lock when its process dies (also on {@code kill -9}), so holding
 * it proves that no other live process owns the directory's Aeron archive and Artio logs: their
 * liveness marks left behind by a killed process are stale and can be cleared at once instead of
 * waiting for them to time out. A second gateway on the same directory (another process, or another
 * gateway in this JVM) is refused with an error naming the directory and the holder's pid.
 * Created and closed by the thread that launches and closes the gateway.
 */
final class DataDirectoryLock implements AutoCloseable
{
    static final String FILE_NAME = "gateway.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(final FileChannel channel, final FileLock lock)
    {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock or throws {@link IllegalStateException} when another gateway holds it. */
    static DataDirectoryLock acquire(final Path dataDir)
    {
        final Path file = dataDir.resolve(FILE_NAME);
        final FileChannel channel;
        try
        {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        catch (final IOException e)
        {
            throw new UncheckedIOException("fix.data-dir " + dataDir + ": cannot open " + file, e);
        }
        try
        {
            final FileLock lock = tryLock(channel);
            if (lock == null)
            {
                throw new IllegalStateException("fix.data-dir " + dataDir + " is in use by another running gateway (pid " +
                    holder(file) + ", lock " + file + "); two servers cannot share a FIX data directory");
            }
            writePid(channel);
            return new DataDirectoryLock(channel, lock);
        }
        catch (final IOException e)
        {
            closeQuietly(channel);
            throw new UncheckedIOException("fix.data-dir " + dataDir + ": cannot lock " + file, e);
        }
        catch (final RuntimeException e)
        {
            closeQuietly(channel);
            throw e;
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
    boolean clearStaleMark(final Path markFile)
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
            throw new UncheckedIOException("cannot release " + FILE_NAME, e);
        }
    }
}
