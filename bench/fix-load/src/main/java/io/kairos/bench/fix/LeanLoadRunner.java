package io.kairos.bench.fix;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;

/**
 * Runs one load with the lean client ({@code --client lean}): the same flow, order model, schedule, request log and
 * report as {@link LoadRunner}, on hand-written FIX sessions ({@link LeanSession}) with pre-encoded orders
 * ({@link LeanOrderChannel}). Two threads do the work, never more: {@code lean-sender} (prefill and the paced
 * {@link LoadSender} for all sessions) and {@code lean-receiver} ({@link LeanReceiverAgent}: every session's socket,
 * order entry and market data). The calling thread connects (and, with TLS, completes each order-entry connection's
 * handshake: {@link TlsChannel}), logs on, waits, drains and logs out; it is the owner of everything here.
 */
public final class LeanLoadRunner
{
    private static final long PROGRESS_INTERVAL_NS = TimeUnit.SECONDS.toNanos(5);
    private static final long LOGOUT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(2);
    private static final int CONNECT_TIMEOUT_MS = 10_000;
    private static final int MAX_FIELDS_PER_FRAME = 1 << 16;

    private final LoadConfig config;
    private final PrintStream out;
    /** TLS for the order-entry connections ({@code --tls-trust}), or null: plain TCP. */
    private final SSLContext tls;

    public LeanLoadRunner(final LoadConfig config, final PrintStream out)
    {
        this(config, out, null);
    }

    /** Order entry over TLS with {@code tls} (a client context trusting the venue's CA) when not null. */
    public LeanLoadRunner(final LoadConfig config, final PrintStream out, final SSLContext tls)
    {
        this.config = config;
        this.out = out;
        this.tls = tls;
    }

    /** Runs the load and returns what it measured; throws {@link LoadException} when the sessions cannot log on. */
    public LoadResult run() throws IOException, InterruptedException
    {
        final int sessionCount = config.sessions().size();
        final int capacity = config.requestCapacity();
        final RequestLog log = new RequestLog(capacity);
        final List<RestingOrders> resting = new ArrayList<>(sessionCount);
        for (int i = 0; i < sessionCount; i++)
        {
            // room for every request of the session: the resting sets never grow (allocate) while the load runs
            resting.add(log.newRestingOrders(capacity / sessionCount + 1));
        }
        final ClOrdIds clOrdIds = new ClOrdIds("L" + Long.toString(System.currentTimeMillis(), 36) + "-");
        final long epochOffsetNs = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
        final LatencyRecorder recorder = new LatencyRecorder();
        final CountDownLatch loggedOn = new CountDownLatch(sessionCount);
        final MeasureWindow window = new MeasureWindow();
        final RejectReasons rejectReasons = new RejectReasons(window);
        final LeanOrderEntryAdapter orderEntry =
            new LeanOrderEntryAdapter(clOrdIds, log, resting, recorder, loggedOn, rejectReasons);
        final LoadConfig.MarketDataConfig md = config.marketData();
        final CountDownLatch mdSubscribed = new CountDownLatch(md == null ? 0 : md.sessions().size());
        final LeanMarketDataAdapter marketData = md == null ? null : new LeanMarketDataAdapter(
            config.model().instruments(), md.sessions().size(), md.orderByOrder(), md.depth(), mdSubscribed, window,
            rejectReasons);

        final List<LeanSession> sessions = new ArrayList<>(sessionCount);
        final List<LeanSession> mdSessions = new ArrayList<>();
        final List<LeanSession> all = new ArrayList<>();
        try (Selector selector = Selector.open())
        {
            try
            {
                for (int i = 0; i < sessionCount; i++)
                {
                    final String sender = config.sessions().get(i);
                    final SocketChannel channel = connect(config.host(), config.port(), tls);
                    sessions.add(new LeanSession(i, config.beginString(), sender, config.targetCompId(),
                        config.passwords().get(sender), channel, handshake(channel, config.host(), config.port()),
                        orderEntry, rejectReasons, epochOffsetNs));
                }
                for (int i = 0; md != null && i < md.sessions().size(); i++)
                {
                    final String sender = md.sessions().get(i);
                    mdSessions.add(new LeanSession(i, "FIX.4.4", sender, md.targetCompId(), md.passwords().get(sender),
                        connect(md.host(), md.port(), null), null, marketData, rejectReasons, epochOffsetNs));
                }
                all.addAll(sessions);
                all.addAll(mdSessions);
                for (final LeanSession session : all)
                {
                    session.channel().register(selector, SelectionKey.OP_READ, session);
                }
                final LeanReceiverAgent receiver = new LeanReceiverAgent(selector, all, MAX_FIELDS_PER_FRAME);
                final Thread receiverThread = Thread.ofPlatform().name("lean-receiver").start(receiver);
                try
                {
                    return run(new Shared(log, resting, recorder, clOrdIds, epochOffsetNs, window, rejectReasons),
                        loggedOn, mdSubscribed, orderEntry, marketData, sessions, mdSessions, receiverThread,
                        receiver);
                }
                finally
                {
                    if (receiverThread.isAlive())
                    {
                        logout(all);
                        receiver.close();
                        receiverThread.join();
                    }
                }
            }
            finally
            {
                for (final LeanSession session : all)
                {
                    session.channel().close();
                }
            }
        }
    }

    /** What the sender and the receiver share for one run. */
    private record Shared(RequestLog log, List<RestingOrders> resting, LatencyRecorder recorder, ClOrdIds clOrdIds,
        long epochOffsetNs, MeasureWindow window, RejectReasons rejectReasons)
    {
    }

    private LoadResult run(final Shared shared, final CountDownLatch loggedOn, final CountDownLatch mdSubscribed,
        final LeanOrderEntryAdapter orderEntry, final LeanMarketDataAdapter marketData,
        final List<LeanSession> sessions, final List<LeanSession> mdSessions, final Thread receiverThread,
        final LeanReceiverAgent receiver) throws InterruptedException
    {
        final RequestLog log = shared.log();
        final List<RestingOrders> resting = shared.resting();
        final LatencyRecorder recorder = shared.recorder();
        final MeasureWindow window = shared.window();
        for (final LeanSession session : mdSessions)
        {
            session.sendLogon();
        }
        if (!mdSubscribed.await(config.logonTimeoutNs(), TimeUnit.NANOSECONDS))
        {
            throw new LoadException(mdSubscribed.getCount() + " of " + mdSessions.size() + " market-data sessions " +
                "did not log on to " + config.marketData().host() + ":" + config.marketData().port());
        }
        if (!mdSessions.isEmpty())
        {
            out.printf("fix-load  %d market-data subscribers logged on to %s:%d and subscribed (lean)%n",
                mdSessions.size(), config.marketData().host(), config.marketData().port());
        }
        for (final LeanSession session : sessions)
        {
            session.sendLogon();
        }
        LoadRunner.awaitOrderEntryLogon(config, loggedOn, sessions.size(), () -> failureOf(receiver));
        final CpuMeter cpu = new CpuMeter().hotThread(receiverThread);
        final LeanOrderChannel channel = new LeanOrderChannel(sessions, config.beginString(), config.targetCompId(),
            config.model().instruments(), shared.clOrdIds(), shared.epochOffsetNs());
        final FutureTask<SenderRun> senderTask = new FutureTask<>(() ->
        {
            cpu.hotThread(Thread.currentThread());
            final Runnable onMeasureStart = () ->
            {
                window.open(System.nanoTime());
                cpu.start();
            };
            final LoadSender sender = new LoadSender(config, log, resting, channel, recorder, onMeasureStart, out);
            final int prefilled = sender.prefillAndSettle(" (lean client)");
            final LoadSender.Outcome outcome = sender.run(prefilled, PROGRESS_INTERVAL_NS);
            window.close(System.nanoTime());
            return new SenderRun(prefilled, outcome, cpu.started() ? cpu.stop() : null);
        });
        final Thread senderThread = Thread.ofPlatform().name("lean-sender").start(senderTask);
        final SenderRun run;
        try
        {
            run = senderTask.get();
        }
        catch (final ExecutionException ex)
        {
            throw new IllegalStateException("the lean sender failed", ex.getCause());
        }
        senderThread.join();
        final long unanswered =
            LoadRunner.awaitAnswers(log, run.prefilled(), run.outcome().requests(), recorder, config.drainTimeoutNs());
        final long restingAtEnd = resting.stream().mapToLong(RestingOrders::size).sum();
        logout(sessions);
        logout(mdSessions);
        receiver.close();
        receiverThread.join();
        final SessionChecks checks = checks(sessions, mdSessions, marketData);
        return new LoadResult(config, run.outcome(), unanswered, orderEntry.responses(), orderEntry.rejects(),
            sessions.stream().mapToLong(LeanSession::throttleRejects).sum(),
            orderEntry.unknownResponses(), restingAtEnd, recorder, marketData == null ? 0 : marketData.snapshots(),
            marketData == null ? 0 : marketData.incrementals(), marketData == null ? 0 : marketData.requestRejects(),
            "lean", run.cpu(), checks, marketData == null ? null : marketDataFigures(marketData, mdSessions, window),
            shared.rejectReasons().counts());
    }

    private static MarketDataFigures marketDataFigures(final LeanMarketDataAdapter marketData,
        final List<LeanSession> mdSessions, final MeasureWindow window)
    {
        final List<String> cutOff = new ArrayList<>();
        for (final LeanSession session : mdSessions)
        {
            if (session.endedByVenue() != null)
            {
                cutOff.add(session.senderCompId() + ": " + session.endedByVenue());
            }
        }
        return new MarketDataFigures(mdSessions.size(), window.lengthNs(), marketData.measuredIncrementals(),
            marketData.measuredEntries(), cutOff);
    }

    private record SenderRun(int prefilled, LoadSender.Outcome outcome, CpuFigures cpu)
    {
    }

    private static SessionChecks checks(final List<LeanSession> sessions, final List<LeanSession> mdSessions,
        final LeanMarketDataAdapter marketData)
    {
        long gaps = 0;
        long missing = 0;
        long tooLow = 0;
        long sessionRejects = 0;
        long businessRejects = 0;
        long testRequests = 0;
        long disconnects = 0;
        long badFrames = 0;
        long sendFailures = 0;
        for (final List<LeanSession> group : List.of(sessions, mdSessions))
        {
            for (final LeanSession session : group)
            {
                gaps += session.sequenceGaps();
                missing += session.missingMessages();
                tooLow += session.sequenceTooLow();
                sessionRejects += session.sessionRejects();
                businessRejects += session.businessRejects();
                testRequests += session.testRequestsAnswered();
                disconnects += session.disconnectedByPeer() ? 1 : 0;
                badFrames += session.badFrames();
                sendFailures += session.writeFailures();
            }
        }
        return new SessionChecks(gaps, missing, tooLow, marketData == null ? 0 : marketData.rptSeqGaps(),
            marketData == null ? 0 : marketData.entries(), marketData == null ? 0 : marketData.entryIds(),
            sessionRejects, businessRejects, testRequests, disconnects, badFrames, sendFailures);
    }

    /** Sends Logout on every session still logged on and waits (bounded) for the answers. */
    private static void logout(final List<LeanSession> sessions) throws InterruptedException
    {
        for (final LeanSession session : sessions)
        {
            session.sendLogout();
        }
        final long deadlineNs = System.nanoTime() + LOGOUT_TIMEOUT_NS;
        for (final LeanSession session : sessions)
        {
            while (session.state() != LeanSession.LOGGED_OUT && System.nanoTime() < deadlineNs)
            {
                Thread.sleep(5);
            }
        }
    }

    /** A connected channel: non-blocking, or still blocking for the TLS handshake when {@code tls} is not null. */
    private static SocketChannel connect(final String host, final int port, final SSLContext tls) throws IOException
    {
        final SocketChannel channel = SocketChannel.open();
        try
        {
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            channel.socket().connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            channel.configureBlocking(tls != null);
            return channel;
        }
        catch (final IOException ex)
        {
            channel.close();
            throw new LoadException("cannot connect to " + host + ":" + port + ": " + ex.getMessage());
        }
    }

    /** With {@code --tls-trust}: the TLS handshake on the still-blocking channel, which then turns non-blocking. */
    private TlsChannel handshake(final SocketChannel channel, final String host, final int port) throws IOException
    {
        if (tls == null)
        {
            return null;
        }
        try
        {
            final TlsChannel handshaken = TlsChannel.handshake(channel, tls, host, port);
            channel.configureBlocking(false);
            return handshaken;
        }
        catch (final IOException ex)
        {
            channel.close();
            throw new LoadException("TLS handshake with " + host + ":" + port + " failed: " + ex.getMessage());
        }
    }

    private static String failureOf(final LeanReceiverAgent receiver)
    {
        return receiver.failure() == null ? "" : "; the receiver failed: " + receiver.failure();
    }
}
