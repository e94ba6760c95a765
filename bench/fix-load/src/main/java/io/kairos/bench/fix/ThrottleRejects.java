package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

/**
 * Recognises the venue's throttle answer: a BusinessMessageReject (35=j) whose Text (58) starts with "Throttle"
 * (Artio's "Throttle limit exceeded (150 in 1000ms)", BusinessRejectReason 380=99). It names the throttled message
 * only by RefSeqNum (45), not by ClOrdID, so the request stays unanswered; the load counts these apart so that the
 * result says why. Stateless.
 */
final class ThrottleRejects
{
    private static final byte[] PREFIX = "Throttle".getBytes(StandardCharsets.US_ASCII);

    private ThrottleRejects()
    {
    }

    static boolean isThrottleText(final String text)
    {
        return text != null && text.startsWith("Throttle");
    }

    /** Whether {@code length} bytes of {@code buffer} from {@code start} begin with "Throttle". Allocation-free. */
    static boolean isThrottleText(final DirectBuffer buffer, final int start, final int length)
    {
        if (length < PREFIX.length)
        {
            return false;
        }
        for (int i = 0; i < PREFIX.length; i++)
        {
            if (buffer.getByte(start + i) != PREFIX[i])
            {
                return false;
            }
        }
        return true;
    }
}
