package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * Drop copy against the real server: a drop-copy session DC01 (FIRM1) gets every ExecutionReport of
 * FIRM1's sessions CLIENT01 and CLIENT02 exactly once (by ExecID), while they trade with each other and with FIRM2's
 * CLIENT06, while DC01 is logged off, and across a {@code kill -9} of the venue in the middle of a flow of orders;
 * none of CLIENT06's reports; and it may not enter orders.
 */
class DropCopyIT
{
    private static final int EXEC_ID = 17;
    private static final int CL_ORD_ID = 11;
    private static final int EXEC_TYPE = 150;
    private static final int POSS_DUP = 43;
    private static final int POSS_RESEND = 97;
    private static final int DELIVER_TO_COMP_ID = 128;
    private static final int COPY_MSG_INDICATOR = 797;
    private static final int ROUNDS_IN_FLIGHT_AT_KILL = 40;
    private static final long COPIES_WAIT_MS = 30_000;

    @TempDir
    Path dir;

    @Test
    void shouldGiveTheDropCopyEveryReportOfTwoSessionsOfItsFirmOnceAlsoAcrossKill9()
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(3).withDropCopyDc01()
            .set("fix.throttle.messages-per-second", "100000");
        try (FixClient client1 = new FixClient(dir.resolve("c1"), venue.fixPort(), "CLIENT01", "client01pass");
            FixClient client2 = new FixClient(dir.resolve("c2"), venue.fixPort(), "CLIENT02", "client02pass");
            FixClient client6 = new FixClient(dir.resolve("c6"), venue.fixPort(), "CLIENT06", "client06pass");
            FixClient dropCopy = new FixClient(dir.resolve("dc"), venue.fixPort(), "DC01", "dc01pass"))
        {
            try (KairosProcess first = venue.start())
            {
                client1.logon();
                client2.logon();
                client6.logon();
                dropCopy.logon();
                for (int round = 0; round < 5; round++)
                {
                    tradeRound(round, "T01", "T02", client1, client2, client6);
                }
                // copies made while the drop copy is logged off wait for its next logon
                dropCopy.disconnect();
                for (int round = 5; round < 8; round++)
                {
                    tradeRound(round, "T01", "T02", client1, client2, client6);
                }
                dropCopy.logon();
                // a flow the kill interrupts: orders sent without waiting for their answers
                for (int round = 8; round < 8 + ROUNDS_IN_FLIGHT_AT_KILL; round++)
                {
                    sendRound(round, client1, client2, client6);
                    KairosProcess.pause(2);
                }
                first.kill9();
            }
            client1.disconnect();
            client2.disconnect();
            client6.disconnect();
            dropCopy.disconnect();

            try (KairosProcess second = KairosProcess.startAfterCrash(venue))
            {
                dropCopy.logon();
                client1.logon();
                client2.logon();
                client6.logon();
                // on T03, whose book the interrupted flow left empty
                tradeRound(100, "T03", "T03", client1, client2, client6);

                final Map<String, String> expected = new TreeMap<>();
                final long deadline = System.currentTimeMillis() + COPIES_WAIT_MS;
                do
                {
                    expected.clear();
                    reportsTo(client1, expected);
                    reportsTo(client2, expected);
                    if (copies(dropCopy).keySet().equals(expected.keySet()))
                    {
                        break;
                    }
                    KairosProcess.pause(20);
                }
                while (System.currentTimeMillis() < deadline);

                final Map<String, String> ofFirm2 = new TreeMap<>();
                reportsTo(client6, ofFirm2);
                final Map<String, List<Message>> copies = copies(dropCopy);
                final List<String> failures = new ArrayList<>();
                final TreeSet<String> missing = new TreeSet<>(expected.keySet());
                missing.removeAll(copies.keySet());
                final TreeSet<String> extra = new TreeSet<>(copies.keySet());
                extra.removeAll(expected.keySet());
                if (!missing.isEmpty())
                {
                    failures.add("reports of FIRM1 the drop copy never got: " + missing);
                }
                if (!extra.isEmpty())
                {
                    failures.add("copies of no FIRM1 report" + (ofFirm2.keySet().containsAll(extra) ?
                        " (FIRM2's): " : ": ") + extra);
                }
                int resent = 0;
                int duplicates = 0;
                int resentByArtio = 0;
                for (final Map.Entry<String, List<Message>> copy : copies.entrySet())
                {
                    final List<Message> sent = copy.getValue();
                    // exactly once: as sent, or as Artio's resend (43=Y) of a number QuickFIX/J lacked (it passes on
                    // no other); a second copy, whether PossResend=Y or not, fails
                    if (sent.size() != 1)
                    {
                        failures.add("ExecID " + copy.getKey() + " copied " + sent.size() + " times: " + sent);
                    }
                    duplicates += sent.size() > 1 ? 1 : 0;
                    resentByArtio += flag(sent.get(0), POSS_DUP) ? 1 : 0;
                    resent += sent.stream().filter(m -> flag(m, POSS_RESEND)).count() > 0 ? 1 : 0;
                    for (final Message message : sent)
                    {
                        if (!flag(message, COPY_MSG_INDICATOR) ||
                            !String.valueOf(expected.get(copy.getKey())).equals(header(message, DELIVER_TO_COMP_ID)))
                        {
                            failures.add("a copy without 797=Y and 128=" + expected.get(copy.getKey()) + ": " +
                                message.toString().replace('\u0001', '|'));
                        }
                    }
                }
                // what the restart said about reports written but not yet marked, and sequence numbers it resumed after
                second.output().lines().filter(line -> line.contains("kairos-fix-gateway: "))
                    .forEach(line -> System.out.println("drop-copy restart: " + line));
                System.out.printf("drop-copy: %d reports of FIRM1 (CLIENT01, CLIENT02), %d of FIRM2, %d copies " +
                        "received, %d re-emitted after the restart (PossResend), %d first received as Artio's resend " +
                        "(43=Y), %d more than once, %s%n",
                    expected.size(), ofFirm2.size(), copies.values().stream().mapToInt(List::size).sum(), resent,
                    resentByArtio, duplicates,
                    failures.isEmpty() ? "PASS" : "FAIL");
                assertTrue(failures.isEmpty(), String.join("\n", failures));
                assertTrue(expected.size() >= 4 * 9, "enough reports: " + expected.size());

                dropCopy.disconnect();
                client1.disconnect();
                client2.disconnect();
                client6.disconnect();
                assertEquals(0, second.stop(), second.output());
            }
        }
    }

    @Test
    void shouldRefuseAnOrderFromTheDropCopySessionWithABusinessMessageReject() throws FieldNotFound
    {
        final TestVenue venue = new TestVenue(dir).withTestInstruments(2).withDropCopyDc01();
        try (FixClient client1 = new FixClient(dir.resolve("c1"), venue.fixPort(), "CLIENT01", "client01pass");
            FixClient dropCopy = new FixClient(dir.resolve("dc"), venue.fixPort(), "DC01", "dc01pass");
            KairosProcess venueProcess = venue.start())
        {
            client1.logon();
            dropCopy.logon();
            dropCopy.send(Orders.limit("DC-S1", "T01", Side.SELL, 5, "100.00"));
            final Message reject = dropCopy.next(MsgType.BUSINESS_MESSAGE_REJECT);
            assertEquals(6, reject.getInt(380), "BusinessRejectReason 6 (not authorized): " + reject);
            assertEquals("D", reject.getString(372));
            assertEquals("drop copy sessions cannot enter orders", reject.getString(58));

            // nothing reached the engine: a buy at the same price rests untouched
            client1.send(Orders.limit("B1", "T01", Side.BUY, 5, "100.00"));
            client1.next(MsgType.EXECUTION_REPORT, m -> "B1".equals(field(m, CL_ORD_ID)));
            client1.send(Orders.status("B1", "T01", Side.BUY));
            final Message status = client1.next(MsgType.EXECUTION_REPORT,
                m -> "I".equals(field(m, EXEC_TYPE)) && "B1".equals(field(m, CL_ORD_ID)));
            assertEquals('0', status.getChar(39), "still New: " + status);
            assertEquals(0.0, status.getDouble(14));
            assertTrue(dropCopy.isLoggedOn(), "the drop copy stays logged on");
            client1.disconnect();
            dropCopy.disconnect();
            assertEquals(0, venueProcess.stop(), venueProcess.output());
        }
    }

    /** CLIENT01 buys from CLIENT02 on {@code firm1Symbol} (FIRM1 with FIRM1), then from CLIENT06 (FIRM1 with FIRM2). */
    private static void tradeRound(final int round, final String firm1Symbol, final String firm2Symbol,
        final FixClient client1, final FixClient client2, final FixClient client6)
    {
        final String r = "r" + round;
        client1.send(Orders.limit(r + "b1", firm1Symbol, Side.BUY, 1 + round % 5, "100.00"));
        awaitReport(client1, r + "b1", "0");
        client2.send(Orders.limit(r + "s2", firm1Symbol, Side.SELL, 1 + round % 5, "100.00"));
        awaitReport(client2, r + "s2", "F");
        awaitReport(client1, r + "b1", "F");
        client6.send(Orders.limit(r + "s6", firm2Symbol, Side.SELL, 2, "100.00"));
        awaitReport(client6, r + "s6", "0");
        client1.send(Orders.limit(r + "b2", firm2Symbol, Side.BUY, 2, "100.00"));
        awaitReport(client1, r + "b2", "F");
        awaitReport(client6, r + "s6", "F");
    }

    private static void sendRound(final int round, final FixClient client1, final FixClient client2,
        final FixClient client6)
    {
        final String r = "r" + round;
        client1.trySend(Orders.limit(r + "b1", "T01", Side.BUY, 1 + round % 5, "100.00"));
        client2.trySend(Orders.limit(r + "s2", "T01", Side.SELL, 1 + round % 5, "100.00"));
        client6.trySend(Orders.limit(r + "s6", "T02", Side.SELL, 2, "100.00"));
        client1.trySend(Orders.limit(r + "b2", "T02", Side.BUY, 2, "100.00"));
    }

    private static void awaitReport(final FixClient client, final String clOrdId, final String execType)
    {
        client.next(MsgType.EXECUTION_REPORT,
            m -> clOrdId.equals(field(m, CL_ORD_ID)) && execType.equals(field(m, EXEC_TYPE)));
    }

    /** Every ExecutionReport {@code client} received, before the kill and after: ExecID to the client's CompID. */
    private static void reportsTo(final FixClient client, final Map<String, String> into)
    {
        for (final Message message : client.history())
        {
            if (MsgType.EXECUTION_REPORT.equals(FixClient.type(message)))
            {
                into.put(field(message, EXEC_ID), header(message, 56));
            }
        }
    }

    /** The drop copy's ExecutionReports by ExecID, each with every time it arrived. */
    private static Map<String, List<Message>> copies(final FixClient dropCopy)
    {
        final Map<String, List<Message>> byExecId = new HashMap<>();
        for (final Message message : dropCopy.history())
        {
            if (MsgType.EXECUTION_REPORT.equals(FixClient.type(message)))
            {
                byExecId.computeIfAbsent(field(message, EXEC_ID), id -> new ArrayList<>()).add(message);
            }
        }
        return byExecId;
    }

    private static String field(final Message message, final int tag)
    {
        return get(message, tag);
    }

    private static String header(final Message message, final int tag)
    {
        return get(message.getHeader(), tag);
    }

    /** Whether {@code tag} is Y in the body or the header. */
    private static boolean flag(final Message message, final int tag)
    {
        return "Y".equals(get(message, tag)) || "Y".equals(get(message.getHeader(), tag));
    }

    private static String get(final quickfix.FieldMap fields, final int tag)
    {
        try
        {
            return fields.isSetField(tag) ? fields.getString(tag) : null;
        }
        catch (final FieldNotFound ex)
        {
            return null;
        }
    }
}
