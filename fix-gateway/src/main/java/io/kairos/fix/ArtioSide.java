package io.kairos.fix;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * The Artio side of one TLS relay ({@link RelayHandler}): what Artio sends goes to the client (through its
 * {@code SslHandler}), reading pauses while the client is not writable, and Artio's end of the connection (it closes
 * after a Logout or a refused Logon) closes the client once what is queued for it is flushed. One instance per relay
 * connection, owned by the front end's event loop.
 */
final class ArtioSide extends ChannelInboundHandlerAdapter
{
    private final RelayHandler relay;

    ArtioSide(final RelayHandler relay)
    {
        this.relay = relay;
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object message)
    {
        final Channel client = relay.client();
        if (!client.isActive())
        {
            ReferenceCountUtil.release(message);
            return;
        }
        client.write(message, client.voidPromise());
        if (!client.isWritable())
        {
            ctx.channel().config().setAutoRead(false);
        }
    }

    @Override
    public void channelReadComplete(final ChannelHandlerContext ctx)
    {
        relay.client().flush();
    }

    @Override
    public void channelWritabilityChanged(final ChannelHandlerContext ctx)
    {
        relay.onArtioWritable();
    }

    @Override
    public void userEventTriggered(final ChannelHandlerContext ctx, final Object event)
    {
        if (event instanceof ChannelInputShutdownEvent)
        {
            // Artio does not half-close: its end of the stream is the end of the session
            RelayHandler.closeAfterFlush(relay.client());
            ctx.close();
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        RelayHandler.closeAfterFlush(relay.client());
    }

    /** A reset by Artio is an end like any other; the relay closes both sides. */
    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        ctx.close();
    }
}
