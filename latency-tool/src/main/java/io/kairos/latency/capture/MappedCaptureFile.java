package io.kairos.latency.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A capture file mapped read-only into memory in windows, so files larger than 2 GiB stream through a bounded
 * address range. {@link #map(long, int)} makes a byte range addressable, remapping the window to start at that range
 * when it is not inside the current one. A replaced window is released by the GC (Java 21 has no supported way to
 * unmap at once without JVM flags or warnings); its pages are clean, file-backed and reclaimable by the OS, so they
 * do not count against the process's memory the way heap does. Owned by the reading thread.
 */
public final class MappedCaptureFile implements AutoCloseable
{
    public static final int DEFAULT_WINDOW_BYTES = 1 << 30;

    private final FileChannel channel;
    private final long size;
    private final int windowBytes;
    private MappedByteBuffer window;
    private long windowStart;
    private long windowEnd;

    public MappedCaptureFile(final Path path, final int windowBytes) throws IOException
    {
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        this.size = channel.size();
        this.windowBytes = windowBytes;
    }

    public long size()
    {
        return size;
    }

    /**
     * Makes {@code [position, position + length)} addressable.
     *
     * @return the index of {@code position} in {@link #buffer()}, or -1 when the range runs past the end of the file.
     * A range longer than the window gets a window of its own size.
     */
    public int map(final long position, final int length)
    {
        final long end = position + length;
        if (length < 0 || end > size)
        {
            return -1;
        }
        if (window == null || position < windowStart || end > windowEnd)
        {
            remap(position, length);
        }
        return (int)(position - windowStart);
    }

    /** The current window, big-endian. Valid until the next {@link #map(long, int)} that remaps. */
    public ByteBuffer buffer()
    {
        return window;
    }

    private void remap(final long position, final int minimumLength)
    {
        unmapWindow();
        final long length = Math.min(Math.max(windowBytes, minimumLength), size - position);
        try
        {
            window = channel.map(FileChannel.MapMode.READ_ONLY, position, length);
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException("cannot map capture at offset " + position, ex);
        }
        window.order(ByteOrder.BIG_ENDIAN);
        windowStart = position;
        windowEnd = position + length;
    }

    private void unmapWindow()
    {
        window = null;
    }

    public void close() throws IOException
    {
        unmapWindow();
        channel.close();
    }
}
