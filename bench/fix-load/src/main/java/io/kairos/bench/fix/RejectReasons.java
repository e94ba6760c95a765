package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixTags;

/**
 * Counts the venue's negative answers by reason: the kind of message, its reason code and its Text (58) with every
 * run of digits replaced by '#', so that answers differing only in numbers ("Throttle limit exceeded (150 in
 * 1000ms)") group into one reason, e.g. {@code BusinessMessageReject 380=99: Throttle limit exceeded (# in #ms)}.
 * The table is bounded: the first {@value #MAX_REASONS} distinct reasons are counted apart, later ones together as
 * "other". Only answers received from the start of the measured part on count ({@link MeasureWindow#started}: the
 * answers to the last measured requests come after the last send, the warm-up's do not count).
 *
 * <p>The key is built in a reused buffer and compared with the reasons seen so far, so counting allocates only when
 * a reason is seen for the first time. Called on the lean client's receiver thread; {@link #counts} is read by the
 * owner after that thread has been joined.
 */
final class RejectReasons
{
    /** Distinct reasons counted apart; the rest count as "other". */
    static final int MAX_REASONS = 32;

    /** BusinessMessageReject (35=j), reason BusinessRejectReason (380). */
    static final int BUSINESS_REJECT = 0;
    /** ExecutionReport (35=8) with ExecType or OrdStatus 8 (rejected), reason OrdRejReason (103). */
    static final int ORDER_REJECT = 1;
    /** OrderCancelReject (35=9), reason CxlRejReason (102). */
    static final int CANCEL_REJECT = 2;
    /** Session-level Reject (35=3), reason SessionRejectReason (373). */
    static final int SESSION_REJECT = 3;
    /** A Logout (35=5) the venue sent first, not answering ours; no reason code. */
    static final int LOGOUT = 4;
    /** MarketDataRequestReject (35=Y), reason MDReqRejReason (281). */
    static final int MD_REQUEST_REJECT = 5;

    private static final String[] KIND_NAMES = {"BusinessMessageReject", "ExecutionReport rejected",
        "OrderCancelReject", "Reject", "Logout", "MarketDataRequestReject"};
    private static final int[] CODE_TAGS = {FixTags.BUSINESS_REJECT_REASON, FixTags.ORD_REJ_REASON,
        FixTags.CXL_REJ_REASON, FixTags.SESSION_REJECT_REASON, 0, FixTags.MD_REQ_REJ_REASON};
    /** Longest key kept; a longer Text is cut (reasons differing only after this many bytes group). */
    private static final int MAX_KEY_BYTES = 160;

    private final MeasureWindow window;
    private final byte[][] kindNames = new byte[KIND_NAMES.length][];
    private final byte[][] codeLabels = new byte[KIND_NAMES.length][];
    private final byte[] key = new byte[MAX_KEY_BYTES];
    private final byte[][] reasons = new byte[MAX_REASONS][];
    private final int[] hashes = new int[MAX_REASONS];
    private final long[] counts = new long[MAX_REASONS];
    private int distinct;
    private long other;

    RejectReasons(final MeasureWindow window)
    {
        this.window = window;
        for (int kind = 0; kind < KIND_NAMES.length; kind++)
        {
            kindNames[kind] = KIND_NAMES[kind].getBytes(StandardCharsets.US_ASCII);
            codeLabels[kind] = CODE_TAGS[kind] == 0 ? null :
                (" " + CODE_TAGS[kind] + "=").getBytes(StandardCharsets.US_ASCII);
        }
    }

    /**
     * Counts a negative answer of {@code kind} (one of the constants here) whose fields are indexed in
     * {@code fields}, if it was received ({@code receivedNs}) in the measured part or after.
     */
    void onReject(final int kind, final FixFieldIndex fields, final long receivedNs)
    {
        if (!window.started(receivedNs))
        {
            return;
        }
        int length = append(kindNames[kind], 0);
        final int code = codeLabels[kind] == null ? -1 : fields.find(CODE_TAGS[kind]);
        if (code >= 0)
        {
            length = append(codeLabels[kind], length);
            length = copy(fields.buffer(), fields.start(code), fields.end(code), length, false);
        }
        final int text = fields.find(FixTags.TEXT);
        if (text >= 0 && fields.length(text) > 0 && length + 2 < key.length)
        {
            key[length++] = ':';
            key[length++] = ' ';
            length = copy(fields.buffer(), fields.start(text), fields.end(text), length, true);
        }
        count(length);
    }

    private int append(final byte[] bytes, final int at)
    {
        final int length = Math.min(bytes.length, key.length - at);
        System.arraycopy(bytes, 0, key, at, length);
        return at + length;
    }

    /** Copies {@code [start, end)} of {@code buffer} to the key at {@code at}, digit runs as '#' if asked. */
    private int copy(final DirectBuffer buffer, final int start, final int end, final int at,
        final boolean stripDigits)
    {
        int length = at;
        boolean inDigits = false;
        for (int i = start; i < end && length < key.length; i++)
        {
            final byte b = buffer.getByte(i);
            final boolean digit = stripDigits && b >= '0' && b <= '9';
            if (!digit)
            {
                key[length++] = b;
            }
            else if (!inDigits)
            {
                key[length++] = '#';
            }
            inDigits = digit;
        }
        return length;
    }

    private void count(final int length)
    {
        int hash = 1;
        for (int i = 0; i < length; i++)
        {
            hash = 31 * hash + key[i];
        }
        for (int i = 0; i < distinct; i++)
        {
            if (hashes[i] == hash && Arrays.equals(reasons[i], 0, reasons[i].length, key, 0, length))
            {
                counts[i]++;
                return;
            }
        }
        if (distinct == MAX_REASONS)
        {
            other++;
            return;
        }
        // first sight of this reason: the only allocation
        reasons[distinct] = Arrays.copyOf(key, length);
        hashes[distinct] = hash;
        counts[distinct] = 1;
        distinct++;
    }

    /** What was counted: the reasons by count, most first (ties in order of first sight), and the rest. */
    RejectCounts counts()
    {
        final List<RejectCounts.Reason> list = new ArrayList<>(distinct);
        for (int i = 0; i < distinct; i++)
        {
            list.add(new RejectCounts.Reason(new String(reasons[i], StandardCharsets.ISO_8859_1), counts[i]));
        }
        list.sort(Comparator.comparingLong(RejectCounts.Reason::count).reversed());
        return new RejectCounts(list, other);
    }
}
