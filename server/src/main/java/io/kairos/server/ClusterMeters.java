package io.kairos.server;

import java.util.function.ToDoubleFunction;

import io.kairos.cluster.ClusterMember;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * The meters of a cluster member process (a gateway process's client offers its own through
 * {@link io.kairos.engine.GatewayEngine#counters}, which {@link EngineMeters} registers). Stateless; start-up only.
 */
final class ClusterMeters
{
    private ClusterMeters()
    {
    }

    static void registerMember(final ClusterMember member, final MeterRegistry registry)
    {
        gauge(registry, "kairos.cluster.member.role", member, m -> m.role().code(),
            "This member's role: 0 follower, 1 candidate, 2 leader");
        gauge(registry, "kairos.cluster.member.applied.commands", member, ClusterMember::appliedCommands,
            "Index of the last command this member applied");
        counter(registry, "kairos.cluster.member.rejected.clients", member, ClusterMember::rejectedClients,
            "Clients this member refused for not knowing cluster.client-secret (alert on any)");
        counter(registry, "kairos.cluster.member.snapshots", member, ClusterMember::snapshotsTaken,
            "Snapshots this member wrote since it started (every snapshot.every-commands commands)");
        counter(registry, "kairos.cluster.members.lost", member, ClusterMember::membersLost,
            "Members this member, as leader, saw silent for cluster.leader-heartbeat-timeout-ms");
        counter(registry, "kairos.cluster.members.rejoined", member, ClusterMember::membersRejoined,
            "Lost members this member, as leader, saw acknowledging the log again");
        gauge(registry, "kairos.cluster.members.connected", member, ClusterMember::membersConnected,
            "Members the leader sees, itself included (0 on a member that is not the leader)");
    }

    private static <T> void gauge(
        final MeterRegistry registry, final String name, final T source, final ToDoubleFunction<T> value,
        final String description)
    {
        Gauge.builder(name, source, value).description(description).register(registry);
    }

    private static <T> void counter(
        final MeterRegistry registry, final String name, final T source, final ToDoubleFunction<T> count,
        final String description)
    {
        FunctionCounter.builder(name, source, count).description(description).register(registry);
    }
}
