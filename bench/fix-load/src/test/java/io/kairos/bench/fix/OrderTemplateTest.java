package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import org.agrona.concurrent.UnsafeBuffer;

import org.junit.jupiter.api.Test;

import io.kairos.fix.wire.FixWriter;

import quickfix.DataDictionary;
import quickfix.Message;
import quickfix.ValidationSettings;

class OrderTemplateTest
{
    private static final long EPOCH_NS = 1_764_000_000_123_456_789L;
    private static final DateTimeFormatter MILLIS =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final ClOrdIds clOrdIds = new ClOrdIds("Lrun-");
    private final byte[] aapl = "55=AAPL\u0001".getBytes(StandardCharsets.US_ASCII);

    private static OrderRequest order(final int action, final char ordType, final char side, final long priceMicros,
        final long quantity, final int target)
    {
        final OrderRequest order = new OrderRequest();
        order.action = action;
        order.ordType = ordType;
        order.side = side;
        order.priceMicros = priceMicros;
        order.quantity = quantity;
        order.targetRequest = target;
        return order;
    }

    private Message seal(final OrderTemplate template, final long seq) throws Exception
    {
        final ByteBuffer frame = template.seal(seq, EPOCH_NS);
        final byte[] bytes = new byte[frame.remaining()];
        frame.get(bytes);
        assertEquals(bytes.length, FixFramer.frameLength(new UnsafeBuffer(bytes), 0, bytes.length),
            "one well-framed message with a correct BodyLength and CheckSum");
        final DataDictionary dictionary = new DataDictionary("FIX44.xml");
        final ValidationSettings settings = new ValidationSettings();
        final Message message =
            new Message(new String(bytes, StandardCharsets.US_ASCII), dictionary, settings, true);
        dictionary.validate(message, settings);
        return message;
    }

    private OrderTemplate template(final int kind)
    {
        return new OrderTemplate(kind, "FIX.4.4", "CLIENT01", "KAIROS", clOrdIds, aapl.length);
    }

    /** A fresh template of {@code kind} filled with one AAPL request and sealed as message {@code seq}. */
    private Message encode(final int kind, final int requestIndex, final OrderRequest order, final long seq)
        throws Exception
    {
        final OrderTemplate template = template(kind);
        template.fill(requestIndex, order, aapl, EPOCH_NS);
        return seal(template, seq);
    }

    @Test
    void shouldEncodeAValidLimitNewOrderSingleWithThePatchedFields() throws Exception
    {
        final Message message = encode(OrderTemplate.LIMIT_ORDER, 12_345,
            order(OrderRequest.INSERT, OrderRequest.LIMIT, OrderRequest.SELL, 190_010_000, 7, -1), 42);

        assertEquals("D", message.getHeader().getString(35));
        assertEquals(42, message.getHeader().getInt(34));
        assertEquals("CLIENT01", message.getHeader().getString(49));
        assertEquals("KAIROS", message.getHeader().getString(56));
        assertEquals(MILLIS.format(Instant.ofEpochSecond(0, EPOCH_NS)), message.getHeader().getString(52));
        assertEquals("Lrun-0000012345", message.getString(11));
        assertEquals("AAPL", message.getString(55));
        assertEquals('2', message.getChar(54));
        assertEquals('2', message.getChar(40));
        assertEquals("190.01", message.getString(44));
        assertEquals("7", message.getString(38));
        assertEquals('0', message.getChar(59));
        assertEquals(MILLIS.format(Instant.ofEpochSecond(0, EPOCH_NS)), message.getString(60));
    }

    @Test
    void shouldKeepTheFrameValidWhenTheSequenceNumberAndTheTailChangeWidth() throws Exception
    {
        final OrderTemplate template = template(OrderTemplate.LIMIT_ORDER);
        final long[] seqs = {1, 9, 10, 99_999, 2_000_000_001L, 2};
        final long[] prices = {1_000_000, 100_000_000, 123_456_789, 10_000, 999_999_999_990_000L, 5_000};
        for (int i = 0; i < seqs.length; i++)
        {
            template.fill(i, order(OrderRequest.INSERT, OrderRequest.LIMIT, OrderRequest.BUY, prices[i], 1 + i * 1000L,
                -1), aapl, EPOCH_NS);
            final Message message = seal(template, seqs[i]);
            assertEquals(seqs[i], Long.parseLong(message.getHeader().getString(34)));
            assertEquals(Instrument.decimal(prices[i]), message.getString(44));
            assertEquals(Long.toString(1 + i * 1000L), message.getString(38));
        }
    }

    @Test
    void shouldEncodeMarketOrdersWithoutPriceAndTimeInForce() throws Exception
    {
        final Message message = encode(OrderTemplate.MARKET_ORDER, 3,
            order(OrderRequest.INSERT, OrderRequest.MARKET, OrderRequest.BUY, 0, 10, -1), 3);
        assertEquals('1', message.getChar(40));
        assertFalse(message.isSetField(44));
        assertFalse(message.isSetField(59));
    }

    @Test
    void shouldEncodeCancelsAndReplacesWithTheTargetsClOrdIdAsOrigClOrdId() throws Exception
    {
        final Message cancelMessage = encode(OrderTemplate.CANCEL, 8,
            order(OrderRequest.CANCEL, OrderRequest.LIMIT, OrderRequest.BUY, 190_000_000, 5, 6), 9);
        assertEquals("F", cancelMessage.getHeader().getString(35));
        assertEquals("Lrun-0000000008", cancelMessage.getString(11));
        assertEquals("Lrun-0000000006", cancelMessage.getString(41));
        assertFalse(cancelMessage.isSetField(44));

        final Message replaceMessage = encode(OrderTemplate.REPLACE, 10,
            order(OrderRequest.REPLACE, OrderRequest.LIMIT, OrderRequest.SELL, 189_990_000, 4, 7), 10);
        assertEquals("G", replaceMessage.getHeader().getString(35));
        assertEquals("Lrun-0000000007", replaceMessage.getString(41));
        assertEquals("189.99", replaceMessage.getString(44));
        assertEquals('2', replaceMessage.getChar(54));
    }

    @Test
    void shouldDecodeItsOwnClOrdIdsAndRejectOthers()
    {
        final byte[] mine = "Lrun-0000012345".getBytes(StandardCharsets.US_ASCII);
        assertEquals(12_345, clOrdIds.index(new UnsafeBuffer(mine), 0, mine.length));
        final byte[] other = "Lxyz-0000012345".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-1, clOrdIds.index(new UnsafeBuffer(other), 0, other.length));
        final byte[] shorter = "Lrun-12345".getBytes(StandardCharsets.US_ASCII);
        assertEquals(-1, clOrdIds.index(new UnsafeBuffer(shorter), 0, shorter.length));
    }

    @Test
    void shouldWritePricesAsTheShortestDecimalLikeInstrumentDecimal()
    {
        final FixWriter buffer = new FixWriter(64);
        for (final long micros : new long[] {1, 10, 10_000, 100_000_000, 190_010_000, 123_456_789, 5_000_000_000L})
        {
            buffer.reset();
            buffer.price(micros, Instrument.PRICE_DECIMALS);
            assertEquals(Instrument.decimal(micros),
                new String(buffer.bytes(), 0, buffer.position(), StandardCharsets.US_ASCII));
        }
    }
}
