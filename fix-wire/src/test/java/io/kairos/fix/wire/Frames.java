package io.kairos.fix.wire;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/** Test frames written as text with '|' for SOH; BodyLength and CheckSum computed here, independently. */
final class Frames
{
    private Frames()
    {
    }

    /** {@code 8=FIX.4.4|9=LEN|body10=CCC|} with a correct BodyLength and CheckSum. */
    static String frame(final String body)
    {
        final String head = "8=FIX.4.4|9=" + body.length() + "|" + body;
        return head + "10=" + String.format("%03d", sum(head)) + "|";
    }

    static int sum(final String text)
    {
        int sum = 0;
        for (final byte b : ascii(text))
        {
            sum += b & 0xFF;
        }
        return sum % 256;
    }

    static byte[] ascii(final String text)
    {
        return text.replace('|', '\u0001').getBytes(StandardCharsets.ISO_8859_1);
    }

    static UnsafeBuffer buffer(final String text)
    {
        return new UnsafeBuffer(ascii(text));
    }

    static String text(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return new String(bytes, StandardCharsets.ISO_8859_1).replace('\u0001', '|');
    }
}
