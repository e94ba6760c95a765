package io.kairos.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The leader's view of its members from the consensus module's member lists, at given cluster times. */
class MemberPresenceTest
{
    private static final long TIMEOUT_NS = ms(300);
    private static final int LEADER = 0;
    private static final long TERM = 4;

    private final LogLines log = new LogLines(ClusterLog.NONE);
    private final MemberPresence presence = new MemberPresence(3, TIMEOUT_NS, log);

    @Test
    void shouldReportAFollowerLostOnceWhenSilentForLongerThanTheTimeout()
    {
        answer(ms(1_000), ms(1_000), ms(1_000));
        answer(ms(1_200), ms(1_190), ms(1_000)); // member 2 silent for 200 ms: still present
        assertEquals(0, presence.lost());
        assertEquals(3, presence.connected());

        answer(ms(1_400), ms(1_390), ms(1_000));
        answer(ms(1_600), ms(1_590), ms(1_000));

        assertEquals(List.of("member 2 lost: no log progress acknowledged for 400 ms (leader member 0, term 4)"),
            log.since(0, "member "));
        assertEquals(1, presence.lost());
        assertEquals(2, presence.connected());
    }

    @Test
    void shouldReportALostFollowerRejoinedOnceWithHowLongItWasSilent()
    {
        answer(ms(1_000), ms(1_000), ms(1_000));
        answer(ms(1_400), ms(1_400), ms(1_000));
        answer(ms(6_000), ms(6_000), ms(5_900));
        answer(ms(6_200), ms(6_200), ms(6_100));

        assertEquals(List.of("member 2 lost: no log progress acknowledged for 400 ms (leader member 0, term 4)",
            "member 2 rejoined after 4900 ms (leader member 0, term 4)"), log.since(0, "member "));
        assertEquals(1, presence.lost());
        assertEquals(1, presence.rejoined());
        assertEquals(3, presence.connected());
    }

    @Test
    void shouldCountTheLeaderPresentWhateverItsOwnAcknowledgementTime()
    {
        for (final long nowMs : new long[] {1_000, 5_000, 9_000})
        {
            presence.leading(LEADER, TERM, ms(nowMs));
            presence.member(LEADER, 0); // the leader's own entry need not move
            presence.member(1, ms(nowMs));
            presence.member(2, ms(nowMs));
            presence.end();
        }

        assertEquals(0, presence.lost());
        assertEquals(3, presence.connected());
    }

    @Test
    void shouldTimeASilenceFromTheStartOfTheLeadershipNotFromAnAcknowledgementToAnEarlierLeader()
    {
        presence.leading(LEADER, TERM, ms(10_000));
        presence.member(LEADER, ms(10_000));
        presence.member(1, ms(10_000));
        presence.member(2, ms(2_000)); // the old leader: its last acknowledgement is from long before
        presence.end();
        assertEquals(0, presence.lost(), "not silent for a timeout under this leader yet");

        answer(ms(10_301), ms(10_300), ms(2_000));
        assertEquals(List.of("member 2 lost: no log progress acknowledged for 301 ms (leader member 0, term 4)"),
            log.since(0, "member "));
    }

    @Test
    void shouldStartANewLeadershipWithEveryonePresentAndReportNoReturnForALossUnderTheOldOne()
    {
        answer(ms(1_000), ms(1_000), ms(1_000));
        answer(ms(1_400), ms(1_400), ms(1_000));
        presence.notLeading();
        assertEquals(0, presence.connected(), "a member that does not lead sees nobody");

        presence.leading(LEADER, TERM + 1, ms(5_000));
        presence.member(LEADER, ms(5_000));
        presence.member(1, ms(5_000));
        presence.member(2, ms(5_000));
        presence.end();

        assertEquals(1, log.since(0, "member ").size(), "only the loss under the earlier term");
        assertEquals(0, presence.rejoined());
        assertEquals(3, presence.connected());
    }

    @Test
    void shouldIgnoreMemberIdsOutsideTheCluster()
    {
        presence.leading(LEADER, TERM, ms(1_000));
        presence.member(LEADER, ms(1_000));
        presence.member(7, 0);
        presence.end();

        assertEquals(0, presence.lost());
        assertEquals(1, presence.connected());
    }

    /** An answer of leader 0 at {@code nowNs} with members 1 and 2's last acknowledgements. */
    private void answer(final long nowNs, final long ack1Ns, final long ack2Ns)
    {
        presence.leading(LEADER, TERM, nowNs);
        presence.member(LEADER, nowNs);
        presence.member(1, ack1Ns);
        presence.member(2, ack2Ns);
        presence.end();
    }

    private static long ms(final long millis)
    {
        return TimeUnit.MILLISECONDS.toNanos(millis);
    }
}
