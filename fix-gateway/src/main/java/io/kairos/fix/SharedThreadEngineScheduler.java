package io.kairos.fix;

import io.aeron.Aeron;
import io.kairos.engine.AgentThread;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.EngineScheduler;
import uk.co.real_logic.artio.engine.RecordingCoordinator;

/**
 * Runs Artio's engine agents on Kairos's shared threads instead of threads of their own (compact threading):
 * the framer on the hot thread, beside the library poll and the matchers, so a request read from a socket is
 * decoded, matched and answered in one duty cycle with no hand-off between threads; on the infra thread, where
 * nothing is latency-critical, the indexer (Artio's archiving agent), the monitoring agent and the conductor of the
 * engine's Aeron client (invoker mode, as Artio's {@code LowResourceEngineScheduler} runs it). The media driver
 * and archive are not on the infra thread but on one thread of their own ({@link EmbeddedArtio}): the indexer
 * blocks its thread while it waits for the archive (a replay to catch its index up at start, the recording to
 * quiesce at close), so on one thread the two deadlocked until the driver timed out (tried: 10 s, then
 * {@code DriverTimeoutException}).
 *
 * <p>{@link #launch} and {@link #close} are called by {@link uk.co.real_logic.artio.engine.FixEngine} on the
 * gateway's lifecycle thread. {@link #pollFramer} runs a framer duty cycle only when called on the hot thread (the
 * library drives the framer with it while it logs sessions out at close, when the framer's own duty cycle no longer
 * comes round); Artio also calls it from the indexer (infra thread) while it resets a session's sequence numbers,
 * and there it does nothing, as Artio's own dedicated-thread schedulers do: the hot thread runs the framer.
 */
final class SharedThreadEngineScheduler implements EngineScheduler
{
    private final AgentThread hot;
    private final AgentThread infra;
    private Agent framer;
    private Agent indexer;
    private Agent monitoring;
    private Agent conductor;
    private RecordingCoordinator recordingCoordinator;

    SharedThreadEngineScheduler(final AgentThread hot, final AgentThread infra)
    {
        this.hot = hot;
        this.infra = infra;
    }

    @Override
    public void launch(
        final EngineConfiguration configuration, final ErrorHandler errorHandler, final Agent framer,
        final Agent indexer, final Agent monitoring, final Agent conductor,
        final RecordingCoordinator recordingCoordinator)
    {
        if (this.framer != null)
        {
            EngineScheduler.fail();
        }
        this.framer = framer;
        this.indexer = indexer;
        this.monitoring = monitoring;
        this.conductor = conductor;
        this.recordingCoordinator = recordingCoordinator;
        if (conductor != null)
        {
            infra.add(conductor);
        }
        infra.add(indexer);
        if (monitoring != null)
        {
            infra.add(monitoring);
        }
        hot.add(framer);
    }

    /** One duty cycle of the framer when called on the hot thread; 0 (no work) on any other. */
    @Override
    public int pollFramer()
    {
        if (framer == null || Thread.currentThread() != hot.thread())
        {
            return 0; // the framer is not thread-safe: only its own thread may run it
        }
        try
        {
            return framer.doWork();
        }
        catch (final Exception ex)
        {
            throw new IllegalStateException("framer failed", ex);
        }
    }

    /** The engine's Aeron client runs its conductor where it is invoked: on the infra thread once launched. */
    @Override
    public void configure(final Aeron.Context aeronContext)
    {
        aeronContext.useConductorAgentInvoker(true);
    }

    @Override
    public void close()
    {
        if (framer != null)
        {
            hot.remove(framer);
        }
        if (monitoring != null)
        {
            infra.remove(monitoring);
        }
        if (indexer != null)
        {
            infra.remove(indexer);
        }
        CloseHelper.close(recordingCoordinator);
        if (conductor != null)
        {
            infra.remove(conductor); // its onClose closes the engine's Aeron client, as Artio's own schedulers do
        }
    }
}
