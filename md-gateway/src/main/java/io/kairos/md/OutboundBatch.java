package io.kairos.md;

import io.kairos.fix.wire.FixWriter;

/**
 * Where a {@link SessionWriter} puts one connection's encoded messages, and how they leave: appended to an open
 * batch, handed to the transport by {@link #flush()}. The Netty side is {@link ChannelBatch}; a socket-free test
 * records the messages instead. Netty-free on purpose, so that the session protocol ({@link FixSession}) is too.
 * Owned by the thread that owns the session (the gateway's event loop).
 */
interface OutboundBatch
{
    /**
     * Appends one message: the session's header in two parts ({@code head}: 8 and 9; {@code tail}: 35 to 52 and the
     * PossDup fields), the body, and the trailer for {@code checksum} (taken modulo 256).
     */
    default void append(FixWriter head, FixWriter tail, byte[] body, int bodyLength, int checksum)
    {
        begin(head, tail, bodyLength);
        body(body, 0, bodyLength);
        end(checksum);
    }

    /**
     * Starts a message whose body follows in parts ({@link #body}, then {@link #end}): appends the session's header
     * ({@code head}, {@code tail} as for {@link #append}). {@code bodyLength} is the length of all the parts together.
     */
    void begin(FixWriter head, FixWriter tail, int bodyLength);

    /** Appends the next part of the body of the message {@link #begin} started. */
    void body(byte[] part, int offset, int length);

    /** Ends the message {@link #begin} started with the trailer for {@code checksum} (taken modulo 256). */
    void end(int checksum);

    /**
     * The size of an unbatched incremental (one event, header and trailer), in which queued bytes are counted against
     * the slow-consumer limit: the limit bounds a subscriber's backlog at this many bytes per message whether its
     * messages carry one entry or hundreds.
     */
    int LIMIT_MESSAGE_BYTES = 256;

    /** Messages appended since the last {@link #flush()}. */
    int unflushedMessages();

    /**
     * Messages appended and not yet written to the peer: the open batch's, and the bytes queued behind the socket in
     * units of {@link #LIMIT_MESSAGE_BYTES}. What the slow-consumer limit ({@code md.outbound-queue-limit-messages})
     * is compared with.
     */
    int pendingMessages();

    /** Hands the open batch to the transport; nothing when it is empty. */
    void flush();

    /** Frees the open batch of a connection that has closed (nothing will flush it). */
    void release();
}
