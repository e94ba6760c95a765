package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link EventCodec}'s bytes are a format: the replicated engine's egress carries them and {@link EventDigest} hashes
 * them into what replays are compared by, so a change of layout must be a deliberate one. Representative events of
 * every kind and type, every enum value, absent enums, empty and longest ClOrdIDs, encode to the bytes in
 * {@code event-codec-golden.txt} (written by the codec before it had a descriptor), and those bytes decode to events
 * that encode to them again.
 */
class EventCodecCompatibilityTest
{
    static final String GOLDEN = "event-codec-golden.txt";
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void shouldEncodeEveryEventToTheGoldenBytes() throws IOException
    {
        final List<String> expected = golden();
        final List<String> actual = encodeAll();
        assertEquals(expected.size(), actual.size(), "events in " + GOLDEN);
        for (int i = 0; i < expected.size(); i++)
        {
            assertEquals(expected.get(i), actual.get(i), "line " + (i + 1) + " of " + GOLDEN);
        }
    }

    @Test
    void shouldDecodeTheGoldenBytesToEventsThatEncodeToThemAgain() throws IOException
    {
        final UnsafeBuffer out = new UnsafeBuffer(new byte[EventDescriptor.MAX_EXECUTION_EVENT_LENGTH + 16]);
        for (final String line : golden())
        {
            final String name = line.substring(0, line.indexOf(' '));
            final byte[] bytes = HEX.parseHex(line.substring(line.indexOf(' ') + 1));
            final UnsafeBuffer in = new UnsafeBuffer(new byte[bytes.length + 3]);
            in.putBytes(3, bytes);
            final int length;
            if (name.startsWith("book"))
            {
                final BookEvent event = new BookEvent();
                assertEquals(bytes.length, EventCodec.decode(in, 3, bytes.length, event), name);
                length = EventCodec.encode(event, out, 5);
            }
            else
            {
                final ExecutionEvent event = new ExecutionEvent();
                assertEquals(bytes.length, EventCodec.decode(in, 3, bytes.length, event), name);
                length = EventCodec.encode(event, out, 5);
            }
            final byte[] again = new byte[length];
            out.getBytes(5, again);
            assertEquals(HEX.formatHex(bytes), HEX.formatHex(again), name);
        }
    }

    static List<String> golden() throws IOException
    {
        try (InputStream in = EventCodecCompatibilityTest.class.getResourceAsStream(GOLDEN))
        {
            final List<String> lines = new ArrayList<>();
            for (final String line : new String(in.readAllBytes(), StandardCharsets.US_ASCII).split("\n"))
            {
                if (!line.isBlank() && !line.startsWith("#"))
                {
                    lines.add(line);
                }
            }
            return lines;
        }
    }

    /** @return one line per event, {@code <name> <hex of its encoding>}, in a fixed order */
    static List<String> encodeAll()
    {
        final List<String> lines = new ArrayList<>();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[EventDescriptor.MAX_EXECUTION_EVENT_LENGTH + 16]);
        int seed = 0;
        for (final ExecutionEvent.Kind kind : ExecutionEvent.Kind.values())
        {
            for (int variant = 0; variant < 4; variant++)
            {
                seed++;
                final ExecutionEvent e = execution(kind, variant, seed);
                buffer.setMemory(0, buffer.capacity(), (byte)0x5A);
                final int length = EventCodec.encode(e, buffer, 7);
                lines.add("execution-" + kind + "-" + variant + " " + hex(buffer, 7, length));
            }
        }
        for (final BookEvent.Type type : BookEvent.Type.values())
        {
            for (int variant = 0; variant < 3; variant++)
            {
                seed++;
                final BookEvent e = book(type, variant, seed);
                buffer.setMemory(0, buffer.capacity(), (byte)0x5A);
                final int length = EventCodec.encode(e, buffer, 7);
                lines.add("book-" + type + "-" + variant + " " + hex(buffer, 7, length));
            }
        }
        return lines;
    }

    /** Variant 0 and 1: every enum set (cycling through the values); 2: every enum absent; 3: the longest ids. */
    private static ExecutionEvent execution(final ExecutionEvent.Kind kind, final int variant, final int seed)
    {
        final ExecutionEvent e = new ExecutionEvent();
        e.kind = kind;
        final boolean absent = variant == 2;
        e.cause = absent ? null : pick(CommandType.values(), seed);
        e.execType = absent ? null : pick(ExecType.values(), seed + 1);
        e.ordStatus = absent ? null : pick(OrdStatus.values(), seed + 2);
        e.rejectReason = pick(RejectReason.values(), absent ? 0 : seed + 3);
        e.side = absent ? null : pick(Side.values(), seed + 4);
        e.orderType = absent ? null : pick(OrderType.values(), seed + 5);
        e.timeInForce = absent ? null : pick(TimeInForce.values(), seed + 6);
        e.cxlRejResponseTo = absent ? null : pick(CommandType.values(), seed + 7);
        e.recovered = variant == 1;
        e.sessionId = (int)value(seed, 1);
        e.partition = (int)value(seed, 2);
        e.instrumentId = (int)value(seed, 3);
        e.affectedOrders = (int)value(seed, 4);
        e.correlationId = value(seed, 5);
        e.orderId = value(seed, 6);
        e.execId = value(seed, 7);
        e.price = -value(seed, 8);
        e.orderQty = value(seed, 9);
        e.cumQty = value(seed, 10);
        e.leavesQty = value(seed, 11);
        e.avgPx = value(seed, 12);
        e.lastPx = value(seed, 13);
        e.lastQty = value(seed, 14);
        e.contraOrderId = value(seed, 15);
        e.transactTimeNs = value(seed, 16);
        e.gatewayInNs = value(seed, 17);
        e.engineInNs = value(seed, 18);
        e.matchStartNs = value(seed, 19);
        e.engineOutNs = value(seed, 20);
        e.journalIndex = value(seed, 21);
        if (variant == 3)
        {
            e.clOrdId.set("C".repeat(AsciiId.MAX_LENGTH));
            e.origClOrdId.set("O".repeat(AsciiId.MAX_LENGTH));
        }
        else if (variant != 2)
        {
            e.clOrdId.set("cl-" + seed);
            e.origClOrdId.set(variant == 0 ? "" : "orig-" + seed);
        }
        return e;
    }

    /** Variant 0 and 1: every enum set (cycling through the values), 1 recovered; 2: every enum but the type absent. */
    private static BookEvent book(final BookEvent.Type type, final int variant, final int seed)
    {
        final BookEvent e = new BookEvent();
        e.type = type;
        final boolean absent = variant == 2;
        e.side = absent ? null : pick(Side.values(), seed);
        e.aggressorSide = absent ? null : pick(Side.values(), seed + 1);
        e.tradingStatus = absent ? null : pick(TradingStatus.values(), seed + 2);
        e.recovered = variant == 1;
        e.instrumentId = (int)value(seed, 1);
        e.sequence = value(seed, 2);
        e.orderId = value(seed, 3);
        e.price = -value(seed, 4);
        e.quantity = value(seed, 5);
        e.tradeQuantity = value(seed, 6);
        e.aggressorOrderId = value(seed, 7);
        e.execId = value(seed, 8);
        e.engineInNs = value(seed, 9);
        e.matchStartNs = value(seed, 10);
        e.engineOutNs = value(seed, 11);
        return e;
    }

    private static <E> E pick(final E[] values, final int index)
    {
        return values[index % values.length];
    }

    /** A value distinct per event and field, with every byte of a long non-zero, so a misplaced field shows. */
    private static long value(final int seed, final int field)
    {
        return 0x0101010101010101L * field + 0x1000L * seed + 0x0807060504030201L;
    }

    private static String hex(final UnsafeBuffer buffer, final int offset, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(offset, bytes);
        return HEX.formatHex(bytes);
    }
}
