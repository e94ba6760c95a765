package io.kairos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three members and a gateway's client in this JVM: the leader logs and counts a member it loses and its return,
 * once each; the followers leave that to the leader.
 */
class ClusterMembershipTest
{
    private static final int AAPL = 1;
    private static final EngineConfig ENGINE = EngineConfig.defaults(
        List.of(new Instrument("AAPL", AAPL, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0)));

    @TempDir
    Path dir;

    private final Recorder recorder = new Recorder();
    private final EngineCommand command = new EngineCommand();
    private InProcessCluster cluster;
    private ClusterEngine client;
    private int placed;

    @AfterEach
    void close()
    {
        CloseHelper.close(cluster);
    }

    @Test
    void shouldLogAndCountAFollowerLostAndRejoinedOnceOnTheLeader()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        client = cluster.startClient(ENGINE, recorder, true);
        placeAndAwaitAcks(20);
        final int leader = cluster.leader();
        final ClusterMember leading = cluster.members[leader];
        Await.until("the leader seeing all three members", () -> leading.membersConnected() == 3);
        final int follower = (leader + 1) % 3;
        final int other = (leader + 2) % 3;
        final LogLines leaderLog = cluster.logs[leader];
        // Counted from here: a member slow to join at the start is lost and rejoins before it, as the leader sees it
        final int leaderLinesBefore = leaderLog.size();
        final int otherLinesBefore = cluster.logs[other].size();
        final long lostBefore = leading.membersLost();
        final long rejoinedBefore = leading.membersRejoined();

        cluster.stop(follower);
        Await.until("the leader logging member " + follower + " lost",
            () -> leaderLog.since(leaderLinesBefore, "member ").size() == 1);
        assertTrue(leaderLog.since(leaderLinesBefore, "member ").get(0).matches("member " + follower +
            " lost: no log progress acknowledged for \\d+ ms \\(leader member " + leader + ", term \\d+\\)"),
            leaderLog.since(leaderLinesBefore, "member ").toString());
        assertEquals(1, leading.membersLost() - lostBefore);
        // the gauge is set once the whole members answer is read, just after the line: wait for it, not race it
        Await.until("the leader seeing two members", () -> leading.membersConnected() == 2);
        placeAndAwaitAcks(20); // a majority still commits

        cluster.start(follower, ENGINE);
        Await.until("the leader logging member " + follower + " rejoined",
            () -> leaderLog.since(leaderLinesBefore, "member ").size() == 2);
        assertTrue(leaderLog.since(leaderLinesBefore, "member ").get(1).matches("member " + follower +
            " rejoined after \\d+ ms \\(leader member " + leader + ", term \\d+\\)"),
            leaderLog.since(leaderLinesBefore, "member ").toString());
        Await.until("the leader seeing all three members again", () -> leading.membersConnected() == 3);
        placeAndAwaitAcks(20);

        assertEquals(leader, cluster.leader(), "the same leader throughout");
        assertEquals(2, leaderLog.since(leaderLinesBefore, "member ").size(), "one line each, nothing else: " +
            leaderLog.since(leaderLinesBefore, "member "));
        assertEquals(1, leading.membersLost() - lostBefore);
        assertEquals(1, leading.membersRejoined() - rejoinedBefore);
        assertEquals(List.of(), cluster.logs[other].since(otherLinesBefore, "member "),
            "a follower leaves it to the leader");
        assertEquals(0, cluster.members[other].membersConnected(), "a follower sees no members");
    }

    @Test
    void shouldLogTheOldLeaderLostOnceOnTheNewLeaderAfterAFailover()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        client = cluster.startClient(ENGINE, recorder, true);
        placeAndAwaitAcks(20);
        final int oldLeader = cluster.leader();
        final int[] linesBefore = new int[3];
        for (int i = 0; i < linesBefore.length; i++)
        {
            linesBefore[i] = cluster.logs[i].size();
        }

        cluster.stop(oldLeader);
        placeAndAwaitAcks(20);
        final int newLeader = cluster.leader();
        final ClusterMember leading = cluster.members[newLeader];
        final LogLines newLeaderLog = cluster.logs[newLeader];
        Await.until("the new leader logging member " + oldLeader + " lost",
            () -> newLeaderLog.since(linesBefore[newLeader], "member " + oldLeader + " lost").size() == 1);
        Await.until("the new leader seeing two members", () -> leading.membersConnected() == 2);

        assertEquals(1, newLeaderLog.since(linesBefore[newLeader], "member " + oldLeader + " lost").size());
        assertEquals(List.of(), newLeaderLog.since(linesBefore[newLeader], "member " + oldLeader + " rejoined"),
            "no spurious return at the start of the leadership");
    }

    @Test
    void shouldStopTheMembersWatchWithTheMember()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        cluster.leader();
        assertTrue(membersWatchThreads() > 0, "one per member");

        cluster.closeMembers();

        assertEquals(0, membersWatchThreads(), "none left running");
    }

    private static long membersWatchThreads()
    {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(thread -> thread.getName().equals("kairos-cluster-members") && thread.isAlive()).count();
    }

    private void placeAndAwaitAcks(final int count)
    {
        final int from = placed;
        for (int i = from; i < from + count; i++)
        {
            assertEquals(1, client.publish(command.newOrder(1, "B" + i, AAPL, Side.BUY, OrderType.LIMIT,
                TimeInForce.DAY, Prices.parse("99"), 1)), "taken by the client");
        }
        placed = from + count;
        Await.until(placed + " acks", () -> recorder.newOrders() == placed);
    }
}
