package io.kairos.fix.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class FixChecksumTest
{
    @Test
    void theSumIsEveryByteUnsignedModulo256AtEveryLengthAndAlignment()
    {
        final byte[] bytes = new byte[80];
        new SplittableRandom(19).nextBytes(bytes);
        final DirectBuffer buffer = new UnsafeBuffer(bytes);
        for (int from = 0; from < 9; from++)
        {
            for (int to = from; to <= bytes.length; to++)
            {
                int expected = 0;
                for (int i = from; i < to; i++)
                {
                    expected += bytes[i] & 0xFF;
                }
                assertEquals(expected % 256, FixChecksum.sum(buffer, from, to), from + ".." + to);
            }
        }
    }

    @Test
    void theSumOfBytesAll0xFFDoesNotOverflowTheLanes()
    {
        final byte[] bytes = new byte[1 << 16];
        java.util.Arrays.fill(bytes, (byte)0xFF);
        assertEquals(bytes.length * 255 % 256, FixChecksum.sum(new UnsafeBuffer(bytes), 0, bytes.length));
        assertEquals(3 * 255 % 256, FixChecksum.sum(new UnsafeBuffer(bytes), 0, 3));
    }

    @Test
    void theDeclaredCheckSumIsItsThreeDigitsOrMinusOne()
    {
        assertEquals(7, FixChecksum.declared(Frames.buffer("10=007|"), 0));
        assertEquals(255, FixChecksum.declared(Frames.buffer("x10=255|"), 1));
        assertEquals(-1, FixChecksum.declared(Frames.buffer("10=2a5|"), 0));
    }
}
