package io.kairos.cluster;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.kairos.engine.ConfigValueException;
import io.kairos.engine.MediaDriverDirectory;

/**
 * Replication settings of a venue process, validated; immutable. With {@link Replication#CLUSTER} the partition
 * group's engine is an Aeron Cluster of {@code members}: a process with {@code memberId} &ge; 0 is member
 * {@code memberId} of it, a process with {@link #NOT_A_MEMBER} runs the gateways as the cluster's client.
 *
 * @param replication        {@code engine.replication}
 * @param members            {@code cluster.members}: every member's endpoint, in member-id order (1, 3 or 5)
 * @param memberId           {@code cluster.member-id}: this process's member id, or {@link #NOT_A_MEMBER}
 * @param dir                {@code cluster.dir}: a member's consensus log, archive and snapshots
 * @param clientHost         {@code cluster.client-host}: the address the gateways' cluster client receives its
 *                           egress on (the members send to it)
 * @param historyCommands    {@code cluster.history-commands}: how many commands' events a member keeps to send a
 *                           gateway again after a leader change or a gateway restart
 * @param fileSync           {@code cluster.file-sync}: whether a member forces its log to disk before it counts
 *                           towards the majority that commits a command ({@code sync}), or leaves it to the page
 *                           cache ({@code none}: survives a member's kill -9, not a machine crash of a majority)
 * @param timeouts           {@code cluster.leader-heartbeat-timeout-ms} and friends: how fast a lost leader is
 *                           replaced
 * @param clientSecret       {@code cluster.client-secret}: what a gateway must prove it knows to join the cluster
 */
public record ClusterConfig(
    Replication replication, List<MemberEndpoint> members, int memberId, Path dir, String clientHost,
    int historyCommands, boolean fileSync, ClusterTimeouts timeouts, ClusterSecret clientSecret)
{
    /* The server keys of these settings. */
    public static final String REPLICATION_PROP_NAME = "engine.replication";
    public static final String MEMBERS_PROP_NAME = "cluster.members";
    public static final String MEMBER_ID_PROP_NAME = "cluster.member-id";
    public static final String DIR_PROP_NAME = "cluster.dir";
    public static final String FILE_SYNC_PROP_NAME = "cluster.file-sync";
    public static final String CLIENT_HOST_PROP_NAME = "cluster.client-host";
    public static final String HISTORY_COMMANDS_PROP_NAME = "cluster.history-commands";
    public static final String CLIENT_SECRET_PROP_NAME = "cluster.client-secret";

    public static final int NOT_A_MEMBER = -1;

    public ClusterConfig
    {
        Objects.requireNonNull(replication, REPLICATION_PROP_NAME);
        members = List.copyOf(members);
        Objects.requireNonNull(dir, DIR_PROP_NAME);
        Objects.requireNonNull(clientHost, CLIENT_HOST_PROP_NAME);
        Objects.requireNonNull(timeouts, ClusterTimeouts.LEADER_HEARTBEAT_TIMEOUT_MS_PROP_NAME);
        if (replication == Replication.CLUSTER)
        {
            Objects.requireNonNull(clientSecret, CLIENT_SECRET_PROP_NAME);
        }
        if (replication == Replication.CLUSTER)
        {
            if (members.size() != 1 && members.size() != 3 && members.size() != 5)
            {
                throw new ConfigValueException(MEMBERS_PROP_NAME, "must list 3 or 5 members (1 for a "
                    + "single-member development cluster), listed " + members.size());
            }
            final Set<String> ports = new HashSet<>();
            for (final MemberEndpoint member : members)
            {
                for (int port = member.portBase(); port < member.portBase() + MemberEndpoint.PORTS; port++)
                {
                    if (!ports.add(member.host() + ":" + port))
                    {
                        throw new ConfigValueException(MEMBERS_PROP_NAME, "has two members on " + member.host() +
                            ":" +
                            port + " (members on one host need port bases " + MemberEndpoint.PORTS + " apart)");
                    }
                }
            }
        }
        if (memberId != NOT_A_MEMBER && (replication != Replication.CLUSTER || memberId < 0 ||
            memberId >= members.size()))
        {
            throw new ConfigValueException(MEMBER_ID_PROP_NAME, "must be in [0, " + (members.size() - 1) +
                "] with " + REPLICATION_PROP_NAME + "=cluster, was " + memberId);
        }
        if (clientHost.isBlank())
        {
            throw new ConfigValueException(CLIENT_HOST_PROP_NAME, "must be set");
        }
        if (historyCommands < 1)
        {
            throw new ConfigValueException(HISTORY_COMMANDS_PROP_NAME, "must be at least 1, was " +
                historyCommands);
        }
    }

    /**
     * A media driver's directory for this process's role ({@code role}: {@code "m<id>"} for a member, {@code "client"}
     * for the gateways): in /dev/shm when it has room (the log buffers are memory; the log's durability is the
     * archive's, in {@code cluster.dir}), else in {@code cluster.dir} ({@link MediaDriverDirectory}).
     */
    String aeronDirectory(final String role)
    {
        final String name = "kairos-cluster-" + role;
        return MediaDriverDirectory.choose(dir, name, dir.toAbsolutePath().resolve(name)).toString();
    }

    public boolean isMember()
    {
        return memberId != NOT_A_MEMBER;
    }

    /** Aeron's member list: {@code id,ingress,consensus,log,catchup,archive|...}. */
    String aeronClusterMembers()
    {
        final StringBuilder text = new StringBuilder();
        for (int id = 0; id < members.size(); id++)
        {
            final MemberEndpoint m = members.get(id);
            text.append(id).append(',').append(m.endpoint(m.ingressPort())).append(',')
                .append(m.endpoint(m.consensusPort())).append(',').append(m.endpoint(m.logPort())).append(',')
                .append(m.endpoint(m.catchupPort())).append(',').append(m.endpoint(m.archiveControlPort()))
                .append('|');
        }
        return text.toString();
    }

    /** The client's ingress endpoints: {@code id=host:port,...}. */
    String ingressEndpoints()
    {
        final StringBuilder text = new StringBuilder();
        for (int id = 0; id < members.size(); id++)
        {
            text.append(id == 0 ? "" : ",").append(id).append('=')
                .append(members.get(id).endpoint(members.get(id).ingressPort()));
        }
        return text.toString();
    }
}
