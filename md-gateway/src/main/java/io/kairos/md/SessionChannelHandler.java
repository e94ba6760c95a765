package io.kairos.md;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * The Netty side of one market-data connection: hands the bytes it reads to the connection's session protocol
 * ({@link FixSession}), flushes what the protocol wrote at the end of each read, gives the protocol its output
 * ({@link ChannelBatch}) and its way to close, and tells it when the channel goes. One instance per channel, owned by
 * the gateway's event loop (every callback runs there).
 */
final class SessionChannelHandler extends ChannelInboundHandlerAdapter implements SessionConnection
{
    private final GatewayContext context;
    private final MarketDataRequestHandler requestHandler;
    private final Runnable closeTask = this::close;
    /** The connection came through the TLS listener: output goes through the pipeline's {@code SslHandler}. */
    private final boolean tls;
    /** Inbound bytes of a direct buffer are copied here first: the protocol reads arrays (it is Netty-free). */
    private byte[] inbound = new byte[2048];
    private Channel channel;
    private FixSession session;

    SessionChannelHandler(
        final GatewayContext context, final MarketDataRequestHandler requestHandler, final boolean tls)
    {
        this.context = context;
        this.requestHandler = requestHandler;
        this.tls = tls;
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        channel = ctx.channel();
        session = new FixSession(context, requestHandler, this);
        session.onConnected();
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg)
    {
        final ByteBuf in = (ByteBuf)msg;
        try
        {
            final int readable = in.readableBytes();
            if (in.hasArray())
            {
                session.onBytes(in.array(), in.arrayOffset() + in.readerIndex(), readable);
            }
            else
            {
                if (readable > inbound.length)
                {
                    inbound = new byte[Math.max(readable, inbound.length << 1)];
                }
                in.getBytes(in.readerIndex(), inbound, 0, readable);
                session.onBytes(inbound, 0, readable);
            }
        }
        finally
        {
            in.release();
        }
    }

    @Override
    public void channelReadComplete(final ChannelHandlerContext ctx)
    {
        session.flush();
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        session.onDisconnected();
    }

    /**
     * Peer resets and writes to a closed channel just close the session; anything else is a bug, counted and printed.
     */
    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        if (!(cause instanceof IOException))
        {
            context.errors.onError(cause);
        }
        ctx.close();
    }

    @Override
    public boolean isOpen()
    {
        return channel.isActive();
    }

    @Override
    public OutboundBatch newBatch()
    {
        return new ChannelBatch(channel, context.trailers, tls);
    }

    @Override
    public void close()
    {
        channel.close();
    }

    @Override
    public void closeAfterGrace()
    {
        channel.eventLoop().schedule(closeTask, CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
    }
}
