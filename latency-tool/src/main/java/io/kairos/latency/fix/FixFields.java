package io.kairos.latency.fix;

import java.nio.ByteBuffer;

import static io.kairos.latency.fix.FixTags.*;

/**
 * Flyweight over one framed FIX message: a single scan records where the fields the correlator needs are (first
 * occurrence, except every MDEntryID 278 up to {@link #MAX_MD_ENTRIES}). Values stay in the capture buffer.
 * Allocates nothing. Owned by the analysis thread; valid until the next {@link #wrap}.
 */
public final class FixFields
{
    public static final int MAX_MD_ENTRIES = 1024;
    public static final long ABSENT = Long.MIN_VALUE;
    private static final byte SOH = 1;

    private ByteBuffer buffer;
    private int msgTypeStart;
    private int msgTypeLength;
    private int clOrdIdStart;
    private int clOrdIdLength;
    private int orderIdStart;
    private int orderIdLength;
    private int execTypeStart;
    private int sendingTimeStart;
    private int sendingTimeLength;
    private int gatewayInStart;
    private int gatewayInLength;
    private int engineInStart;
    private int engineInLength;
    private int engineOutStart;
    private int engineOutLength;
    private int responseInStart;
    private int responseInLength;
    private int mdEntryCount;
    private final int[] mdEntryStarts = new int[MAX_MD_ENTRIES];
    private final int[] mdEntryLengths = new int[MAX_MD_ENTRIES];

    public FixFields wrap(final ByteBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        msgTypeLength = 0;
        clOrdIdLength = 0;
        orderIdLength = 0;
        execTypeStart = -1;
        sendingTimeLength = 0;
        gatewayInLength = 0;
        engineInLength = 0;
        engineOutLength = 0;
        responseInLength = 0;
        mdEntryCount = 0;
        final int end = offset + length;
        int index = offset;
        while (index < end)
        {
            int tag = 0;
            byte b;
            while (index < end && (b = buffer.get(index)) != '=')
            {
                tag = tag * 10 + (b - '0');
                index++;
            }
            final int valueStart = ++index;
            while (index < end && buffer.get(index) != SOH)
            {
                index++;
            }
            onField(tag, valueStart, index - valueStart);
            index++;
        }
        return this;
    }

    private void onField(final int tag, final int start, final int length)
    {
        switch (tag)
        {
            case MSG_TYPE -> { if (msgTypeLength == 0) { msgTypeStart = start; msgTypeLength = length; } }
            case CL_ORD_ID -> { if (clOrdIdLength == 0) { clOrdIdStart = start; clOrdIdLength = length; } }
            case ORDER_ID -> { if (orderIdLength == 0) { orderIdStart = start; orderIdLength = length; } }
            case EXEC_TYPE -> { if (execTypeStart < 0 && length > 0) { execTypeStart = start; } }
            case SENDING_TIME -> { if (sendingTimeLength == 0) { sendingTimeStart = start; sendingTimeLength = length; } }
            case GATEWAY_IN -> { gatewayInStart = start; gatewayInLength = length; }
            case ENGINE_IN -> { engineInStart = start; engineInLength = length; }
            case ENGINE_OUT -> { engineOutStart = start; engineOutLength = length; }
            case GATEWAY_RESPONSE_IN -> { responseInStart = start; responseInLength = length; }
            case MD_ENTRY_ID ->
            {
                if (mdEntryCount < MAX_MD_ENTRIES)
                {
                    mdEntryStarts[mdEntryCount] = start;
                    mdEntryLengths[mdEntryCount] = length;
                    mdEntryCount++;
                }
            }
            default ->
            {
            }
        }
    }

    public ByteBuffer buffer()
    {
        return buffer;
    }

    /** MsgType packed big-endian into an int (up to 4 characters; 'D' is 0x44), or 0 when absent. */
    public int msgType()
    {
        int key = 0;
        for (int i = 0; i < Math.min(msgTypeLength, 4); i++)
        {
            key = (key << 8) | (buffer.get(msgTypeStart + i) & 0xFF);
        }
        return key;
    }

    public static String msgTypeText(final int packed)
    {
        final StringBuilder text = new StringBuilder(4);
        for (int shift = 24; shift >= 0; shift -= 8)
        {
            final int c = (packed >>> shift) & 0xFF;
            if (c != 0)
            {
                text.append((char)c);
            }
        }
        return text.toString();
    }

    public int clOrdIdStart()
    {
        return clOrdIdStart;
    }

    public int clOrdIdLength()
    {
        return clOrdIdLength;
    }

    public int orderIdStart()
    {
        return orderIdStart;
    }

    public int orderIdLength()
    {
        return orderIdLength;
    }

    /** ExecType (150) character, or 0 when absent. */
    public byte execType()
    {
        return execTypeStart < 0 ? 0 : buffer.get(execTypeStart);
    }

    public int mdEntryCount()
    {
        return mdEntryCount;
    }

    public int mdEntryStart(final int index)
    {
        return mdEntryStarts[index];
    }

    public int mdEntryLength(final int index)
    {
        return mdEntryLengths[index];
    }

    /** SendingTime (52) as epoch nanoseconds, or {@link #ABSENT}. */
    public long sendingTimeNs()
    {
        return sendingTimeLength == 0 ? ABSENT : UtcTimestampParser.parseNanos(buffer, sendingTimeStart,
            sendingTimeLength);
    }

    public long gatewayInNs()
    {
        return parseNanos(gatewayInStart, gatewayInLength);
    }

    public long engineInNs()
    {
        return parseNanos(engineInStart, engineInLength);
    }

    public long engineOutNs()
    {
        return parseNanos(engineOutStart, engineOutLength);
    }

    public long responseInNs()
    {
        return parseNanos(responseInStart, responseInLength);
    }

    private long parseNanos(final int start, final int length)
    {
        if (length == 0 || length > 19)
        {
            return ABSENT;
        }
        long value = 0;
        for (int i = start; i < start + length; i++)
        {
            final byte b = buffer.get(i);
            if (b < '0' || b > '9')
            {
                return ABSENT;
            }
            value = value * 10 + (b - '0');
        }
        return value;
    }

    /** A well-mixed 64-bit hash of a byte range, seeded (e.g. with a connection id). */
    public static long hash(final ByteBuffer buffer, final int start, final int length, final long seed)
    {
        long h = seed * 0x9E3779B97F4A7C15L + length;
        for (int i = start; i < start + length; i++)
        {
            h = (h ^ (buffer.get(i) & 0xFF)) * 0x100000001B3L;
        }
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        return h;
    }
}
