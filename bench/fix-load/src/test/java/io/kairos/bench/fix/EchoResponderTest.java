package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import org.agrona.concurrent.UnsafeBuffer;

import org.junit.jupiter.api.Test;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;
import quickfix.Message;

class EchoResponderTest
{
    private final FixFieldIndex fields = new FixFieldIndex(64);
    private final EchoResponder responder = new EchoResponder(1_700_000_000_000_000_000L - System.nanoTime());

    private Message answer(final String bodyWithBars) throws Exception
    {
        final byte[] request = FixFramerTest.frame(bodyWithBars);
        assertEquals(FixFieldIndex.OK, fields.index(new UnsafeBuffer(request), 0, request.length));
        assertEquals(EchoResponder.RESPOND, responder.onMessage(fields, System.nanoTime()));
        final FixWriter frame = responder.frame();
        final int length = frame.position() - frame.frameStart();
        assertEquals(length, FixFramer.frameLength(new UnsafeBuffer(frame.bytes()), frame.frameStart(),
            frame.position()), "the answer is one well-framed message with a correct CheckSum");
        return new Message(new String(frame.bytes(), frame.frameStart(), length, StandardCharsets.US_ASCII), true);
    }

    @Test
    void shouldAnswerANewOrderSingleWithAnExecutionReportLikeTheVenues() throws Exception
    {
        answer("35=A|49=CLIENT01|56=KAIROS|34=1|98=0|108=30|141=Y|");
        final Message report = answer("35=D|49=CLIENT01|56=KAIROS|34=2|11=L1-7|55=AAPL|54=1|38=100|40=2|44=190.01|");
        assertEquals("8", report.getHeader().getString(35));
        assertEquals("KAIROS", report.getHeader().getString(49));
        assertEquals("CLIENT01", report.getHeader().getString(56));
        assertEquals(2, report.getHeader().getInt(34));
        assertEquals("L1-7", report.getString(11));
        assertEquals('0', report.getChar(150));
        assertEquals('0', report.getChar(39));
        assertEquals("190.01", report.getString(44));
        assertEquals("100", report.getString(151));
        for (final int stamp : new int[] {5979, 21002, 21003, 7765})
        {
            assertTrue(report.isSetField(stamp), "latency stamp " + stamp);
        }
    }

    @Test
    void shouldAnswerCancelsAsCanceledAndEchoTheOriginalClOrdId() throws Exception
    {
        final Message report = answer("35=F|49=CLIENT01|56=KAIROS|34=3|11=L1-9|41=L1-7|55=AAPL|54=1|38=100|");
        assertEquals('4', report.getChar(150));
        assertEquals("L1-7", report.getString(41));
        assertEquals("0", report.getString(151));
    }

    @Test
    void shouldRestartItsSequenceNumbersOnALogonWithReset() throws Exception
    {
        answer("35=A|49=CLIENT01|56=KAIROS|34=1|98=0|108=30|141=Y|");
        final byte[] heartbeat0 = FixFramerTest.frame("35=0|49=CLIENT01|56=KAIROS|34=2|");
        assertEquals(FixFieldIndex.OK, fields.index(new UnsafeBuffer(heartbeat0), 0, heartbeat0.length));
        assertEquals(EchoResponder.NONE, responder.onMessage(fields, System.nanoTime()), "a Heartbeat needs no answer");
        final Message heartbeat = answer("35=1|49=CLIENT01|56=KAIROS|34=3|112=ping|");
        assertEquals("ping", heartbeat.getString(112));
        final Message logon = answer("35=A|49=CLIENT01|56=KAIROS|34=1|98=0|108=30|141=Y|");
        assertEquals(1, logon.getHeader().getInt(34));
    }

    @Test
    void shouldWriteUtcTimestampsWithNanoseconds()
    {
        final FixWriter buffer = new FixWriter(64);
        for (final long epochNs : new long[] {0L, 951_782_400_123_456_789L, 1_763_769_599_999_999_999L,
            4_102_444_800_000_000_001L})
        {
            buffer.reset();
            buffer.utcTimestampNanos(epochNs);
            final String expected = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSSSSSSSS").withZone(ZoneOffset.UTC)
                .format(Instant.ofEpochSecond(0, epochNs));
            assertEquals(expected, new String(buffer.bytes(), 0, buffer.position(), StandardCharsets.US_ASCII));
        }
    }
}
