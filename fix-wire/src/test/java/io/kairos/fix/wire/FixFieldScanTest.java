package io.kairos.fix.wire;

import static io.kairos.fix.wire.FixFieldScan.NOT_AN_INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixFieldScanTest
{
    @Test
    void findsTheFirstFieldWithTheTagAndNoTagThatMerelyEndsInIt()
    {
        final String text = "8=FIX.4.4|9=10|35=D|134=5|34=17|34=18|";
        assertEquals(text.indexOf("|34=17") + 4, FixFieldScan.valueStart(Frames.buffer(text), 0, text.length(), 34));
        assertEquals(17, intValue(text, 34));
        assertEquals(-1, FixFieldScan.valueStart(Frames.buffer(text), 0, text.length(), 3));
        assertEquals(-1, FixFieldScan.valueStart(Frames.buffer(text), 0, text.length(), 345));
    }

    @Test
    void aFieldAtTheStartOfTheRangeHasNoSohBeforeItAndIsNotFound()
    {
        assertEquals(NOT_AN_INT, intValue("34=5|35=0|", 34));
        assertEquals(0, intValue("|34=0|", 34));
    }

    @Test
    void aFieldAtTheEndOfTheRangeNeedsItsSoh()
    {
        assertEquals(7, intValue("8=FIX.4.4|34=7|", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=7", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=", 34));
        assertEquals(-1, FixFieldScan.valueStart(Frames.buffer("8=FIX.4.4|34="), 0, 13, 34));
        assertEquals(-1, FixFieldScan.valueStart(Frames.buffer("8=FIX.4.4|34"), 0, 12, 34));
    }

    @Test
    void valuesThatAreNoNumberOrTooLargeAreNotAnInt()
    {
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=|", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=1x|", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=-1|", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=99999999999|", 34));
        assertEquals(NOT_AN_INT, intValue("8=FIX.4.4|34=2147483647|", 34));
        assertEquals(Integer.MAX_VALUE - 1, intValue("8=FIX.4.4|34=2147483646|", 34));
        assertEquals(1, intValue("8=FIX.4.4|34=0000000000000000000001|", 34));
        assertEquals(34, intValue("8=FIX.4.4|034=34|", 34));
    }

    @Test
    void signedValuesTakeOneMinus()
    {
        assertEquals(-5, signed("8=FIX.4.4|9=10|35=4|136=9|36=-5|", 36));
        assertEquals(50, signed("8=FIX.4.4|9=10|35=4|36=50|123=Y|", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=x|", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=-|", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=--5|", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=-", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=2147483648|", 36));
        assertEquals(NOT_AN_INT, signed("8=FIX.4.4|36=-2147483647|", 36));
        assertEquals(-2147483646, signed("8=FIX.4.4|36=-2147483646|", 36));
    }

    @Test
    void aOneCharacterValueIsExactlyThatCharacter()
    {
        final String logon = "8=FIX.4.4|9=5|35=A|141=Y|";
        assertTrue(hasChar(logon, 35, 'A'));
        assertTrue(hasChar(logon, 141, 'Y'));
        assertFalse(hasChar(logon, 141, 'N'));
        assertFalse(hasChar("8=FIX.4.4|35=AE|", 35, 'A'));
        assertFalse(hasChar("8=FIX.4.4|35=A", 35, 'A'));
        assertFalse(hasChar("8=FIX.4.4|35=|", 35, 'A'));
        assertFalse(hasChar("8=FIX.4.4|9=5|", 35, 'A'));
    }

    @Test
    void readsOnlyTheRangeAtItsOffsetInADirectBuffer()
    {
        final byte[] bytes = Frames.ascii("|34=9|xx|34=12|35=A|yy|34=5|");
        final ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 3);
        direct.position(3);
        direct.put(bytes);
        final DirectBuffer buffer = new UnsafeBuffer(direct);
        final int from = 3 + 8;
        final int length = "|34=12|35=A|".length();
        assertEquals(12, FixFieldScan.intValue(buffer, from, length, 34));
        assertTrue(FixFieldScan.hasCharValue(buffer, from, length, 35, 'A'));
        assertEquals(NOT_AN_INT, FixFieldScan.intValue(buffer, from, length - 1, 35));
        assertEquals(NOT_AN_INT, FixFieldScan.intValue(buffer, from + 1, length - 1, 34));
        assertEquals(9, FixFieldScan.intValue(buffer, 3, bytes.length, 34));
    }

    private static int intValue(final String text, final int tag)
    {
        return FixFieldScan.intValue(Frames.buffer(text), 0, text.length(), tag);
    }

    private static int signed(final String text, final int tag)
    {
        return FixFieldScan.signedIntValue(Frames.buffer(text), 0, text.length(), tag);
    }

    private static boolean hasChar(final String text, final int tag, final char value)
    {
        return FixFieldScan.hasCharValue(Frames.buffer(text), 0, text.length(), tag, value);
    }
}
