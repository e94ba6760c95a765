package io.kairos.fix.delivery;

import java.nio.charset.StandardCharsets;

import io.kairos.fix.wire.FixTags;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MsgSeqNumsTest
{
    @Test
    void shouldReadTheMsgSeqNumFieldAndNothingThatMerelyEndsIn34()
    {
        assertEquals(17, of("8=FIX.4.4|9=10|35=D|134=5|34=17|52=x|"));
        assertEquals(MsgSeqNums.MISSING, of("8=FIX.4.4|9=10|35=D|"));
        assertEquals(MsgSeqNums.MISSING, of("8=FIX.4.4|34=|35=D|"));
        assertEquals(MsgSeqNums.MISSING, of("8=FIX.4.4|34=99999999999|35=D|"));
        assertEquals(MsgSeqNums.MISSING, of("8=FIX.4.4|34=-1|35=D|"));
    }

    @Test
    void shouldReadASignedNewSeqNoAndNoTagThatMerelyEndsIn36()
    {
        assertEquals(-5, field("8=FIX.4.4|9=10|35=4|136=9|36=-5|"));
        assertEquals(50, field("8=FIX.4.4|9=10|35=4|36=50|123=Y|"));
        assertEquals(MsgSeqNums.MISSING, field("8=FIX.4.4|9=10|35=4|36=x|"));
        assertEquals(MsgSeqNums.MISSING, field("8=FIX.4.4|9=10|35=4|36=2147483648|"));
    }

    private static int field(final String message)
    {
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        return MsgSeqNums.signedField(new UnsafeBuffer(bytes), 0, bytes.length, FixTags.NEW_SEQ_NO);
    }

    private static int of(final String message)
    {
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        return MsgSeqNums.of(new UnsafeBuffer(bytes), 0, bytes.length);
    }
}
