package io.kairos.fix.wire;

import static io.kairos.fix.wire.Frames.buffer;
import static io.kairos.fix.wire.Frames.frame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

import org.junit.jupiter.api.Test;

class FixFrameTest
{
    private static final int LIMIT = 1 << 16;
    private static final String ORDER = frame("35=D|49=CLIENT01|56=KAIROS|34=7|11=abc|55=AAPL|54=1|38=100|");

    @Test
    void aCompleteFrameIsAsLongAsBeginStringBodyLengthBodyAndTrailer()
    {
        assertEquals(ORDER.length(), FixFrame.frameLength(buffer(ORDER), 0, ORDER.length(), LIMIT));
    }

    @Test
    void framesBackToBackAreDelimitedOneAfterTheOther()
    {
        final String second = frame("35=0|34=8|");
        final DirectBuffer both = buffer(ORDER + second);
        final int first = FixFrame.frameLength(both, 0, both.capacity(), LIMIT);
        assertEquals(ORDER.length(), first);
        assertEquals(second.length(), FixFrame.frameLength(both, first, both.capacity(), LIMIT));
    }

    @Test
    void aFrameCutAnywhereNeedsMoreBytesUntilItsLastByte()
    {
        final DirectBuffer whole = buffer(ORDER);
        for (int cut = 0; cut < ORDER.length(); cut++)
        {
            assertEquals(FixFrame.NEED_MORE, FixFrame.frameLength(whole, 0, cut, LIMIT), "cut at " + cut);
        }
    }

    @Test
    void readsAtAnOffsetWithAbsoluteGetsLeavingThePositionAlone()
    {
        final ByteBuffer buffer = ByteBuffer.wrap(Frames.ascii("xyz" + ORDER + "tail"));
        buffer.position(5);
        assertEquals(ORDER.length(), FixFrame.frameLength(new UnsafeBuffer(buffer), 3, 3 + ORDER.length(), LIMIT));
        assertEquals(5, buffer.position());
    }

    @Test
    void readsDirectBuffersAsHeapOnes()
    {
        final byte[] bytes = Frames.ascii(ORDER);
        final DirectBuffer direct = new UnsafeBuffer(ByteBuffer.allocateDirect(bytes.length).put(bytes));
        assertEquals(ORDER.length(), FixFrame.frameLength(direct, 0, bytes.length, LIMIT));
        assertTrue(FixChecksum.matches(direct, 0, bytes.length));
    }

    @Test
    void bytesBeforeTheBeginStringAreNotFixFromTheirFirstByte()
    {
        final DirectBuffer garbage = buffer("GET / HTTP/1.1|" + ORDER);
        assertEquals(FixFrame.NO_BEGIN_STRING, FixFrame.frameLength(garbage, 0, garbage.capacity(), LIMIT));
        assertEquals(FixFrame.NO_BEGIN_STRING, FixFrame.frameLength(garbage, 0, 1, LIMIT));
        assertEquals(FixFrame.NO_BEGIN_STRING, FixFrame.frameLength(buffer("8x"), 0, 2, LIMIT));
        final int begin = "GET / HTTP/1.1|".length();
        assertEquals(ORDER.length(), FixFrame.frameLength(garbage, begin, garbage.capacity(), LIMIT));
    }

    @Test
    void anEmptyOrOverlongBeginStringIsRefusedAndAShortOneIsAwaited()
    {
        assertEquals(FixFrame.BAD_BEGIN_STRING, FixFrame.frameLength(buffer("8=|9=5|"), 0, 7, LIMIT));
        final String seventeen = "8=" + "F".repeat(17) + "|9=1|";
        assertEquals(FixFrame.BAD_BEGIN_STRING,
            FixFrame.frameLength(buffer(seventeen), 0, seventeen.length(), LIMIT));
        final String sixteen = "8=" + "F".repeat(16);
        assertEquals(FixFrame.NEED_MORE, FixFrame.frameLength(buffer(sixteen), 0, sixteen.length(), LIMIT));
        final String fixt = "8=FIXT.1.1|9=5|35=0|10=" + String.format("%03d", Frames.sum("8=FIXT.1.1|9=5|35=0|")) +
            "|";
        assertEquals(fixt.length(), FixFrame.frameLength(buffer(fixt), 0, fixt.length(), LIMIT));
    }

    @Test
    void theSecondFieldMustBeABodyLengthOfOneToSevenDigits()
    {
        for (final String bad : new String[] {"8=FIX.4.4|35=D|", "8=FIX.4.4|9=|", "8=FIX.4.4|9=1x|",
            "8=FIX.4.4|9=-1|", "8=FIX.4.4|9=12345678|", "8=FIX.4.4|x"})
        {
            assertEquals(FixFrame.BAD_BODY_LENGTH, FixFrame.frameLength(buffer(bad), 0, bad.length(), LIMIT), bad);
        }
        assertEquals(FixFrame.NEED_MORE, FixFrame.frameLength(buffer("8=FIX.4.4|9=1234567"), 0, 19, LIMIT));
    }

    @Test
    void aBodyLengthThatMissesTheTrailerIsABadTrailer()
    {
        final String longer = ORDER.replace("9=" + bodyLength(ORDER), "9=" + (bodyLength(ORDER) - 1));
        assertEquals(FixFrame.BAD_TRAILER, FixFrame.frameLength(buffer(longer), 0, longer.length(), LIMIT));
        final String shorter = ORDER.replace("9=" + bodyLength(ORDER), "9=" + (bodyLength(ORDER) + 1)) + "x";
        assertEquals(FixFrame.BAD_TRAILER, FixFrame.frameLength(buffer(shorter), 0, shorter.length(), LIMIT));
    }

    @Test
    void aCheckSumThatIsNotThreeDigitsIsABadTrailer()
    {
        final String letters = ORDER.substring(0, ORDER.length() - 4) + "1x3|";
        assertEquals(FixFrame.BAD_TRAILER, FixFrame.frameLength(buffer(letters), 0, letters.length(), LIMIT));
        final String noSoh = ORDER.substring(0, ORDER.length() - 1) + "x";
        assertEquals(FixFrame.BAD_TRAILER, FixFrame.frameLength(buffer(noSoh), 0, noSoh.length(), LIMIT));
    }

    @Test
    void aWrongCheckSumStillDelimitsAFrameAndFailsTheChecksumPass()
    {
        final int declared = Integer.parseInt(ORDER.substring(ORDER.length() - 4, ORDER.length() - 1));
        final String wrong = ORDER.substring(0, ORDER.length() - 4) + String.format("%03d", (declared + 1) % 256) +
            "|";
        assertEquals(wrong.length(), FixFrame.frameLength(buffer(wrong), 0, wrong.length(), LIMIT));
        assertFalse(FixChecksum.matches(buffer(wrong), 0, wrong.length()));
        assertTrue(FixChecksum.matches(buffer(ORDER), 0, ORDER.length()));
    }

    @Test
    void aFrameOverTheLimitIsRefusedAsSoonAsItsBodyLengthIsRead()
    {
        final String head = "8=FIX.4.4|9=100|";
        final int exact = head.length() + 100 + FixFrame.TRAILER_LENGTH;
        assertEquals(FixFrame.TOO_LARGE, FixFrame.frameLength(buffer(head), 0, head.length(), exact - 1));
        assertEquals(FixFrame.NEED_MORE, FixFrame.frameLength(buffer(head), 0, head.length(), exact));
        assertEquals(ORDER.length(), FixFrame.frameLength(buffer(ORDER), 0, ORDER.length(), ORDER.length()));
    }

    @Test
    void everyRefusalHasAReason()
    {
        for (final int code : new int[] {FixFrame.NO_BEGIN_STRING, FixFrame.BAD_BEGIN_STRING,
            FixFrame.BAD_BODY_LENGTH, FixFrame.TOO_LARGE, FixFrame.BAD_TRAILER})
        {
            assertFalse(FixFrame.reason(code).startsWith("unknown"), FixFrame.reason(code));
        }
        assertEquals("incomplete frame", FixFrame.reason(FixFrame.NEED_MORE));
        assertEquals("frame", FixFrame.reason(42));
        assertEquals("unknown reason -99", FixFrame.reason(-99));
    }

    @Test
    void theBeginStringOfADelimitedFrameIsComparedExactly()
    {
        final DirectBuffer order = buffer(ORDER);
        assertTrue(FixFrame.hasBeginString(order, 0, Frames.ascii("FIX.4.4")));
        assertFalse(FixFrame.hasBeginString(order, 0, Frames.ascii("FIX.4.2")));
        assertFalse(FixFrame.hasBeginString(order, 0, Frames.ascii("FIX.4")));
        assertFalse(FixFrame.hasBeginString(order, 0, Frames.ascii("FIX.4.44")));
        assertFalse(FixFrame.hasBeginString(order, 0, Frames.ascii("F".repeat(17))));
    }

    @Test
    void indexOfFindsTheFirstByteInTheRangeOnly()
    {
        final DirectBuffer text = buffer("ab|cd|");
        assertEquals(2, FixFrame.indexOf(text, 0, 6, FixFrame.SOH));
        assertEquals(5, FixFrame.indexOf(text, 3, 6, FixFrame.SOH));
        assertEquals(-1, FixFrame.indexOf(text, 3, 5, FixFrame.SOH));
    }

    private static int bodyLength(final String frame)
    {
        final int start = frame.indexOf("|9=") + 3;
        return Integer.parseInt(frame.substring(start, frame.indexOf('|', start)));
    }
}
