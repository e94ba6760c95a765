package io.kairos.fix;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.kairos.fix.wire.FixFrame;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InboundFrameGuardTest
{
    private static final byte[] MESSAGE = frame("35=0|49=CLIENT01|56=KAIROS|34=2|52=20261124-10:00:00.000|", false);

    @Test
    void shouldAcceptAnyNumberOfWholeMessagesAlsoSplitAcrossReads()
    {
        final InboundFrameGuard guard = new InboundFrameGuard();
        final byte[] stream = repeat(MESSAGE, 4 * FixFrame.MAX_FRAME_BYTES / MESSAGE.length);
        for (int from = 0; from < stream.length; from += 7)
        {
            assertTrue(guard.onBytes(ByteBuffer.wrap(stream), from, Math.min(stream.length, from + 7)), "at " + from);
        }
    }

    @Test
    void shouldTripOnceMoreThanTheLimitOfNonFixBytesArrivedInARow()
    {
        final InboundFrameGuard guard = new InboundFrameGuard();
        final byte[] garbage = "8=FIX.4.4\u00019=x GET / HTTP/1.1\r\n".repeat(3000).getBytes(StandardCharsets.US_ASCII);
        assertTrue(guard.onBytes(ByteBuffer.wrap(garbage), 0, FixFrame.MAX_FRAME_BYTES));
        assertFalse(guard.onBytes(ByteBuffer.wrap(garbage), 0, 1), "one byte past the limit");
    }

    @Test
    void shouldRestartTheRunWithEveryWholeMessage()
    {
        final InboundFrameGuard guard = new InboundFrameGuard();
        final byte[] garbage = new byte[FixFrame.MAX_FRAME_BYTES - MESSAGE.length];
        for (int i = 0; i < 10; i++)
        {
            assertTrue(guard.onBytes(ByteBuffer.wrap(garbage), 0, garbage.length));
            assertTrue(guard.onBytes(ByteBuffer.wrap(MESSAGE), 0, MESSAGE.length));
        }
    }

    @Test
    void shouldCountMessagesWithAWrongCheckSumAsNonFix()
    {
        final InboundFrameGuard guard = new InboundFrameGuard();
        final byte[] wrong = frame("35=0|49=CLIENT01|56=KAIROS|34=2|52=20261124-10:00:00.000|", true);
        final byte[] stream = repeat(wrong, FixFrame.MAX_FRAME_BYTES / wrong.length + 1);
        assertFalse(guard.onBytes(ByteBuffer.wrap(stream), 0, stream.length));
    }

    @Test
    void shouldTripOnASequenceResetThatJumpsFurtherThanTheLimitInEitherMode()
    {
        final int limit = InboundFrameGuard.MAX_SEQUENCE_RESET_JUMP;
        assertTrue(accepts("35=4|49=C|56=K|34=5|52=x|123=Y|36=" + (5 + limit) + "|"), "exactly the limit");
        assertFalse(accepts("35=4|49=C|56=K|34=5|52=x|123=Y|36=" + (6 + limit) + "|"), "one past it, gap fill");
        assertFalse(accepts("35=4|49=C|56=K|34=0|52=x|36=2147483647|"), "reset mode, any MsgSeqNum");
        assertTrue(accepts("35=4|49=C|56=K|34=5|52=x|36=2147483648|"), "not an int: Artio rejects it itself");
        assertTrue(accepts("35=1|49=C|56=K|34=5|52=x|112=2147483647|36=2147483647|"), "only a SequenceReset");
        assertTrue(accepts("35=4|49=C|56=K|34=5|52=x|36=50|"));
        assertFalse(accepts("49=C|35=4|56=K|34=0|52=x|36=2147483647|"), "MsgType not first: every field is still read");
    }

    private static boolean accepts(final String body)
    {
        final byte[] message = frame(body, false);
        return new InboundFrameGuard().onBytes(ByteBuffer.wrap(message), 0, message.length);
    }

    private static byte[] frame(final String body, final boolean wrongChecksum)
    {
        final String content = body.replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + content.length() + "\u0001" + content;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        final int checksum = (sum + (wrongChecksum ? 1 : 0)) & 0xFF;
        return (head + String.format("10=%03d\u0001", checksum)).getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] repeat(final byte[] message, final int times)
    {
        final byte[] stream = new byte[message.length * times];
        for (int i = 0; i < times; i++)
        {
            System.arraycopy(message, 0, stream, i * message.length, message.length);
        }
        return stream;
    }
}
