package io.kairos.fix;

import org.agrona.DirectBuffer;

import io.kairos.fix.wire.FixFrame;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.UtcTimestamps;

/**
 * Checks the raw bytes of an inbound application message before Artio decodes it: every tag must be one the message
 * type may carry ({@link OrderEntryTags}: an instruction Kairos would not carry out is refused, not ignored), and
 * what Artio's lenient
 * parsers would accept as a different value ({@code 38=1e5} as 100,000, {@code 44=1.8e2}) or throw on
 * ({@code 44=1e308}) is refused with a session Reject instead: Qty and Price fields are plain FIX decimals (an
 * optional '-', digits, at most one '.', nothing else, at most {@value #MAX_SIGNIFICANT_DIGITS} significant digits);
 * UTCTimestamp fields are {@code YYYYMMDD-HH:MM:SS[.sss|.ssssss|.sssssssss]} with every part in range
 * ({@link UtcTimestamps#isValid}); Symbol is at most {@value #MAX_SYMBOL_LENGTH} characters. Allocation-free; owned by
 * the library thread.
 */
final class StrictFieldValidator
{
    /** SessionRejectReason 2: tag not defined for this message type (as Kairos defines it: {@link OrderEntryTags}). */
    static final int TAG_NOT_DEFINED_FOR_MESSAGE = 2;
    /** SessionRejectReason 4: tag specified without a value. */
    static final int TAG_WITHOUT_VALUE = 4;
    /** SessionRejectReason 5: value is incorrect (out of range) for this tag. */
    static final int VALUE_IS_INCORRECT = 5;
    /** SessionRejectReason 6: incorrect data format for value. */
    static final int INCORRECT_DATA_FORMAT = 6;
    static final int MAX_SIGNIFICANT_DIGITS = 18;
    static final int MAX_SYMBOL_LENGTH = 64;


    private int invalidTag;
    private int reason;
    private String text;

    /**
     * @param tags the tags this message type may carry: any other is refused, naming it
     * @return true when every tag is one of {@code tags} and every checked field is well formed; else see
     * {@link #invalidTag()}.
     */
    boolean validate(final DirectBuffer buffer, final int offset, final int length, final OrderEntryTags tags)
    {
        final int end = offset + length;
        int position = offset;
        while (position < end)
        {
            int tag = 0;
            int i = position;
            while (i < end && buffer.getByte(i) >= '0' && buffer.getByte(i) <= '9' && tag < 100_000_000)
            {
                tag = tag * 10 + buffer.getByte(i) - '0';
                i++;
            }
            if (i >= end || buffer.getByte(i) != FixFrame.EQUALS)
            {
                return true; // not a field: the decoder's own validation answers it
            }
            final int valueStart = i + 1;
            final int soh = FixFrame.indexOf(buffer, valueStart, end, FixFrame.SOH);
            final int valueEnd = soh < 0 ? end : soh;
            if (!tags.allows(tag))
            {
                return fail(tag, TAG_NOT_DEFINED_FOR_MESSAGE, tags.refusal(tag));
            }
            if (!checkField(tag, buffer, valueStart, valueEnd))
            {
                return false;
            }
            position = valueEnd + 1;
        }
        return true;
    }

    int invalidTag()
    {
        return invalidTag;
    }

    int reason()
    {
        return reason;
    }

    String text()
    {
        return text;
    }

    private boolean checkField(final int tag, final DirectBuffer buffer, final int start, final int end)
    {
        if (start == end && isChecked(tag))
        {
            return fail(tag, TAG_WITHOUT_VALUE, "tag specified without a value");
        }
        switch (tag)
        {
            case FixTags.ORDER_QTY, FixTags.PRICE, FixTags.MIN_QTY, FixTags.MAX_FLOOR:
                return checkDecimal(tag, buffer, start, end);
            case FixTags.TRANSACT_TIME:
                return UtcTimestamps.isValid(buffer, start, end) ||
                    fail(tag, INCORRECT_DATA_FORMAT, "must be a UTCTimestamp YYYYMMDD-HH:MM:SS[.sss]");
            case FixTags.SYMBOL:
                return end - start <= MAX_SYMBOL_LENGTH ||
                    fail(tag, VALUE_IS_INCORRECT, "Symbol longer than " + MAX_SYMBOL_LENGTH + " characters");
            default:
                return true;
        }
    }

    private static boolean isChecked(final int tag)
    {
        return tag == FixTags.ORDER_QTY || tag == FixTags.PRICE || tag == FixTags.MIN_QTY || tag == FixTags.MAX_FLOOR ||
            tag == FixTags.TRANSACT_TIME || tag == FixTags.SYMBOL;
    }

    private boolean checkDecimal(final int tag, final DirectBuffer buffer, final int start, final int end)
    {
        int i = start;
        if (i < end && buffer.getByte(i) == '-')
        {
            i++;
        }
        int digits = 0;
        int significant = 0;
        boolean point = false;
        for (; i < end; i++)
        {
            final byte b = buffer.getByte(i);
            if (b >= '0' && b <= '9')
            {
                digits++;
                if (b != '0' || significant > 0)
                {
                    significant++;
                }
            }
            else if (b == '.' && !point)
            {
                point = true;
            }
            else
            {
                return fail(tag, INCORRECT_DATA_FORMAT, "must be a plain decimal (digits, at most one '.')");
            }
        }
        if (digits == 0)
        {
            return fail(tag, INCORRECT_DATA_FORMAT, "must be a plain decimal (digits, at most one '.')");
        }
        return significant <= MAX_SIGNIFICANT_DIGITS ||
            fail(tag, VALUE_IS_INCORRECT, "more than " + MAX_SIGNIFICANT_DIGITS + " significant digits");
    }

    private boolean fail(final int tag, final int rejectReason, final String rejectText)
    {
        invalidTag = tag;
        reason = rejectReason;
        text = rejectText;
        return false;
    }
}
