package io.kairos.fix;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;

import io.kairos.access.ConnectionOrigins;
import io.kairos.access.DoorMeters;
import io.kairos.access.TlsDoor;
import io.kairos.access.TlsListenerConfig;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * Order entry over TLS, in process: Artio has no TLS of its own, so this Netty server on {@code fix.tls-port}
 * terminates TLS ({@link TlsDoor}: key material from files, reloaded on change, OpenSSL where it loads) and relays each
 * connection's plain bytes to Artio's port over loopback ({@link RelayHandler}), recording the relay in
 * {@link ConnectionOrigins} before it connects so that whatever counts per source address counts the real client.
 * Nothing is relayed for a connection whose handshake failed: Artio never sees it.
 *
 * <p>Threading: one event-loop thread of its own, {@code kairos-fix-tls} (native epoll where available, NIO
 * otherwise), for both sides of every relay. {@link #launch} and {@link #close} from one owner thread.
 */
public final class TlsFrontEnd implements AutoCloseable
{
    static final String THREAD_NAME = "kairos-fix-tls";
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final String TLS_PORT = FixGatewayConfig.PROP_PREFIX + TlsListenerConfig.TLS_PORT_PROP_SUFFIX;

    private final TlsDoor door;
    private final EventLoopGroup group;
    private final ChannelGroup relays;
    private final Channel serverChannel;
    private final ConnectionOrigins origins;

    private TlsFrontEnd(final TlsDoor door, final EventLoopGroup group, final ChannelGroup relays,
        final Channel serverChannel, final ConnectionOrigins origins)
    {
        this.door = door;
        this.group = group;
        this.relays = relays;
        this.serverChannel = serverChannel;
        this.origins = origins;
    }

    /**
     * Loads the key material (throws naming the key and file if it cannot), binds {@code bindAddress:tls.port()} and
     * relays to Artio's {@code artioPort} on {@code bindAddress} (on loopback when it is a wildcard address).
     */
    public static TlsFrontEnd launch(
        final TlsListenerConfig tls, final String bindAddress, final int artioPort, final ConnectionOrigins origins,
        final MeterRegistry registry)
    {
        final InetSocketAddress artio = new InetSocketAddress(relayTarget(bindAddress), artioPort);
        final TlsDoor door = new TlsDoor(THREAD_NAME, tls);
        final boolean nativeTransport = Epoll.isAvailable();
        final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(THREAD_NAME, true),
            nativeTransport ? EpollIoHandler.newFactory() : NioIoHandler.newFactory());
        final ChannelGroup relays = new DefaultChannelGroup(THREAD_NAME, group.next());
        final Class<? extends ServerChannel> serverType =
            nativeTransport ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
        final Bootstrap toArtio = new Bootstrap()
            .group(group)
            .channel(nativeTransport ? EpollSocketChannel.class : NioSocketChannel.class)
            .option(ChannelOption.TCP_NODELAY, true)
            .option(ChannelOption.ALLOW_HALF_CLOSURE, true)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, CONNECT_TIMEOUT_MS);
        try
        {
            final Channel server = new ServerBootstrap()
                .group(group)
                .channel(serverType)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.ALLOW_HALF_CLOSURE, true)
                .childHandler(new ChannelInitializer<SocketChannel>()
                {
                    @Override
                    protected void initChannel(final SocketChannel channel)
                    {
                        relays.add(channel);
                        door.install(channel.pipeline());
                        channel.pipeline().addLast(new RelayHandler(toArtio, artio, origins, relays));
                    }
                })
                .bind(bindAddress, tls.port()).sync().channel();
            final TlsFrontEnd frontEnd = new TlsFrontEnd(door, group, relays, server, origins);
            frontEnd.registerMetrics(registry);
            System.out.println(THREAD_NAME + ": TLS order entry on " + bindAddress + ":" + frontEnd.port() +
                ", relayed to Artio on " + artio.getAddress().getHostAddress() + ":" + artioPort + " (" +
                (nativeTransport ? "epoll" : "NIO") + ")");
            return frontEnd;
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            release(group, door);
            throw new IllegalStateException("interrupted while binding " + TLS_PORT + " " + tls.port(), e);
        }
        catch (final RuntimeException e)
        {
            release(group, door);
            throw new IllegalStateException(TLS_PORT + " " + bindAddress + ":" + tls.port() + " cannot be bound: " +
                e.getMessage(), e);
        }
    }

    /** The bound port (the configured one, or the one picked for 0). */
    public int port()
    {
        return ((InetSocketAddress)serverChannel.localAddress()).getPort();
    }

    /** The door: its handshake and refusal counts, the certificate it serves. */
    public TlsDoor door()
    {
        return door;
    }

    /** Channels open now: each client's (handshaking or relayed) and each relay's connection to Artio. */
    public int connections()
    {
        return relays.size();
    }

    /** Stops accepting, closes every relay (both sides) and the thread. */
    @Override
    public void close()
    {
        serverChannel.close().syncUninterruptibly();
        relays.close().syncUninterruptibly();
        release(group, door);
    }

    private void registerMetrics(final MeterRegistry registry)
    {
        DoorMeters.registerTls(door, "fix", registry);
        Gauge.builder("kairos_fix_tls_relays", origins, ConnectionOrigins::relayCount)
            .description("Order-entry connections relayed from " + TLS_PORT + " to Artio now").register(registry);
    }

    private static void release(final EventLoopGroup group, final TlsDoor door)
    {
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        door.close();
    }

    private static InetAddress relayTarget(final String bindAddress)
    {
        try
        {
            final InetAddress address = InetAddress.getByName(bindAddress);
            return address.isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address;
        }
        catch (final UnknownHostException e)
        {
            throw new IllegalArgumentException(
                FixGatewayConfig.BIND_ADDRESS_PROP_NAME + " " + bindAddress + " does not resolve", e);
        }
    }
}
