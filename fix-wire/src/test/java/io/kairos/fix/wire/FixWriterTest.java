package io.kairos.fix.wire;

import static io.kairos.fix.wire.Frames.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class FixWriterTest
{
    private static final byte[] FIX44 = Frames.ascii("FIX.4.4");

    private final FixWriter writer = new FixWriter(256);

    @Test
    void aFinishedMessageIsTheFrameTheTestsBuildIndependently()
    {
        writer.beginMessage(FIX44).field(FixTags.MSG_TYPE, MsgTypes.NEW_ORDER_SINGLE).field(FixTags.MSG_SEQ_NUM, 7)
            .field(FixTags.SENDER_COMP_ID, "CLIENT01").priceField(FixTags.PRICE, 101_250, 3);
        final int start = writer.finishMessage();
        final String expected = Frames.frame("35=D|34=7|49=CLIENT01|44=101.25|");
        assertEquals(expected, text(view(), start, writer.position() - start));
        assertEquals(start, writer.frameStart());
        assertEquals(expected.length(), FixFrame.frameLength(view(), start, writer.position(), 1 << 16));
        assertTrue(FixChecksum.matches(view(), start, expected.length()));
    }

    @Test
    void messagesFollowEachOtherInOneWriter()
    {
        writer.beginMessage(FIX44).field(35, '0');
        final int first = writer.finishMessage();
        final int firstEnd = writer.position();
        writer.beginMessage(FIX44).field(35, '1').field(112, "t");
        final int second = writer.finishMessage();
        assertEquals(Frames.frame("35=0|"), text(view(), first, firstEnd - first));
        assertEquals(Frames.frame("35=1|112=t|"), text(view(), second, writer.position() - second));
    }

    @Test
    void theCallersLimitOnTheViewDoesNotBoundTheNextMessage()
    {
        writer.beginMessage(FIX44).field(35, '0');
        final int first = writer.finishMessage();
        writer.buffer().position(first).limit(writer.position());
        writer.reset().beginMessage(FIX44).field(35, '1').field(112, "a much longer message than the first");
        final int second = writer.finishMessage();
        assertEquals(Frames.frame("35=1|112=a much longer message than the first|"),
            text(view(), second, writer.position() - second));
        assertEquals(('a' + 'b') % 256, writer.reset().ascii("ab").checksum(0, 2));
    }

    @Test
    void finishingWithoutBeginningIsAProgrammingError()
    {
        assertThrows(IllegalStateException.class, writer::finishMessage);
        writer.beginMessage(FIX44).field(35, '0');
        writer.finishMessage();
        assertThrows(IllegalStateException.class, writer::finishMessage);
    }

    @Test
    void growsPastItsCapacityAndRenewsItsView()
    {
        final FixWriter small = new FixWriter(4);
        final byte[] before = small.bytes();
        small.beginMessage(FIX44).field(58, "x".repeat(300));
        final int start = small.finishMessage();
        assertNotSame(before, small.bytes());
        assertTrue(small.buffer().array() == small.bytes());
        assertEquals(Frames.frame("58=" + "x".repeat(300) + "|"), text(new UnsafeBuffer(small.bytes()), start,
            small.position() - start));
    }

    @Test
    void numbersAreDecimalWithASignWhenNegative()
    {
        writer.number(0).soh().number(-42).soh().number(Long.MAX_VALUE).soh().number(Long.MIN_VALUE).soh()
            .number(1_000_000).soh();
        assertEquals("0|-42|9223372036854775807|-9223372036854775808|1000000|", written());
    }

    @Test
    void pricesAreTheShortestDecimalOfTheirFixedPoint()
    {
        writer.price(190_010_000, 6).soh().price(100_000_000, 6).soh().price(-1_500, 3).soh().price(7, 0).soh()
            .price(5, 2).soh();
        assertEquals("190.01|100|-1.5|7|0.05|", written());
    }

    @Test
    void paddedNumbersHaveExactlyTheirWidth()
    {
        writer.padded(7, 3).soh().padded(255, 3).soh().padded(1234, 3).soh();
        assertEquals("007|255|234|", written());
    }

    @Test
    void timestampsAreUtcWithMillisecondsOrNanoseconds()
    {
        final long leapDay = Instant.parse("2024-02-29T23:59:59.123456789Z").getEpochSecond() * 1_000_000_000L +
            123_456_789L;
        writer.utcTimestampMillis(leapDay).soh().utcTimestampNanos(leapDay).soh().utcTimestampMillis(0).soh();
        assertEquals("20240229-23:59:59.123|20240229-23:59:59.123456789|19700101-00:00:00.000|", written());
        assertEquals(leapDay, UtcTimestamps.parseNanos(view(), 22, 27));
    }

    @Test
    void aPatchOverwritesInPlaceWithoutMovingWhatFollows()
    {
        writer.field(52, "xxxxxxxxxxxxxxxxxxxxx").field(11, "a");
        final int end = writer.position();
        writer.position(3).utcTimestampMillis(0).position(end);
        assertEquals("52=19700101-00:00:00.000|11=a|", written());
    }

    @Test
    void valuesAreCopiedFromAFieldIndex()
    {
        final String in = "35=D|49=CLIENT01|56=KAIROS|";
        final FixFieldIndex index = new FixFieldIndex(8);
        index.index(Frames.buffer(in), 0, in.length());
        writer.copyField(index, 56).copyField(index, 99).field(56, index, index.find(49)).tag(58)
            .value(index, 0).soh().field(1, Frames.ascii("AC")).field(2, Frames.ascii("xBCx"), 1, 2).ascii("Z")
            .ascii(Frames.ascii("Y"));
        assertEquals("56=KAIROS|56=CLIENT01|58=D|1=AC|2=BC|ZY", written());
    }

    @Test
    void aTrailerIsTheChecksumModulo256InThreeDigits()
    {
        writer.trailer(7).trailer(256 + 42);
        assertEquals("10=007|10=042|", written());
        writer.reset().ascii("ab");
        assertEquals(('a' + 'b') % 256, writer.checksum(0, 2));
    }

    @Test
    void aCopyHoldsWhatWasWrittenSinceTheReset()
    {
        writer.ascii("junk").reset().soh().tag(52);
        assertEquals("|52=", new String(writer.toBytes(), java.nio.charset.StandardCharsets.US_ASCII)
            .replace('\u0001', '|'));
    }

    @Test
    void digitsCountsDecimalDigits()
    {
        assertEquals(1, FixWriter.digits(0));
        assertEquals(1, FixWriter.digits(9));
        assertEquals(2, FixWriter.digits(10));
        assertEquals(19, FixWriter.digits(Long.MAX_VALUE));
    }

    /** The writer's array as the readers take it (a new one after the writer grew). */
    private UnsafeBuffer view()
    {
        return new UnsafeBuffer(writer.bytes());
    }

    private String written()
    {
        return text(view(), 0, writer.position());
    }
}
