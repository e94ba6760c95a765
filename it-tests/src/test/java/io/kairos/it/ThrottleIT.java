package io.kairos.it;

import static io.kairos.it.Orders.is;
import static io.kairos.it.Orders.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

class ThrottleIT
{
    @TempDir
    Path dir;

    private static final int BURST = 30;
    private static final long ANSWER_WAIT_MS = 20_000;

    @Test
    void shouldRejectMessagesPastTheRateAndDisconnectAfterARunOfRejects()
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).set("journal.mode", "off")
            .set("fix.throttle.messages-per-second", "20")
            .set("fix.throttle.disconnect-after-rejects", "40");
        try (KairosProcess server = venue.start();
            FixClient client = new FixClient(dir.resolve("client"), venue.fixPort(), "CLIENT01",
                "client01pass").lenient().logon())
        {
            KairosProcess.pause(1_100);
            for (int i = 0; i < 20; i++)
            {
                client.send(Orders.limit("ok-" + i, "T01", Side.BUY, 1, "95.00"));
            }
            for (int i = 0; i < 20; i++)
            {
                final String clOrdId = "ok-" + i;
                assertEquals("0", str(client.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, clOrdId)), 150));
            }
            KairosProcess.pause(1_100);

            final long burstStartNs = System.nanoTime();
            for (int i = 0; i < BURST; i++)
            {
                client.send(Orders.limit("burst-" + i, "T01", Side.BUY, 1, "95.00"));
            }
            final long burstNs = System.nanoTime() - burstStartNs;
            final List<Message> answers = awaitBurstAnswers(client);
            final long acks = answers.stream().filter(m -> "8".equals(FixClient.type(m)) && is(m, 150, "0")).count();
            final List<Message> throttledMessages = answers.stream().filter(m ->
                "j".equals(FixClient.type(m))).toList();
            final long throttled = throttledMessages.size();
            assertTrue(throttledMessages.stream().allMatch(m -> is(m, 372, "D") && str(m, 58).contains("Throttle")),
                answers.toString());
            assertEquals(BURST, acks + throttled, "every message of the burst answered once: " + answers);
            final long windows = burstNs / 1_000_000_000L + 1;
            assertTrue(acks >= Math.min(BURST, 20) && acks <= Math.min(BURST, 20 * windows),
                "20 served per one-second window the burst spanned (" + burstNs + " ns): " + answers);
            assertTrue(client.isLoggedOn(), "disconnected before the configured run of rejects");

            KairosProcess.pause(1_100);
            for (int i = 0; i < 100; i++)
            {
                client.send(Orders.limit("flood-" + i, "T01", Side.BUY, 1, "95.00"));
            }
            assertTrue(client.awaitLoggedOut(10_000), "still logged on after 80 consecutive throttle rejects");
            assertEquals(0, server.stop());
        }
    }

    /** Collects ExecutionReports and throttle rejects until the burst has {@value #BURST} answers (bounded wait). */
    private static List<Message> awaitBurstAnswers(final FixClient client)
    {
        final List<Message> answers = new java.util.ArrayList<>();
        final long deadline = System.currentTimeMillis() + ANSWER_WAIT_MS;
        while (answers.size() < BURST && System.currentTimeMillis() < deadline)
        {
            client.drain(50).stream().filter(m -> "8".equals(FixClient.type(m)) || "j".equals(FixClient.type(m)))
                .forEach(answers::add);
        }
        return answers;
    }
}
