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
 * tells the {@link ConnectionGate} (a connection that never logged on stops counting). Owned by Artio's framer thread;
 * allocation-free.
 */
final class SentSequenceTrackingChannel extends DefaultTcpChannel
{
    private static final int END_OF_STREAM = -1;

    private final SentSequenceFloor floor;
    private final ConnectionGate gate;
    private final InboundFrameGuard inbound = new InboundFrameGuard();
    /** The message being written, as fix-wire reads it. */
    private final UnsafeBuffer message = new UnsafeBuffer(0, 0);
    private int slot = SentSequenceFloor.UNKNOWN_SLOT;

    SentSequenceTrackingChannel(final SocketChannel channel, final SentSequenceFloor floor, final ConnectionGate gate)
        throws IOException
    {
        super(channel);
        this.floor = floor;
        this.gate = gate;
    }

    @Override
    public void close()
    {
        gate.closed(remoteAddress);
        super.close();
    }

    @Override
    public int read(final ByteBuffer dst) throws IOException
    {
        final int from = dst.position();
        final int read = super.read(dst);
        return read > 0 && !inbound.onBytes(dst, from, from + read) ? END_OF_STREAM : read;
    }

    @Override
    public int write(final ByteBuffer src, final int seqNum, final boolean replay) throws IOException
    {
        if (!replay && seqNum > 0)
        {
            record(src, seqNum);
        }
        return super.write(src, seqNum, replay);
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
