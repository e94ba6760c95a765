package io.kairos.bench.fix;

import static io.kairos.fix.wire.FixFrame.EQUALS;
import static io.kairos.fix.wire.FixFrame.SOH;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import io.kairos.fix.wire.FixTags;
import io.kairos.fix.wire.FixWriter;

/**
 * One pre-encoded order message of one session (NewOrderSingle market or limit, OrderCancelRequest or
 * OrderCancelReplaceRequest), built once; each send patches it in place and hands out a view of the frame:
 *
 * <pre>
 *   | front, backwards    | middle: constant bytes with fixed-width [slots]                       | tail, per order
 *   8=FIX.4.4|9=L|35=D|34=S|49=CLIENT01|52=[21]|56=KAIROS|11=[id]|21=1|40=2|54=[s]|59=0|60=[21]|55=SYM|38=Q|44=P|10=C|
 * </pre>
 *
 * The slots in the middle (SendingTime 52, ClOrdID 11, OrigClOrdID 41, Side 54, TransactTime 60) have a fixed width
 * (millisecond UTC timestamps, {@link ClOrdIds}), so they are overwritten where they are. The fields whose width
 * varies per order (Symbol, OrderQty, Price) are the tail, rewritten after the middle; those whose width varies per
 * send (MsgSeqNum 34, then MsgType, BodyLength and BeginString) are written backwards in front of it, so the frame
 * starts wherever its front ends. Then the CheckSum. No field moves, nothing is allocated. (fix-wire's
 * {@link FixWriter#finishMessage} also writes the front backwards, but once per message: here the middle stays
 * encoded across sends and only its slots are patched, which is why this template writes its own front.)
 *
 * <p>{@link #fill} runs on the sender thread; {@link #seal} under the session's send lock, on the sender thread too.
 */
final class OrderTemplate
{
    static final int MARKET_ORDER = 0;
    static final int LIMIT_ORDER = 1;
    static final int CANCEL = 2;
    static final int REPLACE = 3;
    static final int KINDS = 4;

    /** Room for 8=(begin string)|9=(7 digits)|35=X|34=(19 digits)|. */
    private static final int FRONT_BYTES = 64;
    private static final int TIMESTAMP_BYTES = 21;
    private static final int TAIL_BYTES_WITHOUT_SYMBOL = 64;

    private final FixWriter buffer;
    private final ByteBuffer view;
    private final ClOrdIds clOrdIds;
    private final byte[] beginStringField;
    private final byte msgType;
    private final boolean hasPrice;
    private final int middleStart;
    private final int sendingTimeAt;
    private final int clOrdIdAt;
    private final int origClOrdIdAt;
    private final int sideAt;
    private final int transactTimeAt;
    private final int tailStart;
    private int tailEnd;

    /**
     * @param kind             {@link #MARKET_ORDER}, {@link #LIMIT_ORDER}, {@link #CANCEL} or {@link #REPLACE}
     * @param longestSymbolField length of the longest {@code 55=SYMBOL|} this template will carry
     */
    OrderTemplate(final int kind, final String beginString, final String senderCompId, final String targetCompId,
        final ClOrdIds clOrdIds, final int longestSymbolField)
    {
        this.clOrdIds = clOrdIds;
        this.beginStringField = ("8=" + beginString + '\u0001').getBytes(StandardCharsets.US_ASCII);
        this.msgType = (byte)(kind == CANCEL ? 'F' : kind == REPLACE ? 'G' : 'D');
        this.hasPrice = kind != MARKET_ORDER && kind != CANCEL;
        final byte[] sender = senderCompId.getBytes(StandardCharsets.US_ASCII);
        final byte[] target = targetCompId.getBytes(StandardCharsets.US_ASCII);
        buffer = new FixWriter(FRONT_BYTES + sender.length + target.length + 2 * clOrdIds.length() +
            2 * TIMESTAMP_BYTES + 64 + longestSymbolField + TAIL_BYTES_WITHOUT_SYMBOL);
        view = ByteBuffer.wrap(buffer.bytes());
        middleStart = FRONT_BYTES;
        buffer.position(middleStart).tag(FixTags.SENDER_COMP_ID).ascii(sender).soh().tag(FixTags.SENDING_TIME);
        sendingTimeAt = buffer.position();
        buffer.utcTimestampMillis(0).soh().tag(FixTags.TARGET_COMP_ID).ascii(target).soh().tag(FixTags.CL_ORD_ID);
        clOrdIdAt = buffer.position();
        clOrdIds.write(buffer, 0);
        buffer.soh();
        if (kind == CANCEL || kind == REPLACE)
        {
            buffer.tag(FixTags.ORIG_CL_ORD_ID);
            origClOrdIdAt = buffer.position();
            clOrdIds.write(buffer, 0);
            buffer.soh();
        }
        else
        {
            origClOrdIdAt = -1;
        }
        if (kind != CANCEL)
        {
            buffer.field(FixTags.HANDL_INST, '1');
            buffer.field(FixTags.ORD_TYPE, kind == MARKET_ORDER ? OrderRequest.MARKET : OrderRequest.LIMIT);
        }
        buffer.tag(FixTags.SIDE);
        sideAt = buffer.position();
        buffer.character((byte)OrderRequest.BUY).soh();
        if (kind == LIMIT_ORDER)
        {
            buffer.field(FixTags.TIME_IN_FORCE, '0');
        }
        buffer.tag(FixTags.TRANSACT_TIME);
        transactTimeAt = buffer.position();
        buffer.utcTimestampMillis(0).soh();
        tailStart = buffer.position();
        tailEnd = tailStart;
    }

    /** The template kind of {@code order}. */
    static int kindOf(final OrderRequest order)
    {
        return switch (order.action)
        {
            case OrderRequest.CANCEL -> CANCEL;
            case OrderRequest.REPLACE -> REPLACE;
            default -> order.ordType == OrderRequest.MARKET ? MARKET_ORDER : LIMIT_ORDER;
        };
    }

    /**
     * Patches the order's fields: ClOrdID of {@code requestIndex}, OrigClOrdID of the order's target (cancel,
     * replace), Side, TransactTime, and the tail {@code symbolField} (pre-encoded {@code 55=SYM|}), OrderQty and Price.
     */
    void fill(final int requestIndex, final OrderRequest order, final byte[] symbolField, final long epochNs)
    {
        clOrdIds.write(buffer.position(clOrdIdAt), requestIndex);
        if (origClOrdIdAt >= 0)
        {
            clOrdIds.write(buffer.position(origClOrdIdAt), order.targetRequest);
        }
        buffer.bytes()[sideAt] = (byte)order.side;
        buffer.position(transactTimeAt).utcTimestampMillis(epochNs);
        buffer.position(tailStart).ascii(symbolField).field(FixTags.ORDER_QTY, order.quantity);
        if (hasPrice)
        {
            buffer.priceField(FixTags.PRICE, order.priceMicros, Instrument.PRICE_DECIMALS);
        }
        tailEnd = buffer.position();
    }

    /**
     * Completes the frame with MsgSeqNum {@code msgSeqNum} and SendingTime {@code epochNs} (BodyLength, CheckSum)
     * and returns a view of it (position = its first byte, limit = after its last).
     */
    ByteBuffer seal(final long msgSeqNum, final long epochNs)
    {
        final byte[] bytes = buffer.bytes();
        buffer.position(sendingTimeAt).utcTimestampMillis(epochNs);
        int start = middleStart;
        bytes[--start] = SOH;
        start = digitsBackwards(bytes, start, msgSeqNum);
        start = tagBackwards(bytes, start, (byte)'3', (byte)'4');
        bytes[--start] = SOH;
        bytes[--start] = msgType;
        start = tagBackwards(bytes, start, (byte)'3', (byte)'5');
        final int bodyLength = tailEnd - start;
        bytes[--start] = SOH;
        start = digitsBackwards(bytes, start, bodyLength);
        bytes[--start] = EQUALS;
        bytes[--start] = '9';
        start -= beginStringField.length;
        System.arraycopy(beginStringField, 0, bytes, start, beginStringField.length);
        final int end = buffer.position(tailEnd).trailer(buffer.checksum(start, tailEnd)).position();
        view.limit(end).position(start);
        return view;
    }

    private static int tagBackwards(final byte[] bytes, final int end, final byte first, final byte second)
    {
        bytes[end - 1] = EQUALS;
        bytes[end - 2] = second;
        bytes[end - 3] = first;
        return end - 3;
    }

    /** Writes {@code value}'s decimal digits ending before {@code end}; returns the first digit's position. */
    private static int digitsBackwards(final byte[] bytes, final int end, final long value)
    {
        int position = end;
        long remaining = value;
        do
        {
            bytes[--position] = (byte)('0' + remaining % 10);
            remaining /= 10;
        }
        while (remaining != 0);
        return position;
    }
}
