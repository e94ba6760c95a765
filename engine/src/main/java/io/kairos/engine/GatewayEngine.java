package io.kairos.engine;

import java.util.List;
import java.util.Optional;

/**
 * The engine the gateways talk to, whichever it is: the in-process pipeline ({@link Engine}) or a replicated engine's
 * client (the cluster module's {@code ClusterEngine}). The venue builds one, {@link #start}s it with the gateways'
 * listener (recovery is over when it returns), hands {@link #commands} to the gateways, and {@link #close}s it before
 * them (its last events must still reach them). What only one kind has is optional here, explicitly: the partitions
 * matched in this process ({@link #localPartitions}) and the counters of a client ({@link #counters}).
 *
 * <p>Threading: lifecycle methods on one lifecycle thread; {@link #commands} is used from the gateways' threads as
 * its implementation says; {@link #counters} and {@link #localPartitions}' readers from any thread (metrics).
 */
public interface GatewayEngine extends AutoCloseable
{
    /** Where the gateways put their commands. */
    CommandSink commands();

    /**
     * Recovers (the events the listener {@link EngineEventListener#needsRedelivery needs} again, the resting orders
     * as recovered ADDs, {@link EngineEventListener#onRecoveryComplete} per hosted partition) and starts matching.
     */
    GatewayEngine start(EngineEventListener listener);

    /** What recovery found in each partition matched in this process, after {@link #start}; empty where none is. */
    List<RecoveryReport> recoveryReports();

    /** The partitions this process matches, for their meters; empty when they are matched elsewhere. */
    Optional<LocalPartitions> localPartitions();

    /**
     * Counters of how this process reaches the engine (a client's resumes, say); empty when there are none. The same
     * list at every call, held by the engine: a meter registry may hold what it reads only weakly.
     */
    List<EngineCounter> counters();

    /** Stops taking commands, lets the events of those taken reach the listener, and releases everything. */
    @Override
    void close();
}
