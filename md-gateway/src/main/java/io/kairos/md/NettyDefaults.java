package io.kairos.md;

/**
 * Netty system properties the market-data path needs to stay allocation-free, applied before any
 * Netty class initialises unless the operator set them: a blocking (ArrayDeque-backed) recycler
 * pool instead of the chunked MPSC queue that allocates a new chunk every few dozen recycled
 * buffers, every new pooled object kept for reuse (ratio 1, so the pools reach the high-water
 * backlog and stop allocating), and no leak-detection sampling (which records stack traces). Set them on the command
 * line to override. Stateless.
 */
final class NettyDefaults
{
    static final String RECYCLER_BLOCKING = "io.netty.recycler.blocking";
    static final String LEAK_DETECTION_LEVEL = "io.netty.leakDetection.level";
    static final String RECYCLER_RATIO = "io.netty.recycler.ratio";

    private NettyDefaults()
    {
    }

    static void apply()
    {
        setIfAbsent(RECYCLER_BLOCKING, "true");
        setIfAbsent(LEAK_DETECTION_LEVEL, "disabled");
        setIfAbsent(RECYCLER_RATIO, "1");
    }

    private static void setIfAbsent(final String key, final String value)
    {
        if (System.getProperty(key) == null)
        {
            System.setProperty(key, value);
        }
    }
}
