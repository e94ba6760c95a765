package io.kairos.server;

/**
 * Where the venue's hot path runs ({@code server.threading}), after Aeron's SHARED / DEDICATED modes.
 * See {@code docs/architecture.md}.
 */
enum Threading
{
    /**
     * One hot thread ({@code kairos-hot}) runs Artio's framer, the order-entry sessions and every hosted
     * partition's journal and matcher: a request is read, journalled, matched and answered in one duty cycle,
     * with no hand-off between threads. One infra thread ({@code kairos-infra}) runs Artio's indexer and
     * monitoring and the Aeron client conductors; one more ({@code kairos-archive}) the media driver and the
     * archive. The hot thread waits as {@code fix.idle-strategy} says; {@code engine.wait-strategy} does
     * not apply. For machines with few or shared cores (the default).
     */
    COMPACT,
    /**
     * Every stage on threads of its own: Artio's framer and the session thread, a matcher thread per
     * partition (journal inline or on its own thread), each waiting as configured. With busy-spin wait and
     * idle strategies, for hosts with a dedicated core per hot thread (see {@code docs/tuning.md}).
     */
    DEDICATED
}
