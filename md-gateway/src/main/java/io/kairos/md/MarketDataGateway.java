package io.kairos.md;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.kairos.access.DoorMeters;
import io.kairos.access.LogonMeters;
import io.kairos.access.LogonVerifier;
import io.kairos.access.PasswordHash;
import io.kairos.access.TlsDoor;
import io.kairos.access.TlsListenerConfig;
import io.kairos.engine.BookEvent;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.ExecutionEvent;
import io.kairos.engine.RealtimeEpochNanoClock;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.SingleWriterCounter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import org.agrona.concurrent.EpochNanoClock;
import org.agrona.concurrent.SystemNanoClock;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;

/**
 * The FIX 4.4 market-data acceptor. As an {@link EngineEventListener} it copies each book event
 * into a preallocated many-to-one ring (never blocking a matcher thread; a full ring is counted
 * and ends every subscription, see {@link #onBookEvent}) and wakes the gateway's single Netty
 * event loop, which owns everything else: the sessions, the L3 books, the views and the fan-out.
 * Native epoll when available, NIO otherwise.
 *
 * <p>Thread-safety: {@link #onBookEvent} and {@link #onCommandComplete} may be called from any
 * number of engine threads at once; {@link #launch} and {@link #close} from one owner thread.
 */
public final class MarketDataGateway implements EngineEventListener, AutoCloseable
{
    /** Inbound ring capacity: about 170 000 queued book events. */
    public static final int RING_CAPACITY_BYTES = 16 * 1024 * 1024;
    private static final int SOCKET_SEND_BUFFER_BYTES = 256 * 1024;

    static
    {
        NettyDefaults.apply();
    }

    private final MarketDataGatewayConfig config;
    private final MdCounters counters = new MdCounters();
    private final RingBuffer ring;
    private final EventLoopGroup group;
    private final EventLoop eventLoop;
    private final GatewayContext context;
    private final MarketDataRequestHandler requestHandler;
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Runnable drainTask = this::drain;
    private final Channel serverChannel;
    /** The TLS listener's door and channel, or null without one. */
    private final TlsDoor tlsDoor;
    private final Channel tlsServerChannel;
    private final boolean nativeTransport;
    /** Checks logon passwords on a thread of its own ("kairos-logon-verifier-md"), never on the event loop. */
    private final LogonVerifier logonVerifier;
    private long droppedSeen;
    private volatile boolean closed;

    private MarketDataGateway(
        final MarketDataGatewayConfig config, final TlsListenerConfig tls, final ReferenceData referenceData,
        final MeterRegistry registry, final EpochNanoClock clock, final LogonVerifier.PasswordCheck passwordCheck)
        throws InterruptedException
    {
        this.config = config;
        ring = new ManyToOneRingBuffer(new UnsafeBuffer(
            ByteBuffer.allocateDirect(RING_CAPACITY_BYTES + RingBufferDescriptor.TRAILER_LENGTH)));
        nativeTransport = Epoll.isAvailable();
        group = new PreallocatedEventLoopGroup(
            "kairos-md-gateway", config.idleMode().ioHandlerFactory(nativeTransport));
        eventLoop = group.next();
        final BookEventPoller poller = new BookEventPoller(ring, referenceData, clock, counters,
            new MdLatency(registry));
        logonVerifier = new LogonVerifier("md", config.logonLockout(),
            LogonVerifier.dummyIterations(config.sessions().stream().map(MdSessionConfig::passwordHash).toList()),
            System::currentTimeMillis, System.out::println, passwordCheck);
        LogonMeters.register(logonVerifier, registry);
        context = new GatewayContext(config, referenceData, poller, new Trailers(), counters, clock,
            SystemNanoClock.INSTANCE, logonVerifier);
        requestHandler = new MarketDataRequestHandler(context);
        registerMetrics(registry);
        tlsDoor = tls.enabled() ? new TlsDoor("kairos-md-gateway", tls) : null; // throws before anything is bound
        serverChannel = bindOrRelease(config.port(), null);
        tlsServerChannel = tlsDoor == null ? null : bindOrRelease(tls.port(), tlsDoor);
        registerTlsMetrics(registry);
        eventLoop.scheduleAtFixedRate(this::onTimer, 1, 1, TimeUnit.SECONDS);
    }

    /** Binds the acceptor and starts the event loop; throws if the port cannot be bound. */
    public static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final ReferenceData referenceData, final MeterRegistry registry)
    {
        return launch(config, TlsListenerConfig.off("md."), referenceData, registry, new RealtimeEpochNanoClock());
    }

    /**
     * As {@link #launch(MarketDataGatewayConfig, ReferenceData, MeterRegistry)}, with a TLS listener beside the plain
     * one when {@code tls} is enabled (same bind address, same sessions; throws, naming the key and file, when its key
     * material cannot be loaded).
     */
    public static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final TlsListenerConfig tls, final ReferenceData referenceData,
        final MeterRegistry registry)
    {
        return launch(config, tls, referenceData, registry, new RealtimeEpochNanoClock());
    }

    /**
     * As {@link #launch(MarketDataGatewayConfig, ReferenceData, MeterRegistry)} with the clock of
     * SendingTime (52); the default, {@link RealtimeEpochNanoClock}, reads the clock of the engine's stamps and of
     * order entry ({@code SystemEpochNanoClock}) without allocating, so every stamp of the venue comes from one clock.
     */
    public static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final ReferenceData referenceData, final MeterRegistry registry,
        final EpochNanoClock clock)
    {
        return launch(config, TlsListenerConfig.off("md."), referenceData, registry, clock);
    }

    /** As {@link #launch(MarketDataGatewayConfig, TlsListenerConfig, ReferenceData, MeterRegistry)} with a clock. */
    public static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final TlsListenerConfig tls, final ReferenceData referenceData,
        final MeterRegistry registry, final EpochNanoClock clock)
    {
        return launch(config, tls, referenceData, registry, clock, PasswordHash::matches);
    }

    /** Without TLS, with the password comparison given (tests record which thread it runs on). */
    static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final ReferenceData referenceData, final MeterRegistry registry,
        final EpochNanoClock clock, final LogonVerifier.PasswordCheck passwordCheck)
    {
        return launch(config, TlsListenerConfig.off("md."), referenceData, registry, clock, passwordCheck);
    }

    private static MarketDataGateway launch(
        final MarketDataGatewayConfig config, final TlsListenerConfig tls, final ReferenceData referenceData,
        final MeterRegistry registry, final EpochNanoClock clock, final LogonVerifier.PasswordCheck passwordCheck)
    {
        try
        {
            return new MarketDataGateway(config, tls, referenceData, registry, clock, passwordCheck);
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                "interrupted while binding " + config.bindAddress() + ":" + config.port(), e);
        }
    }

    /** The door's password checker (for tests). */
    LogonVerifier logonVerifier()
    {
        return logonVerifier;
    }

    /** The bound port (useful when the configured port is 0). */
    public int port()
    {
        return ((java.net.InetSocketAddress)serverChannel.localAddress()).getPort();
    }

    /** The bound port of the TLS listener (useful when its configured port is 0); -1 without one. */
    public int tlsPort()
    {
        return tlsServerChannel == null ? -1 : ((java.net.InetSocketAddress)tlsServerChannel.localAddress()).getPort();
    }

    /** The TLS listener's door (its counters, the certificate it serves), or null without one. */
    public TlsDoor tlsDoor()
    {
        return tlsDoor;
    }

    /** True when the native epoll transport is in use. */
    public boolean nativeTransport()
    {
        return nativeTransport;
    }

    @Override
    public void onExecution(final ExecutionEvent event)
    {
    }

    /**
     * Copies the event into the ring and wakes the event loop; never blocks. When the ring is full
     * the event is dropped and counted, and the gateway then logs every session out: its books
     * can no longer match the engine's.
     */
    @Override
    public void onBookEvent(final BookEvent event)
    {
        final int index = ring.tryClaim(BookEventDescriptor.MSG_TYPE_ID, BookEventDescriptor.LENGTH);
        if (index > 0)
        {
            BookEventDescriptor.write(ring.buffer(), index, event, System.nanoTime());
            ring.commit(index);
        }
        else
        {
            counters.eventsDropped.incrementAndGet();
        }
        if (!drainScheduled.get() && drainScheduled.compareAndSet(false, true))
        {
            wakeEventLoop();
        }
    }

    private void wakeEventLoop()
    {
        if (closed)
        {
            return;
        }
        try
        {
            eventLoop.execute(drainTask);
        }
        catch (final RejectedExecutionException e)
        {
            drainScheduled.set(false);
            if (!closed)
            {
                context.errors.onError(e);
            }
        }
    }

    @Override
    public void onCommandComplete(final int partition)
    {
    }

    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        try
        {
            eventLoop.submit(() ->
            {
                drain();
                for (final FixSession session : new ArrayList<>(context.connected))
                {
                    session.logoutAndClose("gateway shutting down", false);
                }
            }).get(5, TimeUnit.SECONDS);
            serverChannel.close().sync();
            if (tlsServerChannel != null)
            {
                tlsServerChannel.close().sync();
            }
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
        }
        catch (final ExecutionException | TimeoutException e)
        {
            throw new IllegalStateException("market-data gateway did not stop cleanly", e);
        }
        finally
        {
            logonVerifier.close();
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            if (tlsDoor != null)
            {
                tlsDoor.close();
            }
        }
    }

    /**
     * Nanoseconds from the engine thread's hand-off of the last fanned-out book event to the end of
     * the flush that wrote it to every subscriber (for benchmarks and diagnostics).
     */
    public long lastFanOutNs()
    {
        return context.poller.lastFanOutNs();
    }

    /**
     * Fan-outs completed since launch: drained batches of book events whose messages were flushed
     * to every subscribed session; {@link #lastFanOutNs()} is the latest one's duration. Benchmarks
     * wait for this to advance to know that the last subscriber's write is done.
     */
    public long fanOutsCompleted()
    {
        return context.poller.fanOuts();
    }

    /** FIX messages queued to sessions since launch (the kairos_md_messages_out_total counter). */
    public long messagesOut()
    {
        return counters.messagesOut.get();
    }

    /** Market-data entries sent in incrementals since launch, summed over sessions (kairos_md_entries_out_total). */
    public long entriesOut()
    {
        return counters.entriesOut.get();
    }

    /** Bytes of book events queued by engine threads and not yet drained by the event loop. */
    public int queuedEventBytes()
    {
        return ring.size();
    }

    /** Runs a task on the gateway's event loop (tests). */
    java.util.concurrent.Future<?> submitToEventLoop(final Runnable task)
    {
        return eventLoop.submit(task);
    }

    /** The id of the event-loop thread (allocation tests). */
    long eventLoopThreadId() throws ExecutionException, InterruptedException
    {
        return eventLoop.submit(() -> Thread.currentThread().threadId()).get();
    }

    MdCounters counters()
    {
        return counters;
    }

    /**
     * Binds a listener on {@code port} of the event loop; its connections get {@code door}'s TLS handlers first when
     * it is not null.
     */
    private Channel bind(final int port, final TlsDoor door) throws InterruptedException
    {
        final Class<? extends ServerChannel> channelType = nativeTransport ? EpollServerSocketChannel.class
            : NioServerSocketChannel.class;
        return new ServerBootstrap()
            .group(group)
            .channel(channelType)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_SNDBUF, SOCKET_SEND_BUFFER_BYTES)
            .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
            .childHandler(new ChannelInitializer<SocketChannel>()
            {
                @Override
                protected void initChannel(final SocketChannel channel)
                {
                    if (door != null)
                    {
                        door.install(channel.pipeline());
                    }
                    channel.pipeline().addLast(new SessionChannelHandler(context, requestHandler, door != null));
                }
            })
            .bind(config.bindAddress(), port).sync().channel();
    }

    /**
     * {@link #bind}, releasing on failure what the caller cannot reach since the constructor throws: the plain
     * listener if bound, the TLS door and the event loop.
     */
    private Channel bindOrRelease(final int port, final TlsDoor door) throws InterruptedException
    {
        try
        {
            return bind(port, door);
        }
        catch (final RuntimeException | InterruptedException e)
        {
            if (serverChannel != null)
            {
                serverChannel.close();
            }
            if (tlsDoor != null)
            {
                tlsDoor.close();
            }
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            throw e;
        }
    }

    private void drain()
    {
        drainScheduled.set(false);
        final long dropped = counters.eventsDropped.get();
        if (dropped != droppedSeen)
        {
            droppedSeen = dropped;
            for (final FixSession session : new ArrayList<>(context.connected))
            {
                if (!session.subscriptions.isEmpty())
                {
                    session.logoutAndClose("market data feed overrun: " + dropped + " book events lost", false);
                }
            }
        }
        if (context.poller.poll() > 0)
        {
            counters.sampleQueueDepth();
        }
    }

    private void onTimer()
    {
        final long now = context.nanoClock.nanoTime();
        for (int i = context.connected.size() - 1; i >= 0; i--)
        {
            if (i < context.connected.size())
            {
                final FixSession session = context.connected.get(i);
                session.onTimer(now);
                counters.onQueueDepth(session.pendingMessages());
            }
        }
        counters.sampleQueueDepth();
    }

    private void registerMetrics(final MeterRegistry registry)
    {
        gauge(registry, "kairos_md_subscriptions", counters.subscriptions,
            "Active market-data subscriptions (one per session, MDReqID and symbol)");
        gauge(registry, "kairos_md_sessions", counters.sessions, "Market-data sessions logged on");
        gauge(registry, "kairos_md_queue_depth", counters.queueDepth,
            "Deepest session outbound queue (messages not yet written), at the last fan-out or timer");
        Gauge.builder("kairos_md_event_ring_bytes", ring, RingBuffer::size)
            .description("Book events queued by the engine threads for the fan-out and not yet drained (bytes)")
            .register(registry);
        counter(registry, "kairos_md_messages_out_total", counters.messagesOut,
            "FIX messages queued to market-data sessions");
        counter(registry, "kairos_md_entries_out_total", counters.entriesOut,
            "Market-data entries (MDEntries of 35=X) queued to market-data sessions, summed over sessions");
        counter(registry, "kairos_md_bytes_out_total", counters.bytesOut,
            "Bytes of FIX messages queued to market-data sessions");
        gauge(registry, "kairos_md_queue_depth_high_water", counters.queueDepthHighWater,
            "Highest number of messages seen queued for one session");
        counter(registry, "kairos_md_slow_consumer_disconnects_total", counters.slowConsumerDisconnects,
            "Sessions logged out because their outbound queue exceeded the limit");
        DoorMeters.registerGate(context.gate, "market-data", registry);
        FunctionCounter.builder("kairos_md_events_dropped_total", counters.eventsDropped, AtomicLong::get)
            .description("Book events lost because the gateway's inbound ring was full").register(registry);
        counter(registry, "kairos_md_book_inconsistencies_total", counters.bookInconsistencies,
            "Book events the gateway's L3 book refused (unknown order, duplicate add)");
        counter(registry, "kairos_md_garbled_messages_total", counters.garbledMessages,
            "Inbound frames ignored for a bad BodyLength or CheckSum");
        counter(registry, "kairos_md_snapshot_requests_refused_total", counters.snapshotRequestsRefused,
            "Snapshot-only requests (263=0) refused past " +
                MarketDataGatewayConfig.MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME + " (35=Y, 281=2)");
    }

    private void registerTlsMetrics(final MeterRegistry registry)
    {
        if (tlsDoor == null)
        {
            return;
        }
        DoorMeters.registerTls(tlsDoor, "md", registry);
    }

    private static void gauge(
        final MeterRegistry registry, final String name, final SingleWriterCounter value, final String description)
    {
        Gauge.builder(name, value, SingleWriterCounter::get).description(description).register(registry);
    }

    private static void counter(
        final MeterRegistry registry, final String name, final SingleWriterCounter value, final String description)
    {
        FunctionCounter.builder(name, value, SingleWriterCounter::get).description(description).register(registry);
    }
}
