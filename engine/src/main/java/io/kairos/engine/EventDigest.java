package io.kairos.engine;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A SHA-256 over one partition's event stream, in a stable encoding that a live venue and a journal replay produce
 * alike: per event a kind byte ({@link #EXECUTION} or {@link #BOOK}) followed by its {@link EventCodec} encoding with
 * the stamps the matcher reads from its clock set to 0 (TransactTime, match start and engine-out: a replay runs at
 * another time). Stamps that come from the command (gateway-in, engine-in) and the journal index stay: they are in
 * the journal. {@link #encode} is the one definition of that encoding, also used to compare two replays event by
 * event.
 *
 * <p>Owned by one thread at a time (the one that delivers the partition's events); {@link #hex()} is read once that
 * thread stopped. Allocation-free per event.
 */
public final class EventDigest
{
    /** Kind byte of an execution event. */
    public static final byte EXECUTION = 1;
    /** Kind byte of a book event. */
    public static final byte BOOK = 2;
    /** Room one encoded event needs. */
    public static final int MAX_LENGTH =
        1 + Math.max(EventDescriptor.MAX_EXECUTION_EVENT_LENGTH, EventDescriptor.BOOK_EVENT_LENGTH);

    private final MessageDigest sha256 = newSha256();
    private final UnsafeBuffer scratch = new UnsafeBuffer(new byte[MAX_LENGTH]);
    private long events;

    /** Writes the digest's encoding of {@code e} at {@code offset}. @return its length */
    public static int encode(final ExecutionEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset, EXECUTION);
        final int length = EventCodec.encode(e, buffer, offset + 1);
        buffer.putLong(offset + 1 + EventDescriptor.EXECUTION_TRANSACT_TIME_OFFSET, 0);
        buffer.putLong(offset + 1 + EventDescriptor.EXECUTION_MATCH_START_OFFSET, 0);
        buffer.putLong(offset + 1 + EventDescriptor.EXECUTION_ENGINE_OUT_OFFSET, 0);
        return 1 + length;
    }

    /** Writes the digest's encoding of {@code e} at {@code offset}. @return its length */
    public static int encode(final BookEvent e, final MutableDirectBuffer buffer, final int offset)
    {
        buffer.putByte(offset, BOOK);
        final int length = EventCodec.encode(e, buffer, offset + 1);
        buffer.putLong(offset + 1 + EventDescriptor.BOOK_MATCH_START_OFFSET, 0);
        buffer.putLong(offset + 1 + EventDescriptor.BOOK_ENGINE_OUT_OFFSET, 0);
        return 1 + length;
    }

    public void onExecution(final ExecutionEvent e)
    {
        update(scratch, 0, encode(e, scratch, 0));
    }

    public void onBookEvent(final BookEvent e)
    {
        update(scratch, 0, encode(e, scratch, 0));
    }

    /** Adds one event already in the digest's encoding (a buffer over a byte array). */
    public void update(final DirectBuffer buffer, final int offset, final int length)
    {
        sha256.update(buffer.byteArray(), offset, length);
        events++;
    }

    /** Events digested so far. */
    public long events()
    {
        return events;
    }

    /** The SHA-256 of the events so far, in lower-case hex; the digest goes on. Allocates. */
    public String hex()
    {
        try
        {
            return HexFormat.of().formatHex(((MessageDigest)sha256.clone()).digest());
        }
        catch (final CloneNotSupportedException ex)
        {
            throw new IllegalStateException("SHA-256 cannot be cloned", ex);
        }
    }

    private static MessageDigest newSha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("every JVM has SHA-256", ex);
        }
    }
}
