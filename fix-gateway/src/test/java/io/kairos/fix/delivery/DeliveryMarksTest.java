package io.kairos.fix.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import io.kairos.engine.ExecutionEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeliveryMarksTest
{
    @TempDir
    Path dir;

    @Test
    void shouldLackNothingUntilTheEngineSaidWhereItsJournalEnds()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1, 2}))
        {
            assertEquals(Long.MAX_VALUE, marks.redeliverAfter(0), "a fresh file knows of nothing missing");
            marks.onRecoveryComplete(0, 40);
            assertEquals(40, marks.redeliverAfter(0));
            assertEquals(Long.MAX_VALUE, marks.redeliverAfter(1), "other partitions untouched");
        }
    }

    @Test
    void shouldKeepTheMarksAcrossAReopen()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1, 2}))
        {
            marks.onRecoveryComplete(3, 0);
            marks.onRouted(3, 99);
            marks.onCommitted(marks.slot(2), 3, 77, 1234);
        }
        try (DeliveryMarks reopened = DeliveryMarks.open(dir, new int[] {2, 1}))
        {
            assertEquals(99, reopened.redeliverAfter(3));
            assertEquals(77, reopened.committedIndex(reopened.slot(2), 3));
            assertEquals(0, reopened.committedIndex(reopened.slot(1), 3));
        }
    }

    @Test
    void shouldGoBackToTheOldestReportASessionStillWaitsFor()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1, 2, 3}))
        {
            marks.onRecoveryComplete(0, 0);
            marks.onRouted(0, 500);
            marks.onPending(marks.slot(2), 0, 120);
            marks.onPending(marks.slot(3), 0, 300);
            assertEquals(119, marks.redeliverAfter(0));
            marks.onNothingPending(marks.slot(2), 0);
            assertEquals(299, marks.redeliverAfter(0));
            marks.onNothingPending(marks.slot(3), 0);
            assertEquals(500, marks.redeliverAfter(0));
        }
    }

    @Test
    void shouldCountAReportDeliveredUpToTheLastCommittedExecIdOfItsCommand()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            final int slot = marks.slot(1);
            marks.onCommitted(slot, 0, 10, 7001);
            assertTrue(marks.delivered(slot, event(9, 9000)), "an earlier command");
            assertTrue(marks.delivered(slot, event(10, 7001)), "the last one written");
            assertTrue(marks.delivered(slot, event(10, 6000)), "an earlier report of the same command");
            assertFalse(marks.delivered(slot, event(10, 7002)), "a later report of the same command");
            assertFalse(marks.delivered(slot, event(11, 1)), "a later command");
            assertFalse(marks.delivered(slot, withPartition(event(5, 1), 1)), "another partition has its own marks");
        }
    }

    @Test
    void shouldForgetAtTheEndOfRecoveryWhatASessionWaitedForWhenNothingWasEmittedAgainForIt()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1, 2}))
        {
            marks.onRecoveryComplete(0, 0);
            marks.onRouted(0, 500);
            marks.onPending(marks.slot(1), 0, 120);
            marks.onPending(marks.slot(2), 0, 300);
        }
        try (DeliveryMarks restarted = DeliveryMarks.open(dir, new int[] {1, 2}))
        {
            assertEquals(119, restarted.redeliverAfter(0));
            restarted.onRedelivering(restarted.slot(2), 0);
            restarted.onRecoveryComplete(0, 500);
            assertEquals(299, restarted.redeliverAfter(0),
                "session 1 got nothing again (all delivered): its old mark no longer holds restarts back; " +
                    "session 2's stays");
        }
    }

    @Test
    void shouldResetAPartitionWhoseJournalIsShorterThanItsMarks()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            marks.onRecoveryComplete(0, 0);
            marks.onRouted(0, 900);
            marks.onRecoveryComplete(0, 12);
            assertEquals(12, marks.redeliverAfter(0), "a journal replaced by a shorter one");
        }
    }

    @Test
    void shouldGiveTheRecordOfASessionNoLongerConfiguredToANewOne()
    {
        for (final int first : new int[] {1, 100})
        {
            try (DeliveryMarks marks = DeliveryMarks.open(dir, sessionIds(first, 16)))
            {
                marks.onCommitted(marks.slot(first), 0, 5, 5);
            }
        }
        // 32 records, all held by the 32 sessions of the two earlier configurations
        try (DeliveryMarks marks = DeliveryMarks.open(dir, sessionIds(200, 16)))
        {
            for (final int sessionId : sessionIds(200, 16))
            {
                assertNotEquals(DeliveryMarks.UNKNOWN_SLOT, marks.slot(sessionId));
                assertEquals(0, marks.committedIndex(marks.slot(sessionId), 0), "a reused record starts empty");
            }
            assertEquals(DeliveryMarks.UNKNOWN_SLOT, marks.slot(1));
        }
    }

    private static int[] sessionIds(final int first, final int count)
    {
        final int[] ids = new int[count];
        for (int i = 0; i < count; i++)
        {
            ids[i] = first + i;
        }
        return ids;
    }

    @Test
    void shouldRefuseAFileThatIsNotADeliveryMarksFile() throws Exception
    {
        Files.write(dir.resolve(DeliveryMarksDescriptor.FILE_NAME), new byte[DeliveryMarksDescriptor.RECORDS_START]);
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
            DeliveryMarks.open(dir, new int[] {1}));
        assertTrue(refused.getMessage().contains("is not a version 1 delivery marks file"), refused.getMessage());
    }

    @Test
    void shouldCommitAReportOnlyOnceTheFramerWroteItsSequenceNumber()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            marks.onRecoveryComplete(0, 0);
            final SessionDeliveries deliveries = new SessionDeliveries(marks, 1);
            final int slot = marks.slot(1);
            final ExecutionEvent first = event(20, 1);
            final ExecutionEvent second = event(21, 2);
            deliveries.onArrived(first);
            deliveries.onArrived(second);
            marks.onRouted(0, 20);
            assertEquals(19, marks.redeliverAfter(0), "both pending");
            deliveries.onAccepted(first, 41);
            deliveries.onAccepted(second, 42);
            assertEquals(0, deliveries.confirmWritten(40));
            assertEquals(1, deliveries.confirmWritten(41));
            assertEquals(20, marks.committedIndex(slot, 0));
            assertEquals(19, marks.redeliverAfter(0), "the second still pending; the mark moves only when none is");
            assertEquals(1, deliveries.confirmWritten(45));
            assertEquals(21, marks.committedIndex(slot, 0));
            assertEquals(20, marks.redeliverAfter(0));
        }
    }

    @Test
    void shouldSettleReportsTheArchiveHeldAsDeliveredAndThoseOnlyTheFramerTookAsUncertain()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            marks.onRecoveryComplete(0, 0);
            final SessionDeliveries deliveries = new SessionDeliveries(marks, 1);
            final int slot = marks.slot(1);
            final ExecutionEvent[] events = {event(20, 1), event(21, 2), event(21, 3), event(22, 4), event(23, 5)};
            for (int i = 0; i < events.length; i++)
            {
                accepted(deliveries, events[i], 41 + i);
                marks.onRouted(0, events[i].journalIndex);
            }
            assertEquals(3, deliveries.confirmWritten(43), "the library thread saw the framer take 41..43");
            assertEquals(21, marks.committedIndex(slot, 0));

            // the crash: the archive held up to 42, the framer had taken up to 44
            assertEquals(new SettledReports(0, 2), marks.settle(slot, 42, 44));
            assertTrue(marks.delivered(slot, events[0]));
            assertTrue(marks.delivered(slot, events[1]), "archived: Artio resends it when asked");
            assertFalse(marks.delivered(slot, events[2]), "43: taken, never archived; the same command's 42 was");
            assertFalse(marks.delivered(slot, events[3]), "44: taken, never archived, never confirmed");
            assertFalse(marks.delivered(slot, events[4]), "45: never taken");
            assertEquals(19, marks.redeliverAfter(0), "recovery goes back to 41's command: 44 and 45 still waited");

            final UncertainReports uncertain = marks.uncertain(slot);
            assertEquals(2, uncertain.size());
            assertTrue(uncertain.awaitingClient());
            assertFalse(uncertain.clientHad(events[2]), "nothing is decided before the client said");
            uncertain.onClientExpects(44);
            assertFalse(uncertain.awaitingClient());
            assertTrue(uncertain.clientHad(events[2]), "43: below the ResendRequest's BeginSeqNo");
            assertFalse(uncertain.clientHad(events[3]), "44: lacked, sent again");
            assertFalse(uncertain.clientHad(events[4]), "45: never uncertain");
            assertEquals(0, uncertain.size());
        }
    }

    @Test
    void shouldCountWhatTheFramerTookAsDeliveredWhenTheArchiveCannotTell()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            marks.onRecoveryComplete(0, 0);
            final SessionDeliveries deliveries = new SessionDeliveries(marks, 1);
            final int slot = marks.slot(1);
            accepted(deliveries, event(20, 1), 41);
            assertEquals(new SettledReports(1, 0), marks.settle(slot, 41, 41), "the floor, as at run time");
            assertTrue(marks.delivered(slot, event(20, 1)));
            assertFalse(marks.uncertain(slot).awaitingClient());
        }
    }

    @Test
    void shouldReadOnlyTheReportsNumberedSinceTheLastSequenceReset()
    {
        try (DeliveryMarks marks = DeliveryMarks.open(dir, new int[] {1}))
        {
            marks.onRecoveryComplete(0, 0);
            final SessionDeliveries deliveries = new SessionDeliveries(marks, 1);
            final int slot = marks.slot(1);
            accepted(deliveries, event(20, 1), 50);
            accepted(deliveries, event(21, 2), 51);
            deliveries.onSequenceReset(); // a Logon with ResetSeqNumFlag=Y: numbering starts again
            accepted(deliveries, event(22, 3), 2);
            deliveries.confirmWritten(2);
            assertEquals(new SettledReports(0, 1), marks.settle(slot, 1, 2), "2 only: 50 and 51 were another run");
            assertTrue(marks.delivered(slot, event(21, 2)));
            assertFalse(marks.delivered(slot, event(22, 3)));
        }
    }

    /** The report of {@code event} reached the session and Artio took it as {@code msgSeqNum}. */
    private static void accepted(final SessionDeliveries deliveries, final ExecutionEvent event, final int msgSeqNum)
    {
        deliveries.onArrived(event);
        deliveries.onAccepted(event, msgSeqNum);
    }

    private static ExecutionEvent event(final long journalIndex, final long execId)
    {
        final ExecutionEvent event = new ExecutionEvent();
        event.sessionId = 1;
        event.journalIndex = journalIndex;
        event.execId = execId;
        return event;
    }

    private static ExecutionEvent withPartition(final ExecutionEvent event, final int partition)
    {
        event.partition = partition;
        return event;
    }
}
