package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member cut off from the others cannot acknowledge anything: three members, each in a network namespace of its
 * own on a bridge the test makes, and the gateway process in the test's namespace; under flow the leader's link is
 * taken down. The other two elect a leader and go on (every order sent after the cut is acknowledged), while the cut
 * member applies nothing more — it cannot commit without a majority, and a command is matched and acknowledged only
 * once committed. When its link comes back it rejoins and catches up, and every order and fill checks out as in
 * {@link ClusterFailoverIT}. Needs root and iproute2 (CI runs as root; elsewhere it is skipped, saying why).
 */
@Tag(ClusterFailoverIT.TAG)
class ClusterPartitionIT
{
    private static final int ORDERS_BEFORE = 20;
    private static final int ORDERS_AFTER = 20;

    @TempDir
    Path dir;

    @Test
    void shouldAcknowledgeNothingOnAMemberCutOffFromTheOthers()
    {
        assumeTrue(TestNetwork.available(), "needs root and iproute2 to make network namespaces");
        try (TestNetwork network = TestNetwork.create(3))
        {
            try (TestCluster cluster = new TestCluster(dir, 3, network);
                ClusterFailoverIT.Flow flow = new ClusterFailoverIT.Flow(dir, cluster.gatewayVenue(),
                    new SplittableRandom(4243)))
            {
                cluster.start();
                flow.logon();
                flow.sendAndAwait(ORDERS_BEFORE, "orders acknowledged before the cut");

                final int cut = cluster.leader();
                network.cut(cut);
                flow.sendAndAwait(ORDERS_AFTER, "orders acknowledged after the leader was cut off");
                final int leader = cluster.leader();
                final long majorityApplied = cluster.applied(leader);
                final long cutApplied = cluster.applied(cut);
                assertTrue(leader != cut, "a new leader among the two that still reach each other");
                assertTrue(cutApplied >= 0, "the cut member answers inside its namespace");
                assertTrue(cutApplied <= majorityApplied - 2 * ORDERS_AFTER,
                    "the cut member applied " + cutApplied + " commands, the majority " + majorityApplied +
                        ": it must have applied none of the " + 2 * ORDERS_AFTER + " sent after the cut");

                network.restore(cut);
                final long caughtUp = cluster.awaitCaughtUp(cut);
                final List<String> failures = flow.verify(false);
                System.out.printf("cluster-partition: leader %d cut off at %d applied commands while the majority " +
                        "applied %d; new leader %d; back, it caught up at %d; %s%n",
                    cut, cutApplied, majorityApplied, leader, caughtUp, failures.isEmpty() ? "PASS" : "FAIL");
                assertTrue(failures.isEmpty(), String.join("\n", failures));
                flow.disconnect();
                cluster.stop();
            }
        }
    }
}
