package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;

/**
 * A replicated venue for one test ({@code engine.replication=cluster}): {@code members} member processes and the
 * venue configuration of the gateway process that is their client, with the test instruments T01, T02. Members run on
 * loopback (each with its own ports) or, given a {@link TestNetwork}, member i in namespace i at its own address
 * (all on one port base). Members are found and watched through their metrics: {@code kairos_cluster_member_role}
 * (2 = leader) and {@code kairos_cluster_member_applied_commands}. Owned by one test thread.
 */
final class TestCluster implements AutoCloseable
{
    /** Every member's and the gateway's {@code cluster.client-secret}. */
    static final String CLIENT_SECRET = "it-tests-cluster-client-secret";

    static final String SYMBOL = "T01";
    private static final int NETWORK_PORT_BASE = 9100;
    /** A member's UDP ports from its base (the cluster module's MemberEndpoint.PORTS). */
    private static final int MEMBER_PORTS = 5;
    private static final Pattern ROLE = Pattern.compile("(?m)^kairos_cluster_member_role\\S* (\\S+)$");
    private static final Pattern APPLIED = Pattern.compile("(?m)^kairos_cluster_member_applied_commands\\S* (\\S+)$");

    private final TestVenue[] memberVenues;
    private final KairosProcess[] members;
    private final TestVenue gatewayVenue;
    private final TestNetwork network;
    private KairosProcess gateway;

    TestCluster(final Path dir, final int count, final TestNetwork network)
    {
        this.network = network;
        memberVenues = new TestVenue[count];
        members = new KairosProcess[count];
        final StringBuilder list = new StringBuilder();
        final int[] bases = network == null ? FreePorts.udpRanges(count, MEMBER_PORTS) : null;
        for (int i = 0; i < count; i++)
        {
            list.append(i == 0 ? "" : ",").append(network == null ?
                "127.0.0.1:" + bases[i] : network.address(i) + ":" + NETWORK_PORT_BASE);
        }
        for (int i = 0; i < count; i++)
        {
            final Path root = dir.resolve("member" + i);
            memberVenues[i] = replicated(root, list.toString())
                .set("cluster.member-id", Integer.toString(i))
                .set("cluster.dir", root.resolve("data/cluster").toString());
            if (network != null)
            {
                memberVenues[i].inNamespace(network.namespace(i), network.address(i));
            }
        }
        gatewayVenue = replicated(dir.resolve("gateway"), list.toString())
            .set("cluster.client-host", network == null ? "127.0.0.1" : network.hostAddress());
    }

    private static TestVenue replicated(final Path root, final String members)
    {
        try
        {
            Files.createDirectories(root);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return new TestVenue(root).withTestInstruments(2)
            .set("engine.replication", "cluster")
            .set("cluster.members", members)
            .set("cluster.client-secret", CLIENT_SECRET)
            .set("fix.throttle.messages-per-second", "100000");
    }

    /** Sets {@code key} in every member's configuration (before {@link #start}). @return this */
    TestCluster withMembers(final String key, final String value)
    {
        for (final TestVenue member : memberVenues)
        {
            member.set(key, value);
        }
        return this;
    }

    /** The gateway process's configuration (its FIX port). */
    TestVenue gatewayVenue()
    {
        return gatewayVenue;
    }

    /** Starts the members, then the gateway process, each waited for until ready. */
    void start()
    {
        for (int i = 0; i < members.length; i++)
        {
            members[i] = memberVenues[i].start();
        }
        gateway = gatewayVenue.start();
    }

    KairosProcess gateway()
    {
        return gateway;
    }

    /** Kills the gateway process with SIGKILL and starts it again on its data. */
    void killAndRestartGateway()
    {
        gateway.kill9();
        gateway = KairosProcess.startAfterCrash(gatewayVenue);
    }

    KairosProcess member(final int i)
    {
        return members[i];
    }

    int size()
    {
        return members.length;
    }

    void kill9(final int i)
    {
        members[i].kill9();
    }

    /** Starts member {@code i} again on its data; it rejoins by itself. */
    void restart(final int i)
    {
        members[i] = memberVenues[i].start();
    }

    /** The member whose metrics say it leads, among those that answer (waits, bounded, for an election). */
    int leader()
    {
        final int[] leader = {-1};
        Await.until("a leader", () ->
        {
            for (int i = 0; i < members.length; i++)
            {
                if (members[i] != null && members[i].isAlive() && metric(members[i].get("/metrics").body(), ROLE) == 2)
                {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** A member other than {@code leader}. */
    int follower(final int leader)
    {
        return (leader + 1) % members.length;
    }

    /**
     * The index of the last command member {@code i} applied; read from inside its namespace when it has one, so that
     * a member cut off from the network can be asked too. -1 when it does not answer.
     */
    long applied(final int i)
    {
        final String body = network == null ? members[i].get("/metrics").body() :
            network.getInside(i, members[i].metricsPort(), "/metrics");
        return (long)metric(body, APPLIED);
    }

    /** Waits until member {@code i} has applied what the leader had applied when this was called. @return that */
    long awaitCaughtUp(final int i)
    {
        final long leaderApplied = applied(leader());
        Await.until("member " + i + " catches up with the leader's " + leaderApplied + " commands",
            () -> applied(i) >= leaderApplied);
        return leaderApplied;
    }

    /** Stops the gateway, then every member, with SIGTERM, and checks each exits 0. */
    void stop()
    {
        assertEquals(0, gateway.stop(), "the gateway's exit status:\n" + gateway.output());
        for (int i = 0; i < members.length; i++)
        {
            assertEquals(0, members[i].stop(), "member " + i + "'s exit status:\n" + members[i].output());
        }
    }

    String output()
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < members.length; i++)
        {
            text.append("member ").append(i).append(":\n").append(members[i] == null ? "" : members[i].output());
        }
        return text.toString();
    }

    private static double metric(final String body, final Pattern pattern)
    {
        final Matcher matcher = pattern.matcher(body);
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : -1;
    }

    @Override
    public void close()
    {
        if (gateway != null)
        {
            gateway.close();
        }
        for (final KairosProcess member : members)
        {
            if (member != null)
            {
                member.close();
            }
        }
    }
}
