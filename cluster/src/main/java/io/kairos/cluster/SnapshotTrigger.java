package io.kairos.cluster;

import io.aeron.Counter;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.service.Cluster;
import org.agrona.concurrent.Agent;

/**
 * Asks the cluster for a snapshot every {@code everyCommands} commands ({@code snapshot.every-commands}), from the
 * leader: Aeron Cluster takes snapshots only when asked (its control toggle), and without them a restarted member
 * would replay the whole log. Every member then writes one ({@link MatchingService#onTakeSnapshot}) at the same log
 * position. Runs on its own slow-polling thread; reads the service's counters, which are safe from any thread.
 */
final class SnapshotTrigger implements Agent
{
    private final MatchingService service;
    private final Counter controlToggle;
    private final long everyCommands;
    private long requestedAt;

    SnapshotTrigger(final MatchingService service, final Counter controlToggle, final long everyCommands)
    {
        this.service = service;
        this.controlToggle = controlToggle;
        this.everyCommands = everyCommands;
    }

    @Override
    public int doWork()
    {
        final long applied = service.appliedCommands();
        requestedAt = Math.max(requestedAt, service.lastSnapshotIndex());
        if (service.role() != Cluster.Role.LEADER || applied - requestedAt < everyCommands)
        {
            return 0;
        }
        if (ClusterControl.ToggleState.SNAPSHOT.toggle(controlToggle))
        {
            requestedAt = applied;
            return 1;
        }
        return 0; // another action is under way: try again on the next poll
    }

    @Override
    public String roleName()
    {
        return "kairos-snapshot-trigger";
    }
}
