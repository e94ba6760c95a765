package io.kairos.bench.fix;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.MemoryStoreFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SocketInitiator;

/**
 * Runs one load with the QuickFIX/J client ({@code --client quickfixj}): starts the QuickFIX/J initiators (and
 * market-data subscribers), waits for every logon, prefills, then sends on a {@link ConstantRateSchedule} from the
 * calling thread (the sender thread) round-robin over the sessions, drains, logs out. Owned by the thread that
 * calls {@link #run}.
 */
public final class LoadRunner
{
    private static final long PROGRESS_INTERVAL_NS = TimeUnit.SECONDS.toNanos(5);

    private final LoadConfig config;
    private final PrintStream out;

    public LoadRunner(final LoadConfig config, final PrintStream out)
    {
        this.config = config;
        this.out = out;
    }

    /** Runs the load and returns what it measured; throws {@link LoadException} when the sessions cannot log on. */
    public LoadResult run() throws ConfigError, InterruptedException
    {
        final int sessionCount = config.sessions().size();
        final int capacity = config.requestCapacity();
        final RequestLog log = new RequestLog(capacity);
        final List<RestingOrders> resting = new ArrayList<>(sessionCount);
        final Map<SessionID, Integer> sessionIndex = new HashMap<>();
        final List<SessionID> ids = new ArrayList<>(sessionCount);
        for (int i = 0; i < sessionCount; i++)
        {
            final String sender = config.sessions().get(i);
            final SessionID id = new SessionID(config.beginString(), sender, config.targetCompId());
            ids.add(id);
            sessionIndex.put(id, i);
            resting.add(log.newRestingOrders());
        }
        final Map<SessionID, String> passwords = QuickFixLogon.passwordsBySession(config.beginString(),
            config.sessions(), config.targetCompId(), config.passwords());
        final String prefix = "L" + Long.toString(System.currentTimeMillis(), 36) + "-";
        final LatencyRecorder recorder = new LatencyRecorder();
        final CountDownLatch loggedOn = new CountDownLatch(sessionCount);
        final OrderEntryApplication application =
            new OrderEntryApplication(prefix, log, resting, sessionIndex, passwords, recorder, loggedOn);
        final SocketInitiator initiator = new SocketInitiator(application, new MemoryStoreFactory(),
            QuickFixSettings.initiators(config.host(), config.port(), config.beginString(), config.targetCompId(),
            config.sessions()), new SessionEventLogFactory(), new DefaultMessageFactory());
        final MarketDataSubscribers subscribers = config.marketData() == null ? null :
            new MarketDataSubscribers(config.marketData(), config.model().instruments());
        initiator.start();
        try
        {
            if (subscribers != null)
            {
                subscribers.start(config.logonTimeoutNs(), out);
            }
            awaitOrderEntryLogon(config, loggedOn, sessionCount, () -> "");
            final List<Session> sessions = new ArrayList<>(sessionCount);
            for (final SessionID id : ids)
            {
                sessions.add(Session.lookupSession(id));
            }
            final CpuMeter cpu = new CpuMeter().hotThread(Thread.currentThread());
            final LoadSender sender = new LoadSender(config, log, resting,
                new QuickFixOrderChannel(sessions, config.model().instruments(), prefix), recorder, cpu::start, out);
            final int prefilled = sender.prefillAndSettle("");
            final LoadSender.Outcome outcome = sender.run(prefilled, PROGRESS_INTERVAL_NS);
            final CpuFigures cpuFigures = cpu.started() ? cpu.stop() : null;
            final long unanswered =
                awaitAnswers(log, prefilled, outcome.requests(), recorder, config.drainTimeoutNs());
            final long restingAtEnd = resting.stream().mapToLong(RestingOrders::size).sum();
            return new LoadResult(config, outcome, unanswered, application.responses(), application.rejects(),
                application.throttleRejects(), application.unknownResponses(), restingAtEnd, recorder,
                subscribers == null ? 0 : subscribers.snapshots(), subscribers == null ? 0 : subscribers.incrementals(),
                subscribers == null ? 0 : subscribers.requestRejects(), "quickfixj", cpuFigures, null, null, null);
        }
        finally
        {
            initiator.stop();
            if (subscribers != null)
            {
                subscribers.stop();
            }
        }
    }

    /**
     * Waits for the logon of every order-entry session; when some do not log on within the logon timeout, throws a
     * {@link LoadException} that says what to check.
     *
     * @param cause  appended to the message: what the client knows of why ("" when nothing), asked only after the
     *               timeout (a receiver may fail while the logons are awaited)
     */
    static void awaitOrderEntryLogon(final LoadConfig config, final CountDownLatch loggedOn, final int sessionCount,
        final Supplier<String> cause) throws InterruptedException
    {
        if (!loggedOn.await(config.logonTimeoutNs(), TimeUnit.NANOSECONDS))
        {
            throw new LoadException(loggedOn.getCount() + " of " + sessionCount + " order-entry sessions did " +
                "not log on to " + config.host() + ":" + config.port() + " within " +
                TimeUnit.NANOSECONDS.toSeconds(config.logonTimeoutNs()) + " s (check the CompIDs, passwords, " +
                "BeginString and the venue's session limit and log)" + cause.get());
        }
    }

    /**
     * Waits up to the drain timeout for answers to requests [from, to); returns how many measured ones stayed
     * unanswered, and records each of them in {@code recorder} (if given) as answered at the deadline: a lower bound,
     * so that a peer that cannot keep up does not look faster by leaving its slowest answers out.
     */
    static long awaitAnswers(final RequestLog log, final int from, final int to,
        final LatencyRecorder recorder, final long timeoutNs) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + timeoutNs;
        int next = from;
        while (true)
        {
            while (next < to && (log.sentNs(next) == 0 || log.isAnswered(next)))
            {
                next++;
            }
            if (next >= to || System.nanoTime() >= deadlineNs)
            {
                break;
            }
            Thread.sleep(10);
        }
        long unanswered = 0;
        for (int i = next; i < to; i++)
        {
            if (log.sentNs(i) != 0 && log.measured(i) && log.claimFirstResponse(i))
            {
                unanswered++;
                if (recorder != null)
                {
                    recorder.recordResponse(log.action(i), log.intendedNs(i), log.sentNs(i), deadlineNs);
                }
            }
        }
        return unanswered;
    }
}
