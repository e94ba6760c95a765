package io.kairos.bench.fix;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.MemoryStoreFactory;
import quickfix.SessionID;
import quickfix.SocketInitiator;

/**
 * The market-data subscribers of a run: one QuickFIX/J initiator with a session per subscriber, each subscribing
 * to every instrument once logged on. Started and stopped by the load's owning thread; callbacks on the
 * initiator's own event thread.
 */
final class MarketDataSubscribers
{
    private final LoadConfig.MarketDataConfig config;
    private final CountDownLatch loggedOn;
    private final MarketDataApplication application;
    private final SocketInitiator initiator;

    MarketDataSubscribers(final LoadConfig.MarketDataConfig config, final List<Instrument> instruments)
        throws ConfigError
    {
        this.config = config;
        final Map<SessionID, String> passwords =
            QuickFixLogon.passwordsBySession("FIX.4.4", config.sessions(), config.targetCompId(), config.passwords());
        loggedOn = new CountDownLatch(config.sessions().size());
        application =
            new MarketDataApplication(instruments, passwords, config.orderByOrder(), config.depth(), loggedOn);
        initiator = new SocketInitiator(application, new MemoryStoreFactory(), QuickFixSettings.initiators(
            config.host(), config.port(), "FIX.4.4", config.targetCompId(), config.sessions()),
            new SessionEventLogFactory(), new DefaultMessageFactory());
    }

    void start(final long logonTimeoutNs, final PrintStream out) throws ConfigError, InterruptedException
    {
        initiator.start();
        if (!loggedOn.await(logonTimeoutNs, TimeUnit.NANOSECONDS))
        {
            throw new LoadException(loggedOn.getCount() + " of " + config.sessions().size() + " market-data " +
                "sessions did not log on to " + config.host() + ":" + config.port());
        }
        out.printf("fix-load  %d market-data subscribers logged on to %s:%d and subscribed%n", config.sessions().size(),
            config.host(), config.port());
    }

    long snapshots()
    {
        return application.snapshots();
    }

    long incrementals()
    {
        return application.incrementals();
    }

    long requestRejects()
    {
        return application.requestRejects();
    }

    void stop()
    {
        initiator.stop();
    }
}
