package io.kairos.server;

import java.util.concurrent.atomic.AtomicLong;

import io.kairos.engine.AgentThread;
import io.kairos.engine.CountingErrorHandler;
import io.kairos.engine.TimerSlack;
import io.kairos.fix.IdleMode;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;

/**
 * The compact threading mode's two shared threads: {@code kairos-hot} (Artio's framer, the order-entry
 * sessions, every hosted partition's journal and matcher), waiting as {@code fix.idle-strategy} says
 * ({@link IdleMode#newHotPathIdleStrategy()}) with a 1 µs timer slack so that its short parks are short
 * ({@link TimerSlack}), and {@code kairos-infra} (Artio's indexer and monitoring, the
 * Aeron client conductors), backing off to 5 ms sleeps (the gateway adds a third, {@code kairos-archive}, for the
 * media driver and archive). Created first and closed last
 * by the {@link Venue}, so every component can put agents on them and take them off again. An exception
 * escaping an agent is printed with the thread's name and counted; the thread goes on.
 */
final class VenueThreads implements AutoCloseable
{
    private final AtomicLong errors = new AtomicLong();
    private final AgentThread hot;
    private final AgentThread infra;

    VenueThreads(final IdleMode hotIdleMode)
    {
        hot = AgentThread.start("kairos-hot", hotIdleMode.newHotPathIdleStrategy(), errorHandler("kairos-hot"),
            TimerSlack.hotPathThreadFactory());
        AgentThread started = null;
        try
        {
            started = AgentThread.start("kairos-infra", IdleMode.newHousekeepingIdleStrategy(),
                errorHandler("kairos-infra"), Thread::new);
        }
        finally
        {
            if (started == null)
            {
                hot.close();
            }
        }
        infra = started;
    }

    AgentThread hot()
    {
        return hot;
    }

    AgentThread infra()
    {
        return infra;
    }

    /** Exceptions that escaped an agent on either thread so far. */
    long errorCount()
    {
        return errors.get();
    }

    private ErrorHandler errorHandler(final String thread)
    {
        return new CountingErrorHandler(thread, errors);
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(hot, infra);
    }
}
