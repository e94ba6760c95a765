package io.kairos.fix.delivery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import io.kairos.access.ConnectionGate;
import io.kairos.fix.InboundFrameGuard;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannel;

/**
 * An accepted FIX connection whose writes record the outbound MsgSeqNum in the {@link SentSequenceFloor}
 * before the bytes reach the socket. The session is learnt from the TargetCompID of the first message
 * (the Logon reply). Replays (answers to a ResendRequest) reuse old numbers and are not recorded; a Logon
 * with ResetSeqNumFlag=Y (141=Y) lowers the mark to its own number. Its reads pass through an
 * {@link InboundFrameGuard}: a connection that sends more than {@link InboundFrameGuard#MAX_UNFRAMED_BYTES} in a row
 * that are not FIX is closed (the read reports end of stream, so Artio disconnects it as if the peer had). Its close
 * tells the {@link ConnectionGate} (a connection that never logged on stops counting). Owned by Artio's framer thread;
 * allocation-free.
 */
final class SentSequenceTrackingChannel extends DefaultTcpChannel
{
    private static final byte SOH = 1;
    private static final byte[] LOGON_TYPE = {SOH, '3', '5', '=', 'A', SOH};
    private static final byte[] RESET_FLAG = {SOH, '1', '4', '1', '=', 'Y', SOH};

    private static final int END_OF_STREAM = -1;

    private final SentSequenceFloor floor;
    private final ConnectionGate gate;
    private final InboundFrameGuard inbound = new InboundFrameGuard();
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
            slot = floor.slotOf(src);
            if (slot == SentSequenceFloor.UNKNOWN_SLOT)
            {
                return;
            }
        }
        if (seqNum > floor.lastSent(slot))
        {
            floor.onSent(slot, seqNum);
        }
        else if (seqNum < floor.lastSent(slot) && contains(src, LOGON_TYPE) && contains(src, RESET_FLAG))
        {
            floor.onReset(slot, seqNum);
        }
    }

    private static boolean contains(final ByteBuffer src, final byte[] pattern)
    {
        final int last = src.limit() - pattern.length;
        for (int i = src.position(); i <= last; i++)
        {
            int matched = 0;
            while (matched < pattern.length && src.get(i + matched) == pattern[matched])
            {
                matched++;
            }
            if (matched == pattern.length)
            {
                return true;
            }
        }
        return false;
    }
}
