package io.kairos.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;

/**
 * Answers one management connection's requests: {@code /health/live} and {@code /health/ready} at once, always
 * (even on a connection past {@code metrics.max-connections}, so a flood cannot fail the kubelet's probes);
 * {@code /metrics} after the bearer-token check, rendered by {@link ScrapeCoalescer} off the event loop; 405 for
 * methods other than GET and HEAD, 404 for other paths; 414, 431 and 413 for a request line, headers or body over
 * their bounds. One request at a time: a client that sends the next before the answer is written (pipelining, which
 * neither Prometheus nor the kubelet does, or a client that does not read its answers) is disconnected.
 * One per connection; event-loop thread only.
 */
final class ManagementHandler extends SimpleChannelInboundHandler<HttpObject>
{
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";
    /** The most body bytes a request may carry (none of the endpoints reads one). */
    static final int MAX_BODY_BYTES = 1024;
    private static final String TEXT = "text/plain; charset=utf-8";

    private final HealthState health;
    private final ScrapeCoalescer scrapes;
    private final ManagementMeters meters;
    private final RequestDeadline deadline;
    private final byte[] tokenHash;
    private final OperatorConsole console;
    private final boolean overMaxConnections;

    private HttpRequest request;
    private long bodyBytes;
    /** From a complete request until its answer is written: another request meanwhile is pipelining. */
    private boolean answering;
    /** An answer that closes the connection is on its way: what still arrives is dropped. */
    private boolean closing;

    ManagementHandler(final HealthState health, final ScrapeCoalescer scrapes, final ManagementMeters meters,
        final RequestDeadline deadline, final byte[] tokenHash, final OperatorConsole console,
        final boolean overMaxConnections)
    {
        super(true);
        this.console = console;
        this.health = health;
        this.scrapes = scrapes;
        this.meters = meters;
        this.deadline = deadline;
        this.tokenHash = tokenHash;
        this.overMaxConnections = overMaxConnections;
    }

    @Override
    protected void channelRead0(final ChannelHandlerContext ctx, final HttpObject msg)
    {
        if (closing)
        {
            return;
        }
        if (answering)
        {
            // A client that sends while its answer is unwritten (pipelining, or not reading what it asked for)
            // would make the answers pile up in memory: disconnect it.
            meters.malformed.increment();
            closing = true;
            ctx.close();
            return;
        }
        final DecoderResult result = msg.decoderResult();
        if (result.isFailure())
        {
            refuseUndecodable(ctx, result.cause());
            return;
        }
        if (msg instanceof HttpRequest head)
        {
            request = head;
            bodyBytes = 0;
        }
        if (msg instanceof HttpContent content)
        {
            bodyBytes += content.content().readableBytes();
            if (bodyBytes > MAX_BODY_BYTES)
            {
                meters.tooLarge.increment();
                answer(ctx, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, TEXT,
                    "a request body may hold at most " + MAX_BODY_BYTES + " bytes\n", false, false);
                return;
            }
        }
        if (msg instanceof LastHttpContent && request != null)
        {
            final HttpRequest complete = request;
            request = null;
            answering = true;
            deadline.requestComplete(ctx);
            route(ctx, complete);
        }
    }

    private void refuseUndecodable(final ChannelHandlerContext ctx, final Throwable cause)
    {
        request = null;
        if (cause instanceof TooLongHttpLineException)
        {
            meters.tooLarge.increment();
            answer(ctx, HttpResponseStatus.REQUEST_URI_TOO_LONG, TEXT, "request line too long\n", false, false);
        }
        else if (cause instanceof TooLongHttpHeaderException)
        {
            meters.tooLarge.increment();
            answer(ctx, HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, TEXT, "request headers too large\n",
                false, false);
        }
        else
        {
            meters.malformed.increment();
            answer(ctx, HttpResponseStatus.BAD_REQUEST, TEXT, "not an HTTP/1.x request\n", false, false);
        }
    }

    private void route(final ChannelHandlerContext ctx, final HttpRequest req)
    {
        final boolean keepAlive = HttpUtil.isKeepAlive(req);
        final boolean head = HttpMethod.HEAD.equals(req.method());
        final String path = new QueryStringDecoder(req.uri()).path();
        if (path.startsWith(AdminRequest.PREFIX))
        {
            routeBounded(ctx, req, path, head, keepAlive);
            return;
        }
        if (!head && !HttpMethod.GET.equals(req.method()))
        {
            final FullHttpResponse response = response(HttpResponseStatus.METHOD_NOT_ALLOWED, TEXT,
                "method not allowed; use GET or HEAD\n", false);
            response.headers().set(HttpHeaderNames.ALLOW, "GET, HEAD");
            send(ctx, response, keepAlive);
            return;
        }
        switch (path)
        {
            case "/health/live" -> answer(ctx, HttpResponseStatus.OK, TEXT, "live\n", head, keepAlive);
            case "/health/ready" -> answer(ctx, health.isReady() ? HttpResponseStatus.OK
                : HttpResponseStatus.SERVICE_UNAVAILABLE, TEXT, health.detail() + "\n", head, keepAlive);
            default -> routeBounded(ctx, req, path, head, keepAlive);
        }
    }

    /** Everything but health: refused on a connection past the bound. */
    private void routeBounded(final ChannelHandlerContext ctx, final HttpRequest req, final String path,
        final boolean head, final boolean keepAlive)
    {
        if (overMaxConnections)
        {
            meters.overMaxConnections.increment();
            answer(ctx, HttpResponseStatus.SERVICE_UNAVAILABLE, TEXT,
                "too many connections to the management port (metrics.max-connections); only /health/* is " +
                "answered on this one\n", head, false);
            return;
        }
        if (path.startsWith(AdminRequest.PREFIX))
        {
            routeAdmin(ctx, req, head, keepAlive);
            return;
        }
        if (!"/metrics".equals(path))
        {
            answer(ctx, HttpResponseStatus.NOT_FOUND, TEXT, "not found; try /metrics, /health/live, /health/ready\n",
                head, keepAlive);
            return;
        }
        final String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        if (tokenHash.length > 0 && !tokenMatches(authorization))
        {
            unauthorized(ctx, "kairos", authorization, "/metrics needs Authorization: Bearer <token>\n", head,
                keepAlive);
            return;
        }
        scrapes.scrape().whenCompleteAsync((text, failure) ->
        {
            if (failure != null)
            {
                answer(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, TEXT, "scrape failed: " + failure + "\n",
                    head, false);
            }
            else
            {
                answer(ctx, HttpResponseStatus.OK, PROMETHEUS_TEXT, text, head, keepAlive);
            }
        }, ctx.executor());
    }

    /** The operator controls: an operator's token, then the request checked by {@link AdminRequest}. */
    private void routeAdmin(final ChannelHandlerContext ctx, final HttpRequest req, final boolean head,
        final boolean keepAlive)
    {
        final AdminOperators operators = console.operators();
        if (!operators.enabled())
        {
            meters.unauthorized.increment();
            answer(ctx, HttpResponseStatus.FORBIDDEN, TEXT, "the operator controls are off: no operator is " +
                "configured (admin.operators, admin.operator.<NAME>.token-hash)\n", head, keepAlive);
            return;
        }
        final String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        final String operator = operators.operatorOf(authorization);
        if (operator == null)
        {
            unauthorized(ctx, "kairos-admin", authorization,
                "the operator controls need Authorization: Bearer <an operator's token>\n", head, keepAlive);
            return;
        }
        AdminRequest.of(req.method(), req.uri(), operator).perform(console).whenCompleteAsync((result, failure) ->
        {
            if (failure != null)
            {
                answer(ctx, HttpResponseStatus.INTERNAL_SERVER_ERROR, TEXT, "failed: " + failure + "\n", head, false);
            }
            else
            {
                answer(ctx, HttpResponseStatus.valueOf(result.status()), TEXT, result.text(), head, keepAlive);
            }
        }, ctx.executor());
    }

    /** 401 with the challenge for {@code realm}, saying whether a token was presented at all (RFC 6750). */
    private void unauthorized(final ChannelHandlerContext ctx, final String realm, final String authorization,
        final String text, final boolean head, final boolean keepAlive)
    {
        meters.unauthorized.increment();
        final FullHttpResponse response = response(HttpResponseStatus.UNAUTHORIZED, TEXT, text, head);
        response.headers().set(HttpHeaderNames.WWW_AUTHENTICATE, authorization == null
            ? "Bearer realm=\"" + realm + "\"" : "Bearer realm=\"" + realm + "\", error=\"invalid_token\"");
        send(ctx, response, keepAlive);
    }

    /** Constant time: the presented token's SHA-256 against the configured one, 32 bytes each whatever was sent. */
    private boolean tokenMatches(final String authorization)
    {
        if (authorization == null || authorization.length() < 7 ||
            !authorization.regionMatches(true, 0, "Bearer ", 0, 7))
        {
            return false;
        }
        final byte[] presented = sha256(authorization.substring(7).trim());
        return MessageDigest.isEqual(presented, tokenHash);
    }

    static byte[] sha256(final String token)
    {
        try
        {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("every JDK has SHA-256", ex);
        }
    }

    private void answer(final ChannelHandlerContext ctx, final HttpResponseStatus status, final String contentType,
        final String body, final boolean head, final boolean keepAlive)
    {
        send(ctx, response(status, contentType, body, head), keepAlive);
    }

    private static FullHttpResponse response(final HttpResponseStatus status, final String contentType,
        final String body, final boolean head)
    {
        final byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        final FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
            head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        return response;
    }

    private void send(final ChannelHandlerContext ctx, final FullHttpResponse response, final boolean keepAlive)
    {
        answering = true;
        deadline.requestComplete(ctx);
        if (!keepAlive)
        {
            closing = true;
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        ctx.writeAndFlush(response).addListener((ChannelFutureListener)future ->
        {
            if (keepAlive && future.isSuccess())
            {
                answering = false;
                deadline.answered(ctx);
            }
            else
            {
                ctx.close();
            }
        });
    }

    @Override
    public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
    {
        // A reset by the peer, mostly: nothing to answer, and not worth a log line per scanner. Anything else is a
        // fault here that cost a client its answer: say so rather than close in silence.
        if (!(cause instanceof IOException))
        {
            System.err.println("kairos management http: closing " + ctx.channel().remoteAddress() + " on " + cause);
            cause.printStackTrace();
        }
        ctx.close();
    }
}
