package io.kairos.latency;

import java.io.PrintStream;

/**
 * A one-line progress bar on stderr, redrawn at most every 200 ms, only when asked for (the CLI asks when a terminal
 * is attached). Checks the clock every 64K packets so it costs nothing measurable. Owned by the analysis thread.
 */
final class ProgressBar
{
    private static final long REDRAW_NS = 200_000_000L;
    private static final int WIDTH = 40;

    private final PrintStream out;
    private final long totalBytes;
    private final long startNs = System.nanoTime();
    private long lastDrawNs;
    private boolean drawn;

    ProgressBar(final PrintStream out, final long totalBytes)
    {
        this.out = out;
        this.totalBytes = Math.max(1, totalBytes);
    }

    void onPacket(final long packetNumber, final long fileOffset)
    {
        if ((packetNumber & 0xFFFF) != 0)
        {
            return;
        }
        final long now = System.nanoTime();
        if (now - lastDrawNs < REDRAW_NS)
        {
            return;
        }
        lastDrawNs = now;
        final int filled = (int)(WIDTH * fileOffset / totalBytes);
        final double seconds = (now - startNs) / 1e9;
        out.printf("\r[%s%s] %3d%% %,d packets %.1f s", "#".repeat(filled), " ".repeat(WIDTH - filled),
            100 * fileOffset / totalBytes, packetNumber, seconds);
        out.flush();
        drawn = true;
    }

    void finish()
    {
        if (drawn)
        {
            out.print("\r" + " ".repeat(WIDTH + 50) + "\r");
            out.flush();
        }
    }
}
