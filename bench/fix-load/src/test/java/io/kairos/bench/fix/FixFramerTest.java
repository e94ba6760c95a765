package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixChecksum;

import org.junit.jupiter.api.Test;

class FixFramerTest
{
    static byte[] frame(final String bodyWithBars)
    {
        final String body = bodyWithBars.replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        final byte[] bytes = head.getBytes(StandardCharsets.US_ASCII);
        final int sum = FixChecksum.sum(new UnsafeBuffer(bytes), 0, bytes.length);
        return (head + String.format("10=%03d\u0001", sum)).getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void shouldFindTheLengthOfACompleteFrame()
    {
        final byte[] bytes = frame("35=D|49=CLIENT01|56=KAIROS|34=2|11=A1|");
        assertEquals(bytes.length, FixFramer.frameLength(new UnsafeBuffer(bytes), 0, bytes.length));
    }

    @Test
    void shouldNeedMoreForEveryStrictPrefixOfAFrame()
    {
        final byte[] bytes = frame("35=D|49=CLIENT01|56=KAIROS|34=2|11=A1|");
        for (int limit = 0; limit < bytes.length; limit++)
        {
            assertEquals(FixFramer.NEED_MORE, FixFramer.frameLength(new UnsafeBuffer(bytes), 0, limit),
                "prefix of " + limit + " bytes");
        }
    }

    @Test
    void shouldFrameSeveralMessagesInOneBuffer()
    {
        final byte[] first = frame("35=0|49=A|56=B|34=1|");
        final byte[] second = frame("35=D|49=A|56=B|34=2|11=X|55=AAPL|");
        final byte[] both = new byte[first.length + second.length];
        System.arraycopy(first, 0, both, 0, first.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        assertEquals(first.length, FixFramer.frameLength(new UnsafeBuffer(both), 0, both.length));
        assertEquals(second.length, FixFramer.frameLength(new UnsafeBuffer(both), first.length, both.length));
    }

    @Test
    void shouldReportAWrongCheckSum()
    {
        final byte[] bytes = frame("35=D|49=A|56=B|34=2|");
        bytes[bytes.length - 2] = (byte)(bytes[bytes.length - 2] == '0' ? '1' : '0');
        assertEquals(FixFramer.BAD_CHECKSUM, FixFramer.frameLength(new UnsafeBuffer(bytes), 0, bytes.length));
    }

    @Test
    void shouldRejectBytesThatAreNotAFrame()
    {
        final byte[] garbage = "GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
        assertEquals(FixFramer.MALFORMED, FixFramer.frameLength(new UnsafeBuffer(garbage), 0, garbage.length));
        final byte[] badLength = "8=FIX.4.4\u00019=1x\u0001".getBytes(StandardCharsets.US_ASCII);
        assertEquals(FixFramer.MALFORMED, FixFramer.frameLength(new UnsafeBuffer(badLength), 0, badLength.length));
    }

    @Test
    void shouldRejectABodyLengthThatDoesNotEndBeforeTheTrailer()
    {
        final byte[] bytes = frame("35=D|49=A|56=B|34=2|");
        final String text = new String(bytes, StandardCharsets.US_ASCII).replaceFirst("9=\\d+", "9=5");
        final byte[] wrong = text.getBytes(StandardCharsets.US_ASCII);
        assertEquals(FixFramer.MALFORMED, FixFramer.frameLength(new UnsafeBuffer(wrong), 0, wrong.length));
    }
}
