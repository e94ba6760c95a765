package io.kairos.server;

import java.util.function.ToDoubleFunction;

import io.kairos.cluster.ClusterEngine;
import io.kairos.cluster.ClusterMember;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/** The meters of a replicated engine: its client's (the gateway process) or its member's. Stateless; start-up only. */
final class ClusterMeters
{
    private ClusterMeters()
    {
    }

    static void registerClient(final ClusterEngine client, final MeterRegistry registry)
    {
        gauge(registry, "kairos.cluster.client.unanswered", client, ClusterEngine::unanswered,
            "Commands sent to the cluster whose events have not come back yet");
        counter(registry, "kairos.cluster.client.leader.changes", client, ClusterEngine::leaderChanges,
            "Leader changes (and reconnections) the gateways' cluster client followed");
        counter(registry, "kairos.cluster.client.resumes", client, ClusterEngine::resumes,
            "Times the client asked the cluster to send again what it missed");
        counter(registry, "kairos.cluster.client.lost.commands", client, ClusterEngine::lostCommands,
            "Commands whose events the cluster no longer kept when the client asked for them");
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
