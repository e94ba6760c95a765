package io.kairos.fix;

import java.io.IOException;
import java.nio.channels.SocketChannel;

import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.framer.DefaultTcpChannelSupplier;
import uk.co.real_logic.artio.engine.framer.TcpChannel;

/**
 * Artio's default NIO acceptor whose connections are {@link SentSequenceTrackingChannel}s. Installed with
 * {@link EngineConfiguration#channelSupplierFactory}; used on Artio's framer thread.
 */
final class SentSequenceTrackingChannelSupplier extends DefaultTcpChannelSupplier
{
    private final SentSequenceFloor floor;

    SentSequenceTrackingChannelSupplier(final EngineConfiguration configuration, final SentSequenceFloor floor)
    {
        super(configuration);
        this.floor = floor;
    }

    @Override
    protected TcpChannel newTcpChannel(final SocketChannel channel) throws IOException
    {
        return new SentSequenceTrackingChannel(channel, floor);
    }
}
