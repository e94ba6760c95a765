package io.kairos.server;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.TimeUnit;

import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.TradingAction;

/**
 * Opens and closes the venue as its {@link TradingSchedule} says, through the same command path as the gateways
 * (so the journal or the replicated log records each change, with "schedule" as who asked): at start the phase the
 * schedule is in (an OPEN carries its trading day, so DAY orders of a day whose close the venue missed expire), then
 * each open and close as its time comes. Owns one daemon thread ("kairos-schedule") that sleeps until the next change
 * (and waits for room when the engine's rings are full, as {@link CommandSink#publish} does). Not started for
 * {@link TradingSchedule#ALWAYS_OPEN}. {@link #close()} stops the thread.
 */
final class TradingScheduler implements AutoCloseable
{
    static final String REQUESTED_BY = "schedule";

    private final TradingSchedule schedule;
    private final CommandSink sink;
    private final Clock clock;
    private final PrintStream log;
    private final EngineCommand command = new EngineCommand();
    private final Thread thread;
    private volatile boolean running = true;

    TradingScheduler(final TradingSchedule schedule, final CommandSink sink, final Clock clock, final PrintStream log)
    {
        if (schedule.alwaysOpen())
        {
            throw new IllegalArgumentException("no schedule to follow");
        }
        this.schedule = schedule;
        this.sink = sink;
        this.clock = clock;
        this.log = log;
        thread = new Thread(this::run, "kairos-schedule");
        thread.setDaemon(true);
    }

    void start()
    {
        thread.start();
    }

    private void run()
    {
        Instant now = clock.instant();
        publishPhaseAt(now);
        while (running)
        {
            final Instant next = schedule.nextChangeAfter(now);
            if (!sleepUntil(next))
            {
                return;
            }
            now = next;
            publishPhaseAt(now);
        }
    }

    /** Publishes OPEN (with the day) or CLOSE for every instrument, as the schedule is at {@code time}. */
    private void publishPhaseAt(final Instant time)
    {
        final boolean open = schedule.isOpenAt(time);
        command.tradingAction(EngineCommand.ALL_INSTRUMENTS, open ? TradingAction.OPEN : TradingAction.CLOSE,
            REQUESTED_BY);
        command.tradingDate = open ? schedule.tradingDate(time) : 0;
        if (sink.publish(command) > 0)
        {
            log.println("kairos: trading schedule (" + schedule.describe() + "): " + (open ? "OPEN" : "CLOSE") +
                " every instrument at " + time + (open ? ", trading day " + command.tradingDate : ""));
        }
    }

    /** @return false when closed meanwhile. */
    private boolean sleepUntil(final Instant time)
    {
        long millis;
        while (running && (millis = time.toEpochMilli() - clock.millis()) > 0)
        {
            pause(millis);
        }
        return running;
    }

    private void pause(final long millis)
    {
        try
        {
            TimeUnit.MILLISECONDS.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            running = false;
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close()
    {
        running = false;
        thread.interrupt();
        try
        {
            thread.join(5_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
