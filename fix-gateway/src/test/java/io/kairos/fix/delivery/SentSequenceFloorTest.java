package io.kairos.fix.delivery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SentSequenceFloorTest
{
    @TempDir
    Path dir;

    @Test
    void shouldKeepTheHighestNumberPerCompIdAcrossReopening()
    {
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of("CLIENT01", "CLIENT02")))
        {
            floor.onSent(floor.slot("CLIENT01"), 219);
            floor.onSent(floor.slot("CLIENT01"), 187);
            floor.onSent(floor.slot("CLIENT02"), 3);
        }
        try (SentSequenceFloor reopened = SentSequenceFloor.open(dir, List.of("CLIENT02", "CLIENT03")))
        {
            assertEquals(219, reopened.lastSent("CLIENT01"), "kept from the earlier run although no longer configured");
            assertEquals(3, reopened.lastSent("CLIENT02"));
            assertEquals(0, reopened.lastSent("CLIENT03"));
            assertEquals(0, reopened.lastSent("NOBODY"));
            assertEquals(SentSequenceFloor.UNKNOWN_SLOT, reopened.slot("NOBODY"));
        }
    }

    @Test
    void shouldLowerTheMarkOnlyOnAReset()
    {
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of("CLIENT01")))
        {
            final int slot = floor.slot("CLIENT01");
            floor.onSent(slot, 50);
            floor.onReset(slot, 1);
            assertEquals(1, floor.lastSent(slot));
        }
    }

    @Test
    void shouldFindTheSessionOfAnOutboundMessageByItsTargetCompId()
    {
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of("CLIENT1", "CLIENT10", "CLIENT100")))
        {
            assertEquals(floor.slot("CLIENT10"),
                slotOf(floor, fix("8=FIX.4.4|9=60|35=A|34=7|49=KAIROS|56=CLIENT10|52=x|98=0|108=30|10=000|")));
            assertEquals(floor.slot("CLIENT1"),
                slotOf(floor, fix("8=FIX.4.4|9=5|35=0|34=8|49=KAIROS|56=CLIENT1|10=000|")));
            assertEquals(SentSequenceFloor.UNKNOWN_SLOT,
                slotOf(floor, fix("8=FIX.4.4|9=5|35=0|34=8|49=KAIROS|56=CLIENT2|10=000|")));
            assertEquals(SentSequenceFloor.UNKNOWN_SLOT, slotOf(floor, fix("8=FIX.4.4|9=5|35=0|34=8|49=KAIROS|")));
        }
    }

    @Test
    void shouldGrowTheFileForMoreSessionsAndKeepEarlierMarks()
    {
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of("CLIENT01")))
        {
            floor.onSent(floor.slot("CLIENT01"), 42);
        }
        final List<String> many = new ArrayList<>();
        for (int i = 0; i < 200; i++)
        {
            many.add(String.format("S%03d", i));
        }
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, many))
        {
            floor.onSent(floor.slot("S199"), 9);
        }
        try (SentSequenceFloor floor = SentSequenceFloor.open(dir, List.of()))
        {
            assertEquals(42, floor.lastSent("CLIENT01"));
            assertEquals(9, floor.lastSent("S199"));
        }
    }

    @Test
    void shouldRefuseAFileThatIsNotAFloorFile() throws Exception
    {
        Files.write(dir.resolve(SentSequenceFloorDescriptor.FILE_NAME), new byte[100]);
        final IllegalStateException refused = assertThrows(IllegalStateException.class, () ->
            SentSequenceFloor.open(dir, List.of("A")));
        assertTrue(refused.getMessage().contains("is not a version 1 sent-seqnum floor file"), refused.getMessage());
    }

    @Test
    void shouldRefuseACompIdThatDoesNotFitARecord()
    {
        assertThrows(IllegalArgumentException.class, () -> SentSequenceFloor.open(dir, List.of("X".repeat(57))));
    }

    /** The slot of the message between the buffer's position and limit, as the framer's channel asks. */
    private static int slotOf(final SentSequenceFloor floor, final ByteBuffer message)
    {
        return floor.slotOf(new UnsafeBuffer(message), message.position(), message.remaining());
    }

    private static ByteBuffer fix(final String text)
    {
        final byte[] bytes = text.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        final ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length + 16);
        buffer.position(8);
        buffer.put(bytes);
        buffer.limit(8 + bytes.length).position(8);
        return buffer;
    }
}
