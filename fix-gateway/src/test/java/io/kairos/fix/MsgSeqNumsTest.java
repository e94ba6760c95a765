package io.kairos.fix;

import java.nio.charset.StandardCharsets;

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

    private static int of(final String message)
    {
        final byte[] bytes = message.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
        return MsgSeqNums.of(new UnsafeBuffer(bytes), 0, bytes.length);
    }
}
