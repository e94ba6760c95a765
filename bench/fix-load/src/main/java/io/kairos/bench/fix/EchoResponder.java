package io.kairos.bench.fix;

import static io.kairos.fix.wire.FixTags.BEGIN_STRING;
import static io.kairos.fix.wire.FixTags.CL_ORD_ID;
import static io.kairos.fix.wire.FixTags.ENCRYPT_METHOD;
import static io.kairos.fix.wire.FixTags.ENGINE_IN;
import static io.kairos.fix.wire.FixTags.ENGINE_OUT;
import static io.kairos.fix.wire.FixTags.EXEC_ID;
import static io.kairos.fix.wire.FixTags.EXEC_TRANS_TYPE;
import static io.kairos.fix.wire.FixTags.EXEC_TYPE;
import static io.kairos.fix.wire.FixTags.GAP_FILL_FLAG;
import static io.kairos.fix.wire.FixTags.GATEWAY_IN;
import static io.kairos.fix.wire.FixTags.GATEWAY_RESPONSE_IN;
import static io.kairos.fix.wire.FixTags.HEART_BT_INT;
import static io.kairos.fix.wire.FixTags.LEAVES_QTY;
import static io.kairos.fix.wire.FixTags.MSG_SEQ_NUM;
import static io.kairos.fix.wire.FixTags.MSG_TYPE;
import static io.kairos.fix.wire.FixTags.NEW_SEQ_NO;
import static io.kairos.fix.wire.FixTags.ORDER_ID;
import static io.kairos.fix.wire.FixTags.ORDER_QTY;
import static io.kairos.fix.wire.FixTags.ORD_STATUS;
import static io.kairos.fix.wire.FixTags.ORD_TYPE;
import static io.kairos.fix.wire.FixTags.ORIG_CL_ORD_ID;
import static io.kairos.fix.wire.FixTags.PRICE;
import static io.kairos.fix.wire.FixTags.RESET_SEQ_NUM_FLAG;
import static io.kairos.fix.wire.FixTags.SENDER_COMP_ID;
import static io.kairos.fix.wire.FixTags.SENDING_TIME;
import static io.kairos.fix.wire.FixTags.SIDE;
import static io.kairos.fix.wire.FixTags.SYMBOL;
import static io.kairos.fix.wire.FixTags.TARGET_COMP_ID;
import static io.kairos.fix.wire.FixTags.TEST_REQ_ID;
import static io.kairos.fix.wire.FixTags.TIME_IN_FORCE;
import static io.kairos.fix.wire.FixTags.TRANSACT_TIME;

import java.nio.charset.StandardCharsets;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;
import io.kairos.fix.wire.MsgTypes;

/**
 * The FIX logic of one echo-server connection: answers Logon with Logon, TestRequest with Heartbeat, Logout with
 * Logout, ResendRequest with a SequenceReset, and each NewOrderSingle (D), OrderCancelRequest (F) and
 * OrderCancelReplaceRequest (G) with an ExecutionReport shaped like the venue's (New / Canceled / Replaced, the
 * order fields echoed, the four nanosecond latency stamps 5979/21002/21003/7765 and a nanosecond SendingTime), so
 * the frames on the wire have the venue's sizes without any matching. Owned by the connection thread;
 * allocation-free once it has seen the connection's BeginString.
 */
public final class EchoResponder
{
    /** Nothing to send. */
    public static final int NONE = 0;
    /** Send the composed frame. */
    public static final int RESPOND = 1;
    /** Send the composed frame, then close the connection. */
    public static final int RESPOND_AND_CLOSE = 2;

    private static final byte[] FIX42 = "FIX.4.2".getBytes(StandardCharsets.US_ASCII);
    private static final int[] ECHOED_ORDER_FIELDS = {SYMBOL, SIDE, ORDER_QTY, ORD_TYPE, PRICE, TIME_IN_FORCE};

    private final FixWriter frame = new FixWriter(4200);
    private final long epochOffsetNs;
    /** The BeginString answers carry: the request's, copied when it changes (once per connection). */
    private byte[] beginString = new byte[0];
    private long nextOutboundSeq = 1;
    private long nextOrderId = 1;
    private long nextExecId = 1;

    /** @param epochOffsetNs epoch nanoseconds minus {@link System#nanoTime()}, fixed at start */
    public EchoResponder(final long epochOffsetNs)
    {
        this.epochOffsetNs = epochOffsetNs;
    }

    /** The composed response: {@link #frame()}{@code .bytes()[frameStart(), position())}. */
    public FixWriter frame()
    {
        return frame;
    }

    /**
     * Composes the answer to the indexed frame; returns {@link #NONE}, {@link #RESPOND} or
     * {@link #RESPOND_AND_CLOSE}.
     */
    public int onMessage(final FixFieldIndex in, final long receivedNs)
    {
        final char type = in.charValue(MSG_TYPE);
        switch (type)
        {
            case MsgTypes.LOGON ->
            {
                if (in.firstByte(RESET_SEQ_NUM_FLAG) == 'Y')
                {
                    nextOutboundSeq = 1;
                }
                header(in, MsgTypes.LOGON);
                frame.field(ENCRYPT_METHOD, '0');
                frame.copyField(in, HEART_BT_INT);
                frame.copyField(in, RESET_SEQ_NUM_FLAG);
            }
            case MsgTypes.TEST_REQUEST ->
            {
                header(in, MsgTypes.HEARTBEAT);
                frame.copyField(in, TEST_REQ_ID);
            }
            case MsgTypes.LOGOUT -> header(in, MsgTypes.LOGOUT);
            case MsgTypes.RESEND_REQUEST ->
            {
                header(in, MsgTypes.SEQUENCE_RESET);
                frame.field(GAP_FILL_FLAG, 'N').field(NEW_SEQ_NO, nextOutboundSeq);
            }
            case MsgTypes.NEW_ORDER_SINGLE, MsgTypes.ORDER_CANCEL_REQUEST, MsgTypes.ORDER_CANCEL_REPLACE_REQUEST ->
                executionReport(in, type, receivedNs);
            default ->
            {
                return NONE;
            }
        }
        frame.finishMessage();
        return type == MsgTypes.LOGOUT ? RESPOND_AND_CLOSE : RESPOND;
    }

    private void executionReport(final FixFieldIndex in, final char type, final long receivedNs)
    {
        header(in, MsgTypes.EXECUTION_REPORT);
        final char execType = type == MsgTypes.NEW_ORDER_SINGLE ? '0' :
            type == MsgTypes.ORDER_CANCEL_REQUEST ? '4' : '5';
        final char ordStatus = type == MsgTypes.ORDER_CANCEL_REQUEST ? '4' : '0';
        frame.field(ORDER_ID, nextOrderId++);
        frame.copyField(in, CL_ORD_ID);
        frame.copyField(in, ORIG_CL_ORD_ID);
        frame.field(EXEC_ID, nextExecId++);
        if (isFix42(in))
        {
            frame.field(EXEC_TRANS_TYPE, '0');
        }
        frame.field(EXEC_TYPE, execType).field(ORD_STATUS, ordStatus);
        for (final int tag : ECHOED_ORDER_FIELDS)
        {
            frame.copyField(in, tag);
        }
        final int quantity = in.find(ORDER_QTY);
        if (type == MsgTypes.ORDER_CANCEL_REQUEST || quantity < 0)
        {
            frame.field(LEAVES_QTY, '0');
        }
        else
        {
            frame.field(LEAVES_QTY, in, quantity);
        }
        frame.field(FixTags.CUM_QTY, '0').field(FixTags.AVG_PX, '0');
        final long epochNs = epochOffsetNs + receivedNs;
        frame.tag(TRANSACT_TIME).utcTimestampNanos(epochNs).soh();
        frame.field(GATEWAY_IN, epochNs).field(ENGINE_IN, epochNs);
        frame.field(ENGINE_OUT, epochNs).field(GATEWAY_RESPONSE_IN, epochNs);
    }

    /** Starts the answer: the request's BeginString, then MsgType, the CompIDs swapped, MsgSeqNum, SendingTime. */
    private void header(final FixFieldIndex in, final char msgType)
    {
        final int begin = in.find(BEGIN_STRING);
        if (begin >= 0 && !in.valueEquals(begin, beginString))
        {
            beginString = new byte[in.length(begin)];
            in.buffer().getBytes(in.start(begin), beginString);
        }
        frame.reset().beginMessage(beginString).field(MSG_TYPE, msgType);
        frame.tag(SENDER_COMP_ID);
        copyValue(in, TARGET_COMP_ID);
        frame.soh().tag(TARGET_COMP_ID);
        copyValue(in, SENDER_COMP_ID);
        frame.soh().field(MSG_SEQ_NUM, nextOutboundSeq++);
        frame.tag(SENDING_TIME).utcTimestampNanos(epochOffsetNs + System.nanoTime()).soh();
    }

    private void copyValue(final FixFieldIndex in, final int tag)
    {
        final int field = in.find(tag);
        if (field >= 0)
        {
            frame.value(in, field);
        }
    }

    private static boolean isFix42(final FixFieldIndex in)
    {
        final int field = in.find(BEGIN_STRING);
        return field >= 0 && in.valueEquals(field, FIX42);
    }
}
