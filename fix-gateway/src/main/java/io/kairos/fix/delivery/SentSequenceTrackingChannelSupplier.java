package io.kairos.fix.delivery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Instant;

import io.kairos.access.ConnectionGate;
import io.kairos.fix.wire.RefusalLogout;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannelSupplier;
import uk.co.real_logic.artio.engine.framer.TcpChannel;
import uk.co.real_logic.artio.engine.framer.TcpChannelSupplier;

/**
 * Artio's default NIO acceptor whose connections are {@link SentSequenceTrackingChannel}s, each admitted by the
 * door's {@link ConnectionGate} first: a connection past a limit (too many not logged on, too many new ones from its
 * address this second) gets a Logout (35=5) whose Text says which limit, is closed and never reaches Artio's framer.
 * Installed with {@link EngineConfiguration#channelSupplierFactory}; used on Artio's framer thread (the hot thread in
 * compact threading: an admitted connection costs one synchronized gate call and its write buffer). Its connections'
 * writes are coalesced per duty cycle ({@link CoalescedWrites}); where a duty cycle read no socket, the poll for new
 * connections, which comes right after the reads, writes them. New connections are looked for once per millisecond
 * of the framer's clock, not on every duty cycle.
 */
public final class SentSequenceTrackingChannelSupplier extends DefaultTcpChannelSupplier
{
    private final SentSequenceFloor floor;
    private final ConnectionGate gate;
    private final String compId;
    private final GatedHandler gated = new GatedHandler();
    private final CoalescedWrites coalesced = new CoalescedWrites();
    private long lastAcceptPollMs = Long.MIN_VALUE;

    public SentSequenceTrackingChannelSupplier(
        final EngineConfiguration configuration, final SentSequenceFloor floor, final ConnectionGate gate,
        final String compId)
    {
        super(configuration);
        this.floor = floor;
        this.gate = gate;
        this.compId = compId;
    }

    @Override
    public int pollSelector(final long timeInMs, final TcpChannelSupplier.NewChannelHandler handler)
        throws IOException
    {
        // a duty cycle in which no socket had anything to read sends its answers here
        final int work = coalesced.isEmpty() || coalesced.flush() == 0 ? 0 : 1;
        if (timeInMs == lastAcceptPollMs)
        {
            // the framer calls this every duty cycle, tens of thousands of times a second under load; a system call
            // to look for new connections once a millisecond is soon enough for a logon
            return work;
        }
        lastAcceptPollMs = timeInMs;
        gated.delegate = handler;
        return super.pollSelector(timeInMs, gated) + work;
    }

    @Override
    protected TcpChannel newTcpChannel(final SocketChannel channel) throws IOException
    {
        return new SentSequenceTrackingChannel(channel, floor, gate, coalesced);
    }

    /** Hands an admitted connection to Artio; answers and closes a refused one. */
    private final class GatedHandler implements TcpChannelSupplier.NewChannelHandler
    {
        private TcpChannelSupplier.NewChannelHandler delegate;

        @Override
        public void onNewChannel(final long timeInMs, final TcpChannel channel) throws IOException
        {
            final ConnectionGate.Refusal refusal = gate.admit(channel.remoteAddr());
            if (refusal == null)
            {
                delegate.onNewChannel(timeInMs, channel);
                return;
            }
            try
            {
                // a best-effort write of a small frame into an empty socket buffer: it fits, or the client is gone
                final byte[] logout = RefusalLogout.frame(compId, refusal.text(), Instant.ofEpochMilli(timeInMs));
                channel.write(ByteBuffer.wrap(logout), 0, true);
            }
            catch (final IOException ignored)
            {
                // the client left already: nothing to tell it
            }
            channel.close();
        }
    }
}
