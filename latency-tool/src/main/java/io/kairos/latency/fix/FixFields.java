package io.kairos.latency.fix;

import java.nio.ByteBuffer;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.UtcTimestamps;

import static io.kairos.fix.wire.FixTags.CL_ORD_ID;
import static io.kairos.fix.wire.FixTags.ENGINE_IN;
import static io.kairos.fix.wire.FixTags.ENGINE_OUT;
import static io.kairos.fix.wire.FixTags.EXEC_TYPE;
import static io.kairos.fix.wire.FixTags.GATEWAY_IN;
import static io.kairos.fix.wire.FixTags.GATEWAY_RESPONSE_IN;
import static io.kairos.fix.wire.FixTags.MD_ENTRY_ID;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.ORDER_ID;
import static io.kairos.fix.wire.FixTags.SENDING_TIME;

/**
 * The fields of one framed FIX message the correlator needs, picked from fix-wire's {@link FixFieldIndex} in one
 * pass over it: the first non-empty MsgType, ClOrdID, OrderID, ExecType and SendingTime, the last of each Kairos
 * stamp, and every MDEntryID 278 up to {@link #MAX_MD_ENTRIES}. Values stay in the capture buffer. Allocates
 * nothing. Owned by the analysis thread; valid until the next {@link #wrap}.
 */
public final class FixFields
{
    public static final int MAX_MD_ENTRIES = 1024;
    public static final long ABSENT = UtcTimestamps.ABSENT;
    /** Room for a snapshot or incremental of {@link #MAX_MD_ENTRIES} entries of several fields each. */
    private static final int MAX_FIELDS = 16 * MAX_MD_ENTRIES;

    private final FixFieldIndex index = new FixFieldIndex(MAX_FIELDS);
    /** The capture buffer the values lie in, and the same bytes as fix-wire reads them. */
    private ByteBuffer buffer;
    private final UnsafeBuffer wire = new UnsafeBuffer(0, 0);
    private int msgType;
    private int clOrdId;
    private int orderId;
    private int execType;
    private int sendingTime;
    private int gatewayIn;
    private int engineIn;
    private int engineOut;
    private int responseIn;
    private int mdEntryCount;
    private final int[] mdEntries = new int[MAX_MD_ENTRIES];

    /**
     * Picks the fields of {@code buffer[offset, offset + length)}. A field that is not tag=value ends the message
     * early: the fields before it are still read.
     */
    public FixFields wrap(final ByteBuffer buffer, final int offset, final int length)
    {
        msgType = -1;
        clOrdId = -1;
        orderId = -1;
        execType = -1;
        sendingTime = -1;
        gatewayIn = -1;
        engineIn = -1;
        engineOut = -1;
        responseIn = -1;
        mdEntryCount = 0;
        this.buffer = buffer;
        wire.wrap(buffer);
        index.index(wire, offset, length);
        for (int field = 0, count = index.count(); field < count; field++)
        {
            onField(index.tag(field), field, index.length(field) > 0);
        }
        return this;
    }

    private void onField(final int tag, final int field, final boolean hasValue)
    {
        switch (tag)
        {
            case MSG_TYPE -> msgType = firstWithValue(msgType, field, hasValue);
            case CL_ORD_ID -> clOrdId = firstWithValue(clOrdId, field, hasValue);
            case ORDER_ID -> orderId = firstWithValue(orderId, field, hasValue);
            case EXEC_TYPE -> execType = firstWithValue(execType, field, hasValue);
            case SENDING_TIME -> sendingTime = firstWithValue(sendingTime, field, hasValue);
            case GATEWAY_IN -> gatewayIn = field;
            case ENGINE_IN -> engineIn = field;
            case ENGINE_OUT -> engineOut = field;
            case GATEWAY_RESPONSE_IN -> responseIn = field;
            case MD_ENTRY_ID ->
            {
                if (mdEntryCount < MAX_MD_ENTRIES)
                {
                    mdEntries[mdEntryCount++] = field;
                }
            }
            default ->
            {
            }
        }
    }

    private static int firstWithValue(final int current, final int field, final boolean hasValue)
    {
        return current < 0 && hasValue ? field : current;
    }

    public ByteBuffer buffer()
    {
        return buffer;
    }

    /** MsgType packed big-endian into an int (up to 4 characters; 'D' is 0x44), or 0 when absent. */
    public int msgType()
    {
        if (msgType < 0)
        {
            return 0;
        }
        final int start = index.start(msgType);
        int key = 0;
        for (int i = 0; i < Math.min(index.length(msgType), 4); i++)
        {
            key = (key << 8) | (buffer.get(start + i) & 0xFF);
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
        return clOrdId < 0 ? 0 : index.start(clOrdId);
    }

    public int clOrdIdLength()
    {
        return clOrdId < 0 ? 0 : index.length(clOrdId);
    }

    public int orderIdStart()
    {
        return orderId < 0 ? 0 : index.start(orderId);
    }

    public int orderIdLength()
    {
        return orderId < 0 ? 0 : index.length(orderId);
    }

    /** ExecType (150) character, or 0 when absent. */
    public byte execType()
    {
        return execType < 0 ? 0 : index.firstByteAt(execType);
    }

    public int mdEntryCount()
    {
        return mdEntryCount;
    }

    public int mdEntryStart(final int entry)
    {
        return index.start(mdEntries[entry]);
    }

    public int mdEntryLength(final int entry)
    {
        return index.length(mdEntries[entry]);
    }

    /** SendingTime (52) as epoch nanoseconds, or {@link #ABSENT}. */
    public long sendingTimeNs()
    {
        return sendingTime < 0 ? ABSENT : index.utcTimestampAt(sendingTime);
    }

    public long gatewayInNs()
    {
        return stamp(gatewayIn);
    }

    public long engineInNs()
    {
        return stamp(engineIn);
    }

    public long engineOutNs()
    {
        return stamp(engineOut);
    }

    public long responseInNs()
    {
        return stamp(responseIn);
    }

    private long stamp(final int field)
    {
        return field < 0 ? ABSENT : index.epochNanosAt(field);
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
