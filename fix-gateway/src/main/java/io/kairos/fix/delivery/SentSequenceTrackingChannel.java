package io.kairos.fix.delivery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.access.ConnectionGate;
import io.kairos.fix.InboundFrameGuard;
import io.kairos.fix.wire.FixFieldScan;
import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.MsgTypes;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannel;

/**
 * An accepted FIX connection whose writes record the outbound MsgSeqNum in the {@link SentSequenceFloor}
 * before the bytes reach the socket. The session is learnt from the TargetCompID of the first message
 * (the Logon reply). Replays (answers to a ResendRequest) reuse old numbers and are not recorded; a Logon
 * with ResetSeqNumFlag=Y (141=Y) lowers the mark to its own number. Its reads pass through an
 * {@link InboundFrameGuard}: a connection that sends more than {@link FixFrame#MAX_FRAME_BYTES} in a row
 * that are not FIX is closed (the read reports end of stream, so Artio disconnects it as if the peer had). Its close
 * tells the {@link ConnectionGate} (a connection that never logged on stops counting). Its writes are coalesced
 * ({@link CoalescedWrites}): a message is copied into the connection's pending buffer ({@link #PENDING_BYTES}) and
 * the framer's messages of one duty cycle reach the socket in one write; a message larger than the buffer is written
 * straight through once the buffer is empty, and a buffer the socket does not drain accepts only what fits, which
 * Artio treats as it treats a partial socket write. A socket write that fails is reported by the connection's next
 * write, which makes Artio disconnect it. Owned by Artio's framer thread; allocation-free after the connection's
 * creation.
 */
final class SentSequenceTrackingChannel extends DefaultTcpChannel
{
    private static final int END_OF_STREAM = -1;
    /** Room for a duty cycle's reports to one session (an execution report is ~300 bytes). */
    static final int PENDING_BYTES = 16 * 1024;

    private final SentSequenceFloor floor;
    private final ConnectionGate gate;
    private final CoalescedWrites coalesced;
    /** Bytes accepted from the framer and not yet written, in write mode (position = bytes held). */
    private final ByteBuffer pending = ByteBuffer.allocateDirect(PENDING_BYTES);
    private boolean queued;
    private boolean failed;
    private final InboundFrameGuard inbound = new InboundFrameGuard();
    /** The message being written, as fix-wire reads it. */
    private final UnsafeBuffer message = new UnsafeBuffer(0, 0);
    private int slot = SentSequenceFloor.UNKNOWN_SLOT;

    SentSequenceTrackingChannel(
        final SocketChannel channel, final SentSequenceFloor floor, final ConnectionGate gate,
        final CoalescedWrites coalesced)
        throws IOException
    {
        super(channel);
        this.floor = floor;
        this.gate = gate;
        this.coalesced = coalesced;
    }

    @Override
    public void close()
    {
        // what the framer handed over before it closed (a Logout, a refusal) still goes out if the socket takes it
        writePending();
        if (queued)
        {
            coalesced.remove(this);
            queued = false;
        }
        gate.closed(remoteAddress);
        super.close();
    }

    @Override
    public int read(final ByteBuffer dst) throws IOException
    {
        if (!coalesced.isEmpty())
        {
            coalesced.flush(); // the answers of this duty cycle leave before the next requests are read
        }
        final int from = dst.position();
        final int read = super.read(dst);
        return read > 0 && !inbound.onBytes(dst, from, from + read) ? END_OF_STREAM : read;
    }

    @Override
    public int write(final ByteBuffer src, final int seqNum, final boolean replay) throws IOException
    {
        if (failed)
        {
            throw new IOException("Disconnected " + remoteAddress + ": an earlier write failed");
        }
        if (!replay && seqNum > 0)
        {
            record(src, seqNum);
        }
        final int length = src.remaining();
        if (pending.position() > 0 && length > pending.remaining())
        {
            writePending();
        }
        if (pending.position() == 0 && length > pending.capacity())
        {
            return super.write(src, seqNum, replay);
        }
        final int accepted = Math.min(length, pending.remaining());
        if (accepted > 0)
        {
            final int from = src.position();
            pending.put(pending.position(), src, from, accepted).position(pending.position() + accepted);
            src.position(from + accepted);
            if (!queued)
            {
                queued = true;
                coalesced.queue(this);
            }
        }
        return accepted;
    }

    boolean hasPending()
    {
        return pending.position() > 0;
    }

    /** Called by {@link CoalescedWrites} when it no longer lists this connection. */
    void dequeued()
    {
        queued = false;
    }

    /** Writes what the socket takes of the pending bytes. @return bytes written */
    int writePending()
    {
        if (pending.position() == 0)
        {
            return 0;
        }
        pending.flip();
        try
        {
            return super.write(pending, 0, true);
        }
        catch (final IOException | RuntimeException ex)
        {
            failed = true; // the next write tells Artio, which disconnects the session; the bytes cannot go out
            pending.position(pending.limit());
            return 0;
        }
        finally
        {
            pending.compact();
        }
    }

    private void record(final ByteBuffer src, final int seqNum)
    {
        if (slot == SentSequenceFloor.UNKNOWN_SLOT)
        {
            message.wrap(src);
            slot = floor.slotOf(message, src.position(), src.remaining());
            if (slot == SentSequenceFloor.UNKNOWN_SLOT)
            {
                return;
            }
        }
        if (seqNum > floor.lastSent(slot))
        {
            floor.onSent(slot, seqNum);
        }
        else if (seqNum < floor.lastSent(slot) && isResetLogon(src))
        {
            floor.onReset(slot, seqNum);
        }
    }

    /** Whether the message is a Logon (35=A) with ResetSeqNumFlag=Y (141=Y). */
    private boolean isResetLogon(final ByteBuffer src)
    {
        message.wrap(src);
        final int offset = src.position();
        final int length = src.remaining();
        return FixFieldScan.hasCharValue(message, offset, length, FixTags.MSG_TYPE, MsgTypes.LOGON) &&
            FixFieldScan.hasCharValue(message, offset, length, FixTags.RESET_SEQ_NUM_FLAG, 'Y');
    }
}
