package io.kairos.fix.wire;

import static io.kairos.fix.wire.Frames.buffer;
import static io.kairos.fix.wire.Frames.frame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixFieldIndexTest
{
    private final FixFieldIndex index = new FixFieldIndex(16);

    @Test
    void indexesEveryFieldInFrameOrderWithoutCopyingTheValues()
    {
        final String text = frame("35=W|55=AAPL|268=2|269=0|270=10.5|269=1|270=11|");
        final DirectBuffer buffer = buffer(text);
        assertEquals(FixFieldIndex.OK, index.index(buffer, 0, text.length()));
        assertEquals(10, index.count());
        assertEquals(8, index.tag(0));
        assertEquals(10, index.tag(9));
        final int symbol = index.find(FixTags.SYMBOL);
        assertEquals(text.indexOf("AAPL"), index.start(symbol));
        assertEquals(text.indexOf("AAPL") + 4, index.end(symbol));
        assertEquals(4, index.length(symbol));
        assertTrue(buffer == index.buffer());
    }

    @Test
    void repeatingGroupsAreWalkedFieldByField()
    {
        final String text = frame("35=W|268=2|269=0|270=10.5|269=1|270=11|");
        index.index(buffer(text), 0, text.length());
        final int first = index.find(FixTags.MD_ENTRY_TYPE);
        final int second = index.find(FixTags.MD_ENTRY_TYPE, first + 1);
        assertEquals('0', index.charAt(first));
        assertEquals('1', index.charAt(second));
        assertEquals(-1, index.find(FixTags.MD_ENTRY_TYPE, second + 1));
        assertEquals("11", index.valueAt(index.findLast(FixTags.MD_ENTRY_PX)).toString());
        assertEquals(-1, index.findLast(FixTags.SYMBOL));
        assertFalse(index.has(FixTags.SYMBOL));
    }

    @Test
    void anSohInsideAValueEndsTheFieldSoTheRestMustBeAField()
    {
        final String text = "58=a|b|";
        assertEquals(FixFieldIndex.INVALID_TAG, index.index(buffer(text), 0, text.length()));
        assertEquals(1, index.count());
        assertEquals("a", index.valueAt(0).toString());
        assertEquals(0, index.errorTag());
    }

    @Test
    void aTagMustBeOneToNineDigitsFollowedByEquals()
    {
        assertInvalid("=x|", 0);
        assertInvalid("3a=x|", 0);
        assertInvalid("35|", 35);
        assertInvalid("35", 35);
        assertInvalid("1234567890=x|", 0);
        final String nine = "999999999=x|";
        assertEquals(FixFieldIndex.OK, index.index(buffer(nine), 0, nine.length()));
        assertEquals(999_999_999, index.tag(0));
    }

    @Test
    void aLastValueWithoutSohIsReportedWithItsTag()
    {
        final String text = "35=D|58=abc";
        assertEquals(FixFieldIndex.NO_SOH, index.index(buffer(text), 0, text.length()));
        assertEquals(58, index.errorTag());
        assertEquals(1, index.count());
    }

    @Test
    void emptyValuesAndTagZeroAreIndexedForTheUserToJudge()
    {
        final String text = "0=x|58=|";
        assertEquals(FixFieldIndex.OK, index.index(buffer(text), 0, text.length()));
        assertEquals(0, index.tag(0));
        assertEquals(0, index.length(1));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longAt(1));
        assertEquals(0, index.charAt(1));
        assertEquals(0, index.firstByteAt(1));
    }

    @Test
    void fieldsBeyondTheCapacityAreCheckedButNotIndexed()
    {
        final FixFieldIndex small = new FixFieldIndex(2);
        final String text = "1=a|2=b|3=c|";
        assertEquals(FixFieldIndex.OK, small.index(buffer(text), 0, text.length()));
        assertEquals(2, small.count());
        assertTrue(small.truncated());
        assertEquals(-1, small.find(3));
        final String bad = "1=a|2=b|3=c|x";
        assertEquals(FixFieldIndex.INVALID_TAG, small.index(buffer(bad), 0, bad.length()));
        final String fits = "1=a|2=b|";
        assertEquals(FixFieldIndex.OK, small.index(buffer(fits), 0, fits.length()));
        assertFalse(small.truncated());
        assertEquals(2, small.capacity());
    }

    @Test
    void numbersAreNonNegativeDecimalsOfAtMostEighteenDigits()
    {
        final String text = "34=123|36=999999999999999999|37=1000000000000000000|38=-1|39=1.5|";
        index.index(buffer(text), 0, text.length());
        assertEquals(123, index.longAt(0));
        assertEquals(999_999_999_999_999_999L, index.longValue(36));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longValue(37));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longValue(38));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longValue(39));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longValue(40));
    }

    @Test
    void epochNanosecondsAreNumbersOfUpToNineteenDigitsThatFitALong()
    {
        final String text = "5979=1764021436123456789|7765=9223372036854775807|21002=9223372036854775808|" +
            "21003=12345678901234567890|60=176402143612345678x|52=42|";
        index.index(buffer(text), 0, text.length());
        assertEquals(1_764_021_436_123_456_789L, index.epochNanosAt(0));
        assertEquals(Long.MAX_VALUE, index.epochNanosAt(1));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.epochNanosAt(2));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.epochNanosAt(3));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.epochNanosAt(4));
        assertEquals(42, index.epochNanosAt(5));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, index.longAt(0));
    }

    @Test
    void charactersAreOneCharacterValuesAndFirstBytesAnyValuesFirst()
    {
        final String text = "35=A|141=Yes|";
        index.index(buffer(text), 0, text.length());
        assertEquals('A', index.charValue(35));
        assertEquals(0, index.charValue(141));
        assertEquals('Y', index.firstByte(141));
        assertEquals(0, index.firstByte(43));
        assertEquals(0, index.charValue(43));
    }

    @Test
    void valuesCompareWithoutAllocatingAndBecomeStringsOnRequest()
    {
        final String text = "49=CLIENT01|56=KAIROS|52=20261124-21:57:16.123|";
        index.index(buffer(text), 0, text.length());
        assertTrue(index.valueEquals(0, Frames.ascii("CLIENT01")));
        assertFalse(index.valueEquals(0, Frames.ascii("CLIENT0")));
        assertFalse(index.valueEquals(0, Frames.ascii("CLIENT02")));
        assertTrue(AsciiView.contentEquals(index.value(56), "KAIROS"));
        assertFalse(AsciiView.contentEquals(index.value(56), "KAIROX"));
        assertNull(index.value(57));
        assertEquals("KAIROS", index.stringAt(1));
        assertEquals("AIR", index.valueAt(1).subSequence(1, 4).toString());
        assertEquals(java.time.Instant.parse("2026-11-24T21:57:16.123Z").toEpochMilli() * 1_000_000L,
            index.utcTimestampAt(2));
    }

    @Test
    void eachIndexForgetsTheFrameBefore()
    {
        final String first = "1=a|2=b|3=c|";
        final String second = "4=d|";
        index.index(buffer(first), 0, first.length());
        index.index(buffer(second), 0, second.length());
        assertEquals(1, index.count());
        assertEquals(-1, index.find(1));
    }

    @Test
    void indexesAPartOfABufferAtAnOffset()
    {
        final String text = "junk35=D|11=x|junk";
        assertEquals(FixFieldIndex.OK, index.index(buffer(text), 4, 10));
        assertEquals(2, index.count());
        assertEquals("x", index.valueAt(1).toString());
    }

    @Test
    void readsAFrameAtTheEndOfDirectMemoryAtAnOffset()
    {
        final byte[] bytes = Frames.ascii("xx34=7|52=20261124-21:57:16.5|60=1234567890123456789|11=ab|");
        final ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 1);
        direct.position(1);
        direct.put(bytes);
        final DirectBuffer buffer = new UnsafeBuffer(direct);
        assertEquals(FixFieldIndex.OK, index.index(buffer, 3, bytes.length - 2));
        assertEquals(4, index.count());
        assertEquals(7, index.longValue(34));
        assertEquals(1_795_557_436_500_000_000L, index.utcTimestampAt(1));
        assertEquals(1_234_567_890_123_456_789L, index.epochNanosAt(2));
        assertEquals("ab", index.stringAt(3));
        assertEquals("ab", index.valueAt(3).toString());
        assertEquals('a', index.firstByte(11));
        assertEquals(buffer.capacity() - 1, index.end(3));
        assertEquals(FixFieldIndex.NO_SOH, index.index(buffer, 3, bytes.length - 3));
        assertEquals(7, FixFieldIndex.parseLong(buffer, 6, 1));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, FixFieldIndex.parseLong(buffer, 6, 2));
        assertEquals(FixFieldIndex.NOT_A_NUMBER, FixFieldIndex.parseLong(buffer, 1, 2));
    }

    private void assertInvalid(final String text, final int errorTag)
    {
        assertEquals(FixFieldIndex.INVALID_TAG, index.index(buffer(text), 0, text.length()), text);
        assertEquals(errorTag, index.errorTag(), text);
    }
}
