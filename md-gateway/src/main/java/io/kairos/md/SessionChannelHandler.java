package io.kairos.md;

import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.kairos.access.ConnectionGate;
import io.kairos.fix.wire.RefusalLogout;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
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
    private String remoteAddress = "";
    /** Null for a connection the gate refused. */
    private FixSession session;

    SessionChannelHandler(
        final GatewayContext context, final MarketDataRequestHandler requestHandler, final boolean tls)
    {
        this.context = context;
        this.requestHandler = requestHandler;
        this.tls = tls;
    }

    /**
     * Admits the connection through the {@link ConnectionGate} first: one past a limit gets a Logout naming it and is
     * closed without a session.
     */
    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        channel = ctx.channel();
        remoteAddress = String.valueOf(channel.remoteAddress());
        final ConnectionGate.Refusal refusal = context.gate.admit(remoteAddress);
        if (refusal != null)
        {
            channel.writeAndFlush(Unpooled.wrappedBuffer(
                RefusalLogout.frame(context.config.compId(), refusal.text(), Instant.now())))
                .addListener(ChannelFutureListener.CLOSE);
            return;
        }
        session = new FixSession(context, requestHandler, this);
        session.onConnected();
    }

    @Override
    public String remoteAddress()
    {
        return remoteAddress;
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg)
    {
        final ByteBuf in = (ByteBuf)msg;
        if (session == null)
        {
            in.release(); // refused: its Logout is on its way and the channel closes
            return;
        }
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
        if (session != null)
        {
            session.flush();
        }
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        context.gate.closed(remoteAddress);
        if (session != null)
        {
            session.onDisconnected();
        }
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

    @Override
    public String remoteHost()
    {
        return context.origins.clientHost(channel.remoteAddress());
    }

    @Override
    public void pauseReading()
    {
        channel.config().setAutoRead(false);
    }

    @Override
    public void resumeReading()
    {
        channel.config().setAutoRead(true);
    }

    @Override
    public void execute(final Runnable task)
    {
        channel.eventLoop().execute(() ->
        {
            task.run();
            session.flush();
        });
    }
}
