package io.kairos.server;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The HTTP endpoint for operators and Kubernetes probes: {@code GET /metrics} (Prometheus text format, behind an
 * optional bearer token), {@code GET /health/live} (200 while the process runs), {@code GET /health/ready} (200 once
 * the engine and gateways are up, 503 otherwise).
 *
 * <p>On Netty rather than the JDK's HttpServer, whose executor threads read the request headers: one slow client
 * held its one thread and the readiness probe waited behind it. Here one event-loop thread owns every connection and
 * never blocks: requests are bounded in size ({@link #MAX_INITIAL_LINE}, {@link #MAX_HEADER_BYTES}, 414/431/413),
 * in time ({@link RequestDeadline}), and in number ({@code metrics.max-connections}: past it only health is answered;
 * past 4 times it a new connection is refused at accept); scrapes are rendered on a thread of their own
 * ({@link ScrapeCoalescer}), so health answers at once whatever else is going on.
 *
 * <p>Threads: {@code kairos-management-http} (the event loop) and {@code kairos-metrics-scrape}, both daemons;
 * {@link #close()} stops them.
 */
public final class MetricsHttpServer implements AutoCloseable
{
    /** The longest request line: a path here is short; a longer line is a probe for something else (414). */
    static final int MAX_INITIAL_LINE = 4096;
    /** The most header bytes (431): a bearer token and a browser's headers fit many times over. */
    static final int MAX_HEADER_BYTES = 8192;

    private static final byte[] AT_CEILING = RequestDeadline.response("503 Service Unavailable",
        "too many connections to the management port (4 x metrics.max-connections)\n");

    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final ScrapeCoalescer scrapes;
    private final ManagementMeters meters;

    private MetricsHttpServer(final EventLoopGroup group, final Channel serverChannel, final ScrapeCoalescer scrapes,
        final ManagementMeters meters)
    {
        this.group = group;
        this.serverChannel = serverChannel;
        this.scrapes = scrapes;
        this.meters = meters;
    }

    /** Without operator controls (they answer 403). */
    static MetricsHttpServer start(final MetricsSettings settings, final PrometheusMeterRegistry registry,
        final HealthState health)
        throws IOException
    {
        return start(settings, registry, health, new OperatorConsole(AdminOperators.NONE, System.out, registry));
    }

    static MetricsHttpServer start(final MetricsSettings settings, final PrometheusMeterRegistry registry,
        final HealthState health, final OperatorConsole console)
        throws IOException
    {
        final ManagementMeters meters = new ManagementMeters(registry);
        final ScrapeCoalescer scrapes = new ScrapeCoalescer(registry);
        final byte[] tokenHash = settings.bearerTokenHashBytes();
        final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1,
            new DefaultThreadFactory("kairos-management-http", true), NioIoHandler.newFactory());
        final ServerBootstrap bootstrap = new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .option(ChannelOption.SO_BACKLOG, 128)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childHandler(new ChannelInitializer<SocketChannel>()
            {
                @Override
                protected void initChannel(final SocketChannel channel)
                {
                    final int open = meters.openConnections.incrementAndGet();
                    channel.closeFuture().addListener(f -> meters.openConnections.decrementAndGet());
                    if (open > settings.connectionCeiling())
                    {
                        meters.atCeiling.increment();
                        channel.pipeline().addLast(new RefuseAtAccept());
                        return;
                    }
                    final RequestDeadline deadline = new RequestDeadline(settings.requestTimeoutMs(), meters);
                    channel.pipeline().addLast(
                        deadline,
                        new HttpServerCodec(new HttpDecoderConfig()
                            .setMaxInitialLineLength(MAX_INITIAL_LINE)
                            .setMaxHeaderSize(MAX_HEADER_BYTES)),
                        new ManagementHandler(health, scrapes, meters, deadline, tokenHash, console,
                            open > settings.maxConnections()));
                }
            });
        try
        {
            final Channel channel = bootstrap.bind(new InetSocketAddress(settings.bindAddress(), settings.port()))
                .syncUninterruptibly().channel();
            return new MetricsHttpServer(group, channel, scrapes, meters);
        }
        catch (final Exception ex) // Netty rethrows the bind's checked exception undeclared
        {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            scrapes.close();
            final String where = MetricsSettings.BIND_ADDRESS_PROP_NAME + ":" + MetricsSettings.PORT_PROP_NAME + " " +
                settings.bindAddress() + ":" + settings.port();
            if (ex instanceof BindException)
            {
                final BindException bind = new BindException(where + ": " + ex.getMessage());
                bind.initCause(ex);
                throw bind;
            }
            throw new IOException("cannot listen on " + where + ": " + ex, ex);
        }
    }

    /** The port actually bound (useful when configured as 0). */
    public int port()
    {
        return ((InetSocketAddress)serverChannel.localAddress()).getPort();
    }

    /** Connections open now, including ones being refused. */
    int openConnections()
    {
        return meters.openConnections.get();
    }

    @Override
    public void close()
    {
        serverChannel.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        scrapes.close();
    }

    /** A connection past the ceiling: one fixed 503, then closed, without reading what it sent. */
    private static final class RefuseAtAccept extends ChannelInboundHandlerAdapter
    {
        @Override
        public void channelActive(final ChannelHandlerContext ctx)
        {
            ctx.writeAndFlush(Unpooled.wrappedBuffer(AT_CEILING)).addListener(ChannelFutureListener.CLOSE);
        }

        @Override
        public void channelRead(final ChannelHandlerContext ctx, final Object msg)
        {
            ReferenceCountUtil.release(msg);
        }

        @Override
        public void exceptionCaught(final ChannelHandlerContext ctx, final Throwable cause)
        {
            ctx.close();
        }
    }
}
