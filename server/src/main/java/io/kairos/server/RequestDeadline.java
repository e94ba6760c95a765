package io.kairos.server;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;

/**
 * Closes a management connection whose request is not complete within {@code metrics.request-timeout-ms} of the
 * connection opening or of the previous answer: a deadline, not an idle timeout, so a client that sends a byte now
 * and then (slowloris) cannot hold the connection. A connection that had started a request, or never completed one,
 * is answered 408 and counted; an idle keep-alive connection that has been served is closed quietly. The answer has
 * a deadline of its own, as long: a client that does not read it (so that it stays unwritten) is closed, counted.
 * First in the pipeline (it sees the raw bytes, before the HTTP codec). One per connection; event-loop thread only.
 */
final class RequestDeadline extends ChannelDuplexHandler
{
    private static final byte[] TIMEOUT = response("408 Request Timeout",
        "request not complete within metrics.request-timeout-ms\n");

    private final long timeoutMs;
    private final ManagementMeters meters;
    private ScheduledFuture<?> deadline;
    private boolean bytesSinceAnswer;
    private boolean served;
    private boolean answering;

    RequestDeadline(final long timeoutMs, final ManagementMeters meters)
    {
        this.timeoutMs = timeoutMs;
        this.meters = meters;
    }

    /** A raw HTTP/1.1 answer that closes the connection, for the handlers that sit before the codec. */
    static byte[] response(final String status, final String body)
    {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return ("HTTP/1.1 " + status + "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " +
            bytes.length + "\r\nConnection: close\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void channelActive(final ChannelHandlerContext ctx) throws Exception
    {
        arm(ctx);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(final ChannelHandlerContext ctx, final Object msg) throws Exception
    {
        if (!answering && msg instanceof ByteBuf buf && buf.isReadable())
        {
            bytesSinceAnswer = true;
        }
        super.channelRead(ctx, msg);
    }

    @Override
    public void channelInactive(final ChannelHandlerContext ctx) throws Exception
    {
        cancel();
        super.channelInactive(ctx);
    }

    /** The request is complete: its answer (a scrape, then the write) must be out within the timeout. */
    void requestComplete(final ChannelHandlerContext ctx)
    {
        answering = true;
        arm(ctx);
    }

    /** The answer is written and the connection kept alive: a new deadline for its next request. */
    void answered(final ChannelHandlerContext ctx)
    {
        answering = false;
        served = true;
        bytesSinceAnswer = false;
        arm(ctx);
    }

    private void arm(final ChannelHandlerContext ctx)
    {
        cancel();
        deadline = ctx.executor().schedule(() -> expire(ctx), timeoutMs, TimeUnit.MILLISECONDS);
    }

    private void expire(final ChannelHandlerContext ctx)
    {
        deadline = null;
        if (!ctx.channel().isActive())
        {
            return;
        }
        if (answering)
        {
            // The answer is still not written: the client does not read it.
            meters.timedOut.increment();
            ctx.close();
        }
        else if (bytesSinceAnswer || !served)
        {
            meters.timedOut.increment();
            ctx.writeAndFlush(Unpooled.wrappedBuffer(TIMEOUT)).addListener(ChannelFutureListener.CLOSE);
        }
        else
        {
            ctx.close();
        }
    }

    private void cancel()
    {
        if (deadline != null)
        {
            deadline.cancel(false);
            deadline = null;
        }
    }
}
