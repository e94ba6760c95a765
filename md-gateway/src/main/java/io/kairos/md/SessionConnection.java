package io.kairos.md;

/**
 * What the session protocol ({@link FixSession}) needs of its connection, and nothing of how it is made: an output
 * for its messages and a way to end it. The Netty side is {@link SessionChannelHandler}; a socket-free test provides
 * its own. Called on the thread that owns the session (the gateway's event loop), but for {@link #execute}.
 */
interface SessionConnection
{
    /** Grace period of {@link #closeAfterGrace()}: the peer may read a Logout before its socket closes. */
    long CLOSE_GRACE_MS = 200;

    /** False once the connection is closed or closing (nothing written any more reaches the peer). */
    boolean isOpen();

    /** A new output for a writer of this connection's messages (one per writer). */
    OutboundBatch newBatch();

    /** Closes the connection now; what was flushed before may still be written. */
    void close();

    /** Closes the connection after {@link #CLOSE_GRACE_MS}. */
    void closeAfterGrace();

    /** The peer's address as the {@link io.kairos.access.ConnectionGate} counts it ("" where there is none). */
    default String remoteAddress()
    {
        return "";
    }

    /** The host the connection comes from ({@link io.kairos.access.ConnectionOrigins#clientHost}). */
    String remoteHost();

    /** Stops reading from the peer until {@link #resumeReading} (while its Logon is checked). */
    void pauseReading();

    /** Reads from the peer again. */
    void resumeReading();

    /** Runs {@code task} on the thread that owns the session (the way back from another thread); any thread. */
    void execute(Runnable task);
}
