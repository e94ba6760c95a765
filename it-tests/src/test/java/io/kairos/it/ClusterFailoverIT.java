package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import io.kairos.testsupport.Await;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import quickfix.Message;
import quickfix.field.Side;

/**
 * The replicated engine's promise ({@code engine.replication=cluster}): three member processes and the gateway process
 * on loopback, two clients trading through the gateway, {@code kill -9} of the leader at a random moment while the
 * flow is being answered. The gateway follows the new leader by itself and the FIX sessions stay up; afterwards every
 * order a client saw acknowledged is known to the cluster with its fills (OrderStatusRequest), every fill reached its
 * client exactly once (no ExecID twice, nothing re-sent: the gateway never restarted), buyers bought what sellers
 * sold, and each client's incoming MsgSeqNum only ever rose. The killed member is restarted and catches up with the
 * leader; then a follower is killed under flow (the other two go on) and restarted, and catches up too.
 *
 * <p>{@value #TRIALS_PROPERTY} trials (default 3), each with its own cluster and kill moment (seeded by
 * {@value #SEED_PROPERTY}, default 104729, and the trial number); each prints one {@code cluster-trial} line with
 * its failover time (the last acknowledgement before the kill to the first of an order sent after it), which
 * {@code bench/bin/cluster-trials} collects.
 */
@Tag(ClusterFailoverIT.TAG)
class ClusterFailoverIT
{
    static final String TAG = "cluster-failover";
    static final String TRIALS_PROPERTY = "kairos.cluster.trials";
    static final String SEED_PROPERTY = "kairos.cluster.seed";
    private static final int MIN_ACKED_ORDERS = 11;
    /** Orders per side after the kill that must be acknowledged before the flow stops. */
    private static final int ORDERS_AFTER_KILL = 5;
    private static final long MAX_FLOW_MS = 90_000;
    /**
     * The kill waits (past its random moment) until at most this many order pairs are unanswered, so that the
     * failover measured starts from a flow being answered, not from a stall before the kill (while a small host still
     * compiles the four JVMs' code, acknowledgements can pause), which the failover time would then include.
     */
    private static final int LIVE_BACKLOG_PAIRS = 5;
    /** How long past its moment the kill waits for a live flow before it goes ahead anyway (and says so). */
    private static final long MAX_LIVE_WAIT_MS = 30_000;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "trial {0}")
    @MethodSource("io.kairos.it.Trials#cluster")
    void shouldLoseNothingAcknowledgedWhenTheLeaderIsKilled(final int trial)
    {
        final SplittableRandom random = Trials.random(SEED_PROPERTY, 104729L, trial);
        try (TestCluster cluster = new TestCluster(dir, 3, null);
            Flow flow = new Flow(dir, cluster.gatewayVenue(), random))
        {
            cluster.start();
            flow.logon();
            final long flowMs = 300 + random.nextInt(1_500);
            final long killAt = System.currentTimeMillis() + flowMs;
            final long deadline = killAt + MAX_FLOW_MS;
            int leader = -1;
            int killed = -1;
            int firstAfterKill = -1;
            long lastAckBeforeKill = 0;
            long firstAckAfterKill = 0;
            long killedAt = 0;
            int backlogAtKill = 0;
            while (System.currentTimeMillis() < deadline)
            {
                if (leader < 0 && System.currentTimeMillis() >= killAt && flow.acked() >= 2 * MIN_ACKED_ORDERS)
                {
                    // asked first, the flow going on after: the question (HTTP scrapes of the members, up to 0.8 s
                    // on a busy small host) must not stand between the last acknowledgement and the kill
                    leader = cluster.leader();
                }
                else if (leader >= 0 && killed < 0 && (flow.unansweredPairs() <= LIVE_BACKLOG_PAIRS ||
                    System.currentTimeMillis() >= killAt + MAX_LIVE_WAIT_MS))
                {
                    killed = leader;
                    killedAt = System.currentTimeMillis();
                    backlogAtKill = flow.unansweredPairs();
                    cluster.kill9(killed);
                    firstAfterKill = flow.next();
                }
                final int before = flow.acked();
                flow.sendPair();
                flow.drain(0);
                if (killed < 0 && flow.acked() > before)
                {
                    lastAckBeforeKill = System.currentTimeMillis();
                }
                if (killed >= 0 && firstAckAfterKill == 0 && flow.ackedAny(firstAfterKill))
                {
                    firstAckAfterKill = System.currentTimeMillis();
                }
                if (killed >= 0 && flow.ackedBoth(firstAfterKill + ORDERS_AFTER_KILL))
                {
                    break;
                }
                KairosProcess.pause(4);
            }
            assertTrue(killed >= 0, "the flow never reached the kill: " + flow.acked() + " acks");
            assertTrue(flow.ackedBoth(firstAfterKill + ORDERS_AFTER_KILL),
                "orders sent after the kill were not acknowledged:\n" + cluster.gateway().output());

            final int dead = killed;
            final FailoverParts parts = FailoverParts.of(killedAt, firstAckAfterKill,
                java.util.stream.IntStream.range(0, 3).filter(i -> i != dead).mapToObj(i -> cluster.member(i).output())
                    .toList(), cluster.gateway().output());
            cluster.restart(killed);
            final long killedCaughtUp = cluster.awaitCaughtUp(killed);
            final int follower = cluster.follower(cluster.leader());
            cluster.kill9(follower);
            flow.sendAndAwait(ORDERS_AFTER_KILL, "orders acknowledged with a follower down");
            cluster.restart(follower);
            final long followerCaughtUp = cluster.awaitCaughtUp(follower);

            final List<String> failures = flow.verify(false);
            System.out.printf("cluster-trial %d: flow %d ms (kill %d ms later, %d pairs unanswered), acked %d " +
                    "orders, %d traded, killed leader %d, " +
                    "failover %d ms (last ack before the kill to the first ack of an order sent after it; from the " +
                    "kill %d ms: %s), restarted it caught up at command %d; follower %d killed, restarted, caught " +
                    "up at %d; %s%n",
                trial, flowMs, killedAt - killAt, backlogAtKill, flow.acked(), flow.bought(), killed,
                firstAckAfterKill - lastAckBeforeKill,
                firstAckAfterKill - killedAt, parts, killedCaughtUp, follower, followerCaughtUp,
                failures.isEmpty() ? "PASS" : "FAIL");
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            flow.disconnect();
            cluster.stop();
        }
        catch (final AssertionError | RuntimeException e)
        {
            System.out.printf("cluster-trial %d: FAIL %s%n", trial, e.getMessage() == null ? e :
                e.getMessage().lines().findFirst().orElse(""));
            throw e;
        }
    }

    /**
     * The gateway process killed instead: restarted on its data, it asks the cluster for the events its sessions were
     * owed (the members' history) and sends them, marked PossResend=Y; every acknowledged order and fill checks out
     * as above, each fill reaching its client once.
     */
    @org.junit.jupiter.api.Test
    void shouldSendWhatTheGatewayOwedAfterTheGatewayIsKilled()
    {
        final SplittableRandom random = new SplittableRandom(Long.getLong(SEED_PROPERTY, 104729L));
        try (TestCluster cluster = new TestCluster(dir, 3, null);
            Flow flow = new Flow(dir, cluster.gatewayVenue(), random))
        {
            cluster.start();
            flow.logon();
            flow.tradeFor(300 + random.nextInt(1_500), 2 * MIN_ACKED_ORDERS);
            flow.disconnectAfterTheKillOf(cluster::killAndRestartGateway);
            flow.logon();
            final List<String> failures = flow.verify(true);
            System.out.printf("cluster-gateway-crash: acked %d orders, %d traded, %d reports re-sent (PossResend), " +
                "%s%n", flow.acked(), flow.bought(), flow.possResends(), failures.isEmpty() ? "PASS" : "FAIL");
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            flow.disconnect();
            cluster.stop();
        }
    }

    /**
     * Every member killed at once ({@code kill -9} of the three processes, not a loss of their machines) while orders
     * flow, with each {@code cluster.file-sync}: started again on their data, the members elect a leader, the gateway
     * (never killed) connects to it by itself and the orders sent meanwhile are answered; every order a client saw
     * acknowledged is known with its fills. With {@code none} too: what a member recorded before its process died is
     * in the page cache, which the process's death does not take.
     */
    @ParameterizedTest(name = "cluster.file-sync={0}")
    @ValueSource(strings = {"sync", "none"})
    void shouldLoseNothingAcknowledgedWhenEveryMemberIsKilledAtOnce(final String fileSync)
    {
        final SplittableRandom random = new SplittableRandom(Long.getLong(SEED_PROPERTY, 104729L));
        try (TestCluster cluster = new TestCluster(dir, 3, null).withMembers("cluster.file-sync", fileSync);
            Flow flow = new Flow(dir, cluster.gatewayVenue(), random))
        {
            cluster.start();
            flow.logon();
            flow.tradeFor(300 + random.nextInt(1_500), 2 * MIN_ACKED_ORDERS);
            final int ackedAtKill = flow.acked();
            for (int i = 0; i < cluster.size(); i++)
            {
                cluster.kill9(i);
            }
            for (int i = 0; i < cluster.size(); i++)
            {
                cluster.restart(i);
            }
            flow.sendAndAwait(ORDERS_AFTER_KILL, "orders acknowledged after every member was killed and restarted");
            final List<String> failures = flow.verify(false);
            System.out.printf("cluster-crash (file-sync %s): acked %d orders before the kill, %d in all, %d traded, " +
                "%s%n", fileSync, ackedAtKill, flow.acked(), flow.bought(), failures.isEmpty() ? "PASS" : "FAIL");
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            flow.disconnect();
            cluster.stop();
        }
    }

    /**
     * A buyer and a seller trading {@link TestCluster#SYMBOL} through the gateway, order pairs numbered from 0, and
     * the checks of a replicated venue's promise on what they were told. Owned by the test thread.
     */
    static final class Flow implements AutoCloseable
    {
        private final Trader buyer;
        private final Trader seller;
        private final SplittableRandom random;
        private int next;
        private long bought;

        Flow(final Path dir, final TestVenue gateway, final SplittableRandom random)
        {
            buyer = new Trader(new FixClient(dir.resolve("buyer"), gateway.fixPort(), "CLIENT01", "client01pass"),
                Side.BUY, TestCluster.SYMBOL);
            seller = new Trader(new FixClient(dir.resolve("seller"), gateway.fixPort(), "CLIENT02", "client02pass"),
                Side.SELL, TestCluster.SYMBOL);
            this.random = random;
        }

        void logon()
        {
            buyer.client.logon();
            seller.client.logon();
        }

        /** The number of the next order pair. */
        int next()
        {
            return next;
        }

        void sendPair()
        {
            buyer.sendLimit("b" + next, 1 + random.nextInt(9), "100.0" + random.nextInt(5));
            seller.sendLimit("s" + next, 1 + random.nextInt(9), "100.0" + random.nextInt(5));
            next++;
        }

        /**
         * Sends order pairs (one each 4 ms or so) for {@code ms}, and on until {@code minAcked} orders are acknowledged
         * (waited for at most {@link #MAX_FLOW_MS}).
         */
        void tradeFor(final long ms, final int minAcked)
        {
            final long until = System.currentTimeMillis() + ms;
            while (System.currentTimeMillis() < until)
            {
                tradeOnePair();
            }
            Await.until(minAcked + " orders acknowledged", Duration.ofMillis(MAX_FLOW_MS), () ->
            {
                if (acked() >= minAcked)
                {
                    return true;
                }
                tradeOnePair();
                return false;
            });
        }

        private void tradeOnePair()
        {
            sendPair();
            drain(0);
            KairosProcess.pause(4);
        }

        /** Sends {@code pairs} order pairs and waits (bounded) until the last pair is acknowledged. */
        void sendAndAwait(final int pairs, final String what)
        {
            for (int i = 0; i < pairs; i++)
            {
                sendPair();
            }
            final int last = next - 1;
            Await.until(what, () ->
            {
                drain(0);
                return ackedBoth(last);
            });
        }

        void drain(final long quietMs)
        {
            buyer.drain(quietMs);
            seller.drain(quietMs);
        }

        int acked()
        {
            return buyer.seen.orders().size() + seller.seen.orders().size();
        }

        /** Order pairs sent after the last pair whose two orders are both acknowledged. */
        int unansweredPairs()
        {
            int oldest = next;
            while (oldest > 0 && !ackedBoth(oldest - 1))
            {
                oldest--;
            }
            return next - oldest;
        }

        boolean ackedAny(final int pair)
        {
            return buyer.seen.orders().containsKey("b" + pair) || seller.seen.orders().containsKey("s" + pair);
        }

        boolean ackedBoth(final int pair)
        {
            return buyer.seen.orders().containsKey("b" + pair) && seller.seen.orders().containsKey("s" + pair);
        }

        /**
         * Drains, asks the status of every order and checks the promise; {@code resent}: reports may come again
         * (PossResend=Y) after a gateway restart, each ExecID still counted once. @return what failed
         */
        List<String> verify(final boolean resent)
        {
            drain(500);
            final List<String> failures = new ArrayList<>();
            bought = buyer.verifyAgainstStatus(failures);
            final long sold = seller.verifyAgainstStatus(failures);
            if (bought != sold)
            {
                failures.add("the cluster says buyers bought " + bought + " but sellers sold " + sold);
            }
            eachReportOnceInOrder(buyer, resent, failures);
            eachReportOnceInOrder(seller, resent, failures);
            return failures;
        }

        /** Reports the venue sent again (PossResend=Y), both clients. */
        long possResends()
        {
            return buyer.possResendsAfterRestart() + seller.possResendsAfterRestart();
        }

        /**
         * MsgSeqNum strictly rising (messages a ResendRequest brought again, PossDupFlag=Y, aside), each ExecID once,
         * and, unless {@code resent}, nothing re-sent (PossResend=Y).
         */
        private static void eachReportOnceInOrder(
            final Trader trader, final boolean resent, final List<String> failures)
        {
            final Set<String> execIds = new HashSet<>();
            long lastSeqNum = 0;
            for (final Message m : trader.client.history())
            {
                if (m.getHeader().isSetField(43) && "Y".equals(str(m.getHeader(), 43)))
                {
                    continue;
                }
                final boolean possResend = m.getHeader().isSetField(97) && "Y".equals(str(m.getHeader(), 97));
                final long seqNum = Long.parseLong(str(m.getHeader(), 34));
                if (seqNum <= lastSeqNum)
                {
                    failures.add(trader.side + ": MsgSeqNum " + seqNum + " after " + lastSeqNum);
                }
                lastSeqNum = seqNum;
                if (possResend && !resent)
                {
                    failures.add(trader.side + ": a report re-sent (PossResend=Y): " + Orders.text(m));
                }
                if (is(m, 150, "F") && !execIds.add(str(m, 17)) && !possResend)
                {
                    failures.add(trader.side + ": ExecID " + str(m, 17) + " reported twice: " + Orders.text(m));
                }
            }
        }

        void disconnect()
        {
            buyer.client.disconnect();
            seller.client.disconnect();
        }

        /** Runs {@code kill} (the venue's process killed and started again), reading what came before it. */
        void disconnectAfterTheKillOf(final Runnable kill)
        {
            kill.run();
            drain(200);
            disconnect();
        }

        long bought()
        {
            return bought;
        }

        @Override
        public void close()
        {
            buyer.client.close();
            seller.client.close();
        }
    }
}
