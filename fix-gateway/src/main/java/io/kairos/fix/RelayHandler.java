package io.kairos.fix;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayDeque;

import io.kairos.access.ConnectionOrigins;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.ChannelInputShutdownEvent;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.ssl.SslCloseCompletionEvent;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * One TLS client's relay to Artio, on the client's channel behind its TLS handlers ({@link TlsFrontEnd}). Once the
 * handshake succeeded it opens the connection to Artio: binds it first, records the bound local address against the
 * client's in {@link ConnectionOrigins}, then connects — so Artio's side can ask where the connection comes from from
 * its first accept. Bytes go both ways as read (each read flushed at the end of its batch); a side whose peer is not
 * writable stops reading until it is (back-pressure); the client's half-close (TLS close_notify or FIN) shuts Artio's
 * side for output, and the end of either side closes the other once what is queued is flushed. Decrypted bytes read
 * before Artio's connection is up wait in a small queue (at most one read batch: reading pauses meanwhile). One
 * instance per client channel, owned by the front end's event loop; {@link ArtioSide} handles the other channel.
 */
final class RelayHandler extends ChannelInboundHandlerAdapter
{
    private final Bootstrap toArtio;
    private final InetSocketAddress artio;
    private final ConnectionOrigins origins;
    private final ChannelGroup relays;
    private final ArrayDeque<Object> early = new ArrayDeque<>();
    private Channel client;
    private Channel artioChannel;
    private boolean clientInputShut;

    RelayHandler(final Bootstrap toArtio, final InetSocketAddress artio, final ConnectionOrigins origins,
        final ChannelGroup relays)
    {
        this.toArtio = toArtio;
        this.artio = artio;
        this.origins = origins;
        this.relays = relays;
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx)
    {
        client = ctx.channel();
        ctx.fireChannelActive();
    }

    @Override
    public void userEventTriggered(final ChannelHandlerContext ctx, final Object event)
    {
        if (event instanceof SslHandshakeCompletionEvent handshake && handshake.isSuccess())
        {
            client.config().setAutoRead(false);
            openArtioSide();
        }
        else if (event instanceof ChannelInputShutdownEvent || event instanceof SslCloseCompletionEvent)
        {
            onClientInputShut();
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object message)
    {
        if (artioChannel != null && artioChannel.isActive())
        {
            artioChannel.write(message, artioChannel.voidPromise());
            if (!artioChannel.isWritable())
            {
                client.config().setAutoRead(false);
            }
        }
        else if (artioChannel == null || artioChannel.isOpen())
        {
            early.add(message);
        }
        else
        {
            ReferenceCountUtil.release(message);
        }
    }

    @Override
    public void channelReadComplete(final ChannelHandlerContext ctx)
    {
        if (artioChannel != null && artioChannel.isActive())
        {
            artioChannel.flush();
        }
    }

    @Override
    public void channelWritabilityChanged(final ChannelHandlerContext ctx)
    {
        if (client.isWritable() && artioChannel != null)
        {
            artioChannel.config().setAutoRead(true);
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx)
    {
        releaseEarly();
        if (artioChannel != null)
        {
            closeAfterFlush(artioChannel);
        }
        ctx.fireChannelInactive();
    }

    /** A reset by the client ends the relay like a close; TLS errors were handled before this handler. */
    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        ctx.close();
    }

    /** Artio's side is writable again: read the client. */
    void onArtioWritable()
    {
        if (artioChannel.isWritable() && !clientInputShut)
        {
            client.config().setAutoRead(true);
        }
    }

    Channel client()
    {
        return client;
    }

    private void openArtioSide()
    {
        final ArtioSide artioSide = new ArtioSide(this);
        final ChannelFuture registered = toArtio.clone().handler(artioSide).register();
        artioChannel = registered.channel();
        relays.add(artioChannel);
        registered.addListener((ChannelFutureListener)done ->
        {
            if (!done.isSuccess())
            {
                fail("cannot open a connection to Artio", done.cause());
                return;
            }
            artioChannel.bind(new InetSocketAddress(artio.getAddress(), 0)).addListener((ChannelFutureListener)bound ->
            {
                if (!bound.isSuccess())
                {
                    fail("cannot bind the relay's local end", bound.cause());
                    return;
                }
                final SocketAddress local = artioChannel.localAddress();
                origins.relayOpened(local, client.remoteAddress());
                artioChannel.closeFuture().addListener(closed -> origins.relayClosed(local));
                artioChannel.connect(artio).addListener((ChannelFutureListener)connected ->
                {
                    if (!connected.isSuccess())
                    {
                        fail("cannot connect to Artio at " + artio, connected.cause());
                        return;
                    }
                    onArtioConnected();
                });
            });
        });
    }

    private void onArtioConnected()
    {
        if (!client.isActive())
        {
            releaseEarly();
            artioChannel.close();
            return;
        }
        while (!early.isEmpty())
        {
            artioChannel.write(early.poll(), artioChannel.voidPromise());
        }
        artioChannel.flush();
        if (clientInputShut)
        {
            ((DuplexChannel)artioChannel).shutdownOutput();
        }
        else
        {
            client.config().setAutoRead(true);
        }
    }

    private void onClientInputShut()
    {
        if (clientInputShut)
        {
            return;
        }
        clientInputShut = true;
        if (artioChannel != null && artioChannel.isActive())
        {
            artioChannel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener((ChannelFutureListener)flushed ->
                ((DuplexChannel)artioChannel).shutdownOutput());
        }
        else if (artioChannel == null)
        {
            client.close();
        }
    }

    private void fail(final String what, final Throwable cause)
    {
        if (client.isActive()) // else the client went first and closed Artio's side: nothing failed
        {
            System.err.println(TlsFrontEnd.THREAD_NAME + ": " + what + " for " + client.remoteAddress() + ": " + cause);
        }
        releaseEarly();
        artioChannel.close();
        client.close();
    }

    private void releaseEarly()
    {
        while (!early.isEmpty())
        {
            ReferenceCountUtil.release(early.poll());
        }
    }

    /** Flushes what is queued for {@code channel}, then closes it (at once when nothing is). */
    static void closeAfterFlush(final Channel channel)
    {
        if (channel.isActive())
        {
            channel.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
        }
        else
        {
            channel.close();
        }
    }
}
