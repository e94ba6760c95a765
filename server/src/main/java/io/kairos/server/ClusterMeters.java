package io.kairos.server;

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
        Gauge.builder("kairos.cluster.client.unanswered", client, ClusterEngine::unanswered)
            .description("Commands sent to the cluster whose events have not come back yet")
            .register(registry);
        FunctionCounter.builder("kairos.cluster.client.leader.changes", client, ClusterEngine::leaderChanges)
            .description("Leader changes (and reconnections) the gateways' cluster client followed")
            .register(registry);
        FunctionCounter.builder("kairos.cluster.client.resumes", client, ClusterEngine::resumes)
            .description("Times the client asked the cluster to send again what it missed")
            .register(registry);
        FunctionCounter.builder("kairos.cluster.client.lost.commands", client, ClusterEngine::lostCommands)
            .description("Commands whose events the cluster no longer kept when the client asked for them")
            .register(registry);
    }

    static void registerMember(final ClusterMember member, final MeterRegistry registry)
    {
        Gauge.builder("kairos.cluster.member.role", member, m -> m.role().code())
            .description("This member's role: 0 follower, 1 candidate, 2 leader")
            .register(registry);
        Gauge.builder("kairos.cluster.member.applied.commands", member, ClusterMember::appliedCommands)
            .description("Index of the last command this member applied")
            .register(registry);
        FunctionCounter.builder("kairos.cluster.member.snapshots", member, ClusterMember::snapshotsTaken)
            .description("Snapshots this member wrote since it started (every snapshot.every-commands commands)")
            .register(registry);
    }
}
