package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import quickfix.Message;
import quickfix.field.Side;

/**
 * The replicated engine's promise ({@code engine.replication=cluster}): three member processes and the gateway process
 * on loopback, two clients trading through the gateway, {@code kill -9} of the leader at a random moment. The
 * gateway follows the new leader by itself and the FIX sessions stay up; afterwards every order a client saw
 * acknowledged is known to the cluster with its fills (OrderStatusRequest), every fill reached its client exactly
 * once (no ExecID twice, nothing re-sent: the gateway never restarted), buyers bought what sellers sold, and each
 * client's incoming MsgSeqNum only ever rose. The killed member is then restarted and catches up with the leader.
 *
 * <p>{@value #TRIALS_PROPERTY} trials (default 3), each with its own cluster and kill moment (seeded by
 * {@value #SEED_PROPERTY}, default 104729, and the trial number); each prints one {@code cluster-trial} line with
 * its failover time (the last acknowledgement before the kill to the first after it), which
 * {@code bench/bin/cluster-trials} collects.
 */
@Tag(ClusterFailoverIT.TAG)
class ClusterFailoverIT
{
    static final String TAG = "cluster-failover";
    static final String TRIALS_PROPERTY = "kairos.cluster.trials";
    static final String SEED_PROPERTY = "kairos.cluster.seed";
    private static final String SYMBOL = "T01";
    private static final int MEMBERS = 3;
    private static final int MIN_ACKED_ORDERS = 11;
    /** Acknowledgements per side after the kill before the flow stops: the new leader has taken over. */
    private static final int ACKS_AFTER_KILL = 5;
    private static final long MAX_FLOW_MS = 90_000;
    private static final Pattern ROLE = Pattern.compile("(?m)^kairos_cluster_member_role\\S* (\\S+)$");
    private static final Pattern APPLIED = Pattern.compile("(?m)^kairos_cluster_member_applied_commands\\S* (\\S+)$");

    @TempDir
    Path dir;

    static Stream<Integer> trials()
    {
        return IntStream.rangeClosed(1, Integer.getInteger(TRIALS_PROPERTY, 3)).boxed();
    }

    @ParameterizedTest(name = "trial {0}")
    @MethodSource("trials")
    void shouldLoseNothingAcknowledgedWhenTheLeaderIsKilled(final int trial)
    {
        final long seed = Long.getLong(SEED_PROPERTY, 104729L) * 31 + trial;
        final SplittableRandom random = new SplittableRandom(seed);
        final String members = memberList();
        final TestVenue[] memberVenues = new TestVenue[MEMBERS];
        final KairosProcess[] processes = new KairosProcess[MEMBERS];
        for (int i = 0; i < MEMBERS; i++)
        {
            memberVenues[i] = replicated(new TestVenue(dir.resolve("member" + i)), members)
                .set("cluster.member-id", Integer.toString(i))
                .set("cluster.dir", dir.resolve("member" + i).resolve("data/cluster").toString());
        }
        final TestVenue gatewayVenue = replicated(new TestVenue(dir.resolve("gateway")), members);
        final Trader buyer = new Trader(new FixClient(dir.resolve("buyer"), gatewayVenue.fixPort(), "CLIENT01",
            "client01pass"), Side.BUY, SYMBOL);
        final Trader seller = new Trader(new FixClient(dir.resolve("seller"), gatewayVenue.fixPort(), "CLIENT02",
            "client02pass"), Side.SELL, SYMBOL);
        KairosProcess gateway = null;
        try
        {
            for (int i = 0; i < MEMBERS; i++)
            {
                processes[i] = memberVenues[i].start();
            }
            gateway = gatewayVenue.start();
            buyer.client.logon();
            seller.client.logon();
            final long flowMs = 300 + random.nextInt(1_500);
            final long killAt = System.currentTimeMillis() + flowMs;
            final long deadline = killAt + MAX_FLOW_MS;
            int killed = -1;
            int firstAfterKill = -1;
            long lastAckBeforeKill = 0;
            long firstAckAfterKill = 0;
            int i = 0;
            for (; System.currentTimeMillis() < deadline; i++)
            {
                if (killed < 0 && System.currentTimeMillis() >= killAt && enoughFlow(buyer, seller))
                {
                    killed = leader(processes);
                    processes[killed].kill9();
                    firstAfterKill = i;
                }
                buyer.sendLimit("b" + i, 1 + random.nextInt(9), price(random));
                seller.sendLimit("s" + i, 1 + random.nextInt(9), price(random));
                final int before = acks(buyer, seller);
                buyer.drain(0);
                seller.drain(0);
                if (killed < 0 && acks(buyer, seller) > before)
                {
                    lastAckBeforeKill = System.currentTimeMillis();
                }
                if (killed >= 0 && firstAckAfterKill == 0 && (acked(buyer, "b" + firstAfterKill) ||
                    acked(seller, "s" + firstAfterKill)))
                {
                    firstAckAfterKill = System.currentTimeMillis(); // the first order sent after the kill
                }
                if (killed >= 0 && acked(buyer, "b" + (firstAfterKill + ACKS_AFTER_KILL)) &&
                    acked(seller, "s" + (firstAfterKill + ACKS_AFTER_KILL)))
                {
                    break;
                }
                KairosProcess.pause(4);
            }
            assertTrue(killed >= 0, "the flow never reached the kill: " + acks(buyer, seller) + " acks");
            buyer.drain(1_000);
            seller.drain(1_000);
            assertTrue(firstAckAfterKill > 0, "no order sent after the kill was acknowledged:\n" + gateway.output());

            processes[killed] = memberVenues[killed].start();
            final long leaderCaughtUp = awaitCaughtUp(processes, killed);

            // a follower killed under flow: the other two are a majority and go on; restarted, it catches up
            final int follower = follower(processes, leader(processes));
            processes[follower].kill9();
            final int last = i + ACKS_AFTER_KILL;
            for (i++; i <= last; i++)
            {
                buyer.sendLimit("b" + i, 1 + random.nextInt(9), price(random));
                seller.sendLimit("s" + i, 1 + random.nextInt(9), price(random));
            }
            io.kairos.testsupport.Await.until("orders acknowledged with a follower down", () ->
            {
                buyer.drain(0);
                seller.drain(0);
                return acked(buyer, "b" + last) && acked(seller, "s" + last);
            });
            processes[follower] = memberVenues[follower].start();
            final long followerCaughtUp = awaitCaughtUp(processes, follower);
            buyer.drain(500);
            seller.drain(500);

            final List<String> failures = new ArrayList<>();
            final long bought = buyer.verifyAgainstStatus(failures);
            final long sold = seller.verifyAgainstStatus(failures);
            if (bought != sold)
            {
                failures.add("the cluster says buyers bought " + bought + " but sellers sold " + sold);
            }
            checkEachReportOnceInOrder(buyer, failures);
            checkEachReportOnceInOrder(seller, failures);

            System.out.printf("cluster-trial %d: flow %d ms, acked %d+%d orders, %d traded, killed leader %d, " +
                    "failover %d ms (last ack before the kill to the first ack of an order sent after it), " +
                    "restarted it caught up at command %d; follower %d killed, restarted, caught up at %d; %s%n",
                trial, flowMs, buyer.seen.orders().size(), seller.seen.orders().size(), bought, killed,
                firstAckAfterKill - lastAckBeforeKill, leaderCaughtUp, follower, followerCaughtUp,
                failures.isEmpty() ? "PASS" : "FAIL");
            assertTrue(failures.isEmpty(), String.join("\n", failures));
            buyer.client.disconnect();
            seller.client.disconnect();
            assertEquals(0, gateway.stop(), gateway.output());
            for (final KairosProcess member : processes)
            {
                assertEquals(0, member.stop(), member.output());
            }
        }
        catch (final AssertionError | RuntimeException e)
        {
            System.out.printf("cluster-trial %d: FAIL %s%n", trial, e.getMessage() == null ? e :
                e.getMessage().lines().findFirst().orElse(""));
            throw e;
        }
        finally
        {
            buyer.client.close();
            seller.client.close();
            if (gateway != null)
            {
                gateway.close();
            }
            for (final KairosProcess process : processes)
            {
                if (process != null)
                {
                    process.close();
                }
            }
        }
    }

    private static TestVenue replicated(final TestVenue venue, final String members)
    {
        try
        {
            java.nio.file.Files.createDirectories(venue.root());
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
        return venue.withTestInstruments(2)
            .set("engine.replication", "cluster")
            .set("cluster.members", members)
            .set("cluster.client-host", "127.0.0.1")
            .set("fix.throttle.messages-per-second", "100000");
    }

    private static String memberList()
    {
        final StringBuilder members = new StringBuilder();
        for (int i = 0; i < MEMBERS; i++)
        {
            members.append(i == 0 ? "" : ",").append("127.0.0.1:").append(FreePorts.udpRange(5));
        }
        return members.toString();
    }

    /** Each ExecID once, no PossResend, and MsgSeqNum strictly rising. */
    private static void checkEachReportOnceInOrder(final Trader trader, final List<String> failures)
    {
        final Set<String> execIds = new HashSet<>();
        long lastSeqNum = 0;
        for (final Message m : trader.client.history())
        {
            final long seqNum = Long.parseLong(str(m.getHeader(), 34));
            if (seqNum <= lastSeqNum)
            {
                failures.add(trader.client + ": MsgSeqNum " + seqNum + " after " + lastSeqNum);
            }
            lastSeqNum = seqNum;
            if (m.getHeader().isSetField(97) && "Y".equals(str(m.getHeader(), 97)))
            {
                failures.add(trader.client + ": a report re-sent (PossResend=Y): " + Orders.text(m));
            }
            if (is(m, 150, "F") && !execIds.add(str(m, 17)))
            {
                failures.add(trader.client + ": ExecID " + str(m, 17) + " reported twice: " + Orders.text(m));
            }
        }
    }

    private static int acks(final Trader buyer, final Trader seller)
    {
        return buyer.seen.orders().size() + seller.seen.orders().size();
    }

    private static boolean acked(final Trader trader, final String clOrdId)
    {
        return trader.seen.orders().containsKey(clOrdId);
    }

    private static boolean enoughFlow(final Trader buyer, final Trader seller)
    {
        return buyer.seen.orders().size() >= MIN_ACKED_ORDERS && seller.seen.orders().size() >= MIN_ACKED_ORDERS;
    }

    private static String price(final SplittableRandom random)
    {
        return "100.0" + random.nextInt(5);
    }

    /** The member whose metrics say it leads (waits, bounded, for an election to finish). */
    private static int leader(final KairosProcess[] processes)
    {
        final int[] leader = {-1};
        io.kairos.testsupport.Await.until("a leader", () ->
        {
            for (int i = 0; i < processes.length; i++)
            {
                if (processes[i] != null && processes[i].isAlive() && metric(processes[i], ROLE) == 2)
                {
                    leader[0] = i;
                    return true;
                }
            }
            return false;
        });
        return leader[0];
    }

    /** Waits until the restarted member has applied what the leader had when it came back. @return that index */
    private static long awaitCaughtUp(final KairosProcess[] processes, final int restarted)
    {
        final long leaderApplied = applied(processes[leader(processes)]);
        io.kairos.testsupport.Await.until("member " + restarted + " catches up with the leader's " + leaderApplied +
            " commands", () -> applied(processes[restarted]) >= leaderApplied);
        return leaderApplied;
    }

    private static int follower(final KairosProcess[] processes, final int leader)
    {
        return (leader + 1) % processes.length;
    }

    private static long applied(final KairosProcess member)
    {
        return (long)metric(member, APPLIED);
    }

    private static double metric(final KairosProcess process, final Pattern pattern)
    {
        final Http.Response response = process.get("/metrics");
        final Matcher matcher = pattern.matcher(response.status() == 200 ? response.body() : "");
        return matcher.find() ? Double.parseDouble(matcher.group(1)) : -1;
    }
}
