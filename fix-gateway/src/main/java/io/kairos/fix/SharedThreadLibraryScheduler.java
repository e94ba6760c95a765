package io.kairos.fix;

import java.util.function.IntSupplier;

import io.aeron.Aeron;
import io.kairos.engine.AgentThread;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.CompositeAgent;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.LibraryScheduler;

/**
 * Runs the order-entry library's housekeeping, its Aeron client conductor (invoker mode) and its error printer, on
 * the compact mode's infra thread instead of a thread of its own (Artio's {@code DefaultLibraryScheduler}). Nothing
 * a request waits for runs here: the library's poll on the hot thread reads and writes the IPC logs itself.
 *
 * <p>One difference from Artio's own scheduler, which cannot be had from outside its package: Artio marks its
 * conductor thread so that the library's error handler prints an error there instead of rethrowing it. Here such an
 * error leaves the conductor's duty cycle and reaches the infra thread's error handler, which counts and prints it.
 *
 * <p>{@link #launch} is called by the library on the gateway's lifecycle thread, {@link #close} where the library is
 * closed: the hot thread, at the end of the order-entry agent's {@code onClose}. There, while it waits for the infra
 * thread to close the conductor, it keeps driving the framer, which runs on the same hot thread: the infra thread's
 * Artio indexer may be waiting for the framer (a session's replay index reset), and once held both threads for the
 * whole 10 s timeout.
 */
final class SharedThreadLibraryScheduler implements LibraryScheduler
{
    private final AgentThread infra;
    private final IntSupplier framer;
    private Agent hosted;

    /** @param framer one duty cycle of the framer (see {@link SharedThreadEngineScheduler#pollFramer}) */
    SharedThreadLibraryScheduler(final AgentThread infra, final IntSupplier framer)
    {
        this.infra = infra;
        this.framer = framer;
    }

    @Override
    public void launch(
        final LibraryConfiguration configuration, final ErrorHandler errorHandler, final Agent monitoringAgent,
        final Agent conductorAgent)
    {
        if (hosted != null)
        {
            throw new IllegalStateException("the library is launched already");
        }
        final Agent agent =
            monitoringAgent == null ? conductorAgent : new CompositeAgent(conductorAgent, monitoringAgent);
        infra.add(agent);
        hosted = agent;
    }

    /** The library's Aeron client runs its conductor where it is invoked: on the infra thread once launched. */
    @Override
    public void configure(final Aeron.Context aeronContext)
    {
        aeronContext.useConductorAgentInvoker(true);
    }

    @Override
    public void close(final int libraryId)
    {
        if (hosted != null)
        {
            infra.remove(hosted, framer);
            hosted = null;
        }
    }
}
