package io.kairos.access;

import javax.net.ssl.SSLException;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SniCompletionEvent;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

/**
 * Sits behind a TLS listener's {@code SniHandler}/{@code SslHandler} ({@link TlsDoor}): counts the handshakes, and
 * for a connection refused before or during its handshake counts it, writes one log line without a stack trace (what
 * the client sent or why the handshake failed) and closes it, so that the connection's own handlers never see the
 * exception. TLS errors after the handshake (a corrupt record, a bad close) close the connection with one line too.
 * One instance per channel, owned by its event loop.
 */
final class TlsOutcomeHandler extends ChannelInboundHandlerAdapter
{
    private final TlsDoor door;
    private boolean handshakeDone;
    private boolean reported;

    TlsOutcomeHandler(final TlsDoor door)
    {
        this.door = door;
    }

    @Override
    public void userEventTriggered(final ChannelHandlerContext ctx, final Object event)
    {
        if (event instanceof SslHandshakeCompletionEvent handshake)
        {
            if (handshake.isSuccess())
            {
                handshakeDone = true;
                door.onHandshake();
            }
            else
            {
                refuse(ctx, handshake.cause());
            }
        }
        else if (event instanceof SniCompletionEvent hello && !hello.isSuccess())
        {
            refuse(ctx, hello.cause());
        }
        ctx.fireUserEventTriggered(event);
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        final Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (!handshakeDone)
        {
            refuse(ctx, root);
        }
        else if (root instanceof SSLException)
        {
            if (!reported)
            {
                reported = true;
                System.err.println(door.name() + " TLS: closing " + ctx.channel().remoteAddress() + ": " +
                    root.getMessage());
            }
            ctx.close();
        }
        else
        {
            ctx.fireExceptionCaught(cause);
        }
    }

    private void refuse(final ChannelHandlerContext ctx, final Throwable cause)
    {
        if (!reported)
        {
            reported = true;
            door.onRefusal();
            System.err.println(door.name() + " TLS: refused " + ctx.channel().remoteAddress() + ": " + reason(cause));
        }
        ctx.close();
    }

    private static String reason(final Throwable cause)
    {
        final Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (root instanceof NotSslRecordException)
        {
            return "not a TLS client hello (a plain-TCP client on the TLS port?)";
        }
        return "handshake failed: " + root;
    }
}
