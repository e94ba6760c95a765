package io.kairos.bench.fix;

import static io.kairos.bench.fix.FixFrameDescriptor.EQUALS;
import static io.kairos.bench.fix.FixFrameDescriptor.SOH;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

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
 * starts wherever its front ends. Then the CheckSum. No field moves, nothing is allocated.
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

    private final AsciiBuffer buffer;
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
        buffer = new AsciiBuffer(FRONT_BYTES + sender.length + target.length + 2 * clOrdIds.length() +
            2 * TIMESTAMP_BYTES + 64 + longestSymbolField + TAIL_BYTES_WITHOUT_SYMBOL);
        view = ByteBuffer.wrap(buffer.bytes());
        middleStart = FRONT_BYTES;
        buffer.position(middleStart).tag(49).ascii(sender).soh().tag(52);
        sendingTimeAt = buffer.position();
        buffer.utcTimestampMillis(0).soh().tag(56).ascii(target).soh().tag(11);
        clOrdIdAt = buffer.position();
        clOrdIds.write(buffer, 0);
        buffer.soh();
        if (kind == CANCEL || kind == REPLACE)
        {
            buffer.tag(41);
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
            buffer.tag(21).character((byte)'1').soh();
            buffer.tag(40).character((byte)(kind == MARKET_ORDER ? OrderRequest.MARKET : OrderRequest.LIMIT)).soh();
        }
        buffer.tag(54);
        sideAt = buffer.position();
        buffer.character((byte)OrderRequest.BUY).soh();
        if (kind == LIMIT_ORDER)
        {
            buffer.tag(59).character((byte)'0').soh();
        }
        buffer.tag(60);
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
        buffer.position(tailStart).ascii(symbolField).tag(38).number(order.quantity).soh();
        if (hasPrice)
        {
            buffer.tag(44).decimalMicros(order.priceMicros).soh();
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
        final int checksum = FixFramer.checksum(bytes, start, tailEnd);
        final int end = buffer.position(tailEnd).tag(10).padded(checksum, 3).soh().position();
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
