package io.kairos.latency.capture;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CaptureTimeOrderTest
{
    private static final long WINDOW_NS = 1_000;

    /** What the downstream handler received: packet number, time and a copy of the bytes. */
    private record Received(long packetNumber, long timestampNs, byte[] bytes, long fileOffset, int linkType,
        TimeSource timeSource)
    {
    }

    private final List<Received> received = new ArrayList<>();
    private final PacketHandler recorder =
        (buffer, offset, captured, original, linkType, timeNs, source, number, fileOffset) ->
    {
        final byte[] bytes = new byte[captured];
        buffer.get(offset, bytes, 0, captured);
        received.add(new Received(number, timeNs, bytes, fileOffset, linkType, source));
    };

    private static void feed(final PacketHandler handler, final long number, final long timeNs, final byte[] bytes)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(bytes.length + 7);
        buffer.put(7, bytes);
        handler.onPacket(buffer, 7, bytes.length, bytes.length, 1, timeNs, sourceOf(number), number, number * 100);
        buffer.put(7, new byte[bytes.length]); // the reader's buffer is reused after the call
    }

    /** Odd packets carry a trailer's stamp, even ones the host's: the clock must travel with its packet. */
    private static TimeSource sourceOf(final long number)
    {
        return number % 2 == 1 ? TimeSource.METAMAKO : TimeSource.HOST;
    }

    private static byte[] bytesOf(final long number, final int length)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)(number * 31 + i);
        }
        return bytes;
    }

    private List<Long> numbers()
    {
        return received.stream().map(Received::packetNumber).toList();
    }

    @Test
    void shouldHandOnAPacketReadAfterALaterOneInCaptureTimeOrderWithItsOwnBytes()
    {
        final CaptureTimeOrder order = new CaptureTimeOrder(recorder, WINDOW_NS, 16, 1024);

        feed(order, 1, 10_000, bytesOf(1, 40));
        feed(order, 2, 10_300, bytesOf(2, 50));
        feed(order, 3, 10_200, bytesOf(3, 60));
        feed(order, 4, 10_400, bytesOf(4, 70));
        assertEquals(List.of(), numbers(), "all within the window: nothing handed on yet");
        feed(order, 5, 11_250, bytesOf(5, 80));
        assertEquals(List.of(1L, 3L), numbers(), "10,000 and 10,200 are a window older than 11,250");
        order.finish();

        assertEquals(List.of(1L, 3L, 2L, 4L, 5L), numbers());
        assertEquals(1, order.reordered());
        for (final Received r : received)
        {
            assertArrayEquals(bytesOf(r.packetNumber(), 30 + 10 * (int)r.packetNumber()), r.bytes());
            assertEquals(r.packetNumber() * 100, r.fileOffset());
            assertEquals(1, r.linkType());
            assertEquals(sourceOf(r.packetNumber()), r.timeSource(), "the clock travels with its packet");
        }
    }

    @Test
    void shouldKeepFileOrderForEqualCaptureTimes()
    {
        final CaptureTimeOrder order = new CaptureTimeOrder(recorder, WINDOW_NS, 16, 1024);
        feed(order, 1, 500, bytesOf(1, 8));
        feed(order, 2, 500, bytesOf(2, 8));
        feed(order, 3, 400, bytesOf(3, 8));
        feed(order, 4, 500, bytesOf(4, 8));
        order.finish();

        assertEquals(List.of(3L, 1L, 2L, 4L), numbers());
        assertEquals(1, order.reordered());
    }

    @Test
    void shouldHandOnTheEarliestWhenItHoldsAsManyPacketsOrBytesAsItMay()
    {
        final CaptureTimeOrder byCount = new CaptureTimeOrder(recorder, WINDOW_NS, 2, 1024);
        feed(byCount, 1, 100, bytesOf(1, 8));
        feed(byCount, 2, 90, bytesOf(2, 8));
        feed(byCount, 3, 110, bytesOf(3, 8));
        assertEquals(List.of(2L, 1L), numbers(), "two held at most: room is freed in file order, so 1 goes too");
        byCount.finish();
        assertEquals(List.of(2L, 1L, 3L), numbers());

        received.clear();
        final CaptureTimeOrder byBytes = new CaptureTimeOrder(recorder, WINDOW_NS, 16, 100);
        feed(byBytes, 1, 100, bytesOf(1, 60));
        feed(byBytes, 2, 101, bytesOf(2, 60));
        assertEquals(List.of(1L), numbers(), "100 bytes held at most");
        byBytes.finish();
        assertEquals(List.of(1L, 2L), numbers());
    }

    @Test
    void shouldHandOnAPacketLargerThanItsWholeBufferAfterEverythingHeld()
    {
        final CaptureTimeOrder order = new CaptureTimeOrder(recorder, WINDOW_NS, 16, 100);
        feed(order, 1, 100, bytesOf(1, 10));
        feed(order, 2, 101, bytesOf(2, 500));
        feed(order, 3, 102, bytesOf(3, 10));
        order.finish();

        assertEquals(List.of(1L, 2L, 3L), numbers());
        assertArrayEquals(bytesOf(2, 500), received.get(1).bytes());
    }

    @Test
    void shouldPutEveryInversionWithinTheWindowInOrderAndLoseNoByteAcrossTheBufferWrap()
    {
        final Random random = new Random(20261127);
        final List<Received> sent = new ArrayList<>();
        final CaptureTimeOrder order = new CaptureTimeOrder(recorder, WINDOW_NS, 64, 4096);
        long clock = 1_000_000;
        for (long n = 1; n <= 20_000; n++)
        {
            clock += random.nextInt(200);
            final long timeNs = clock - (random.nextInt(10) == 0 ? random.nextInt((int)WINDOW_NS / 2) : 0);
            final byte[] bytes = bytesOf(n, 1 + random.nextInt(300));
            sent.add(new Received(n, timeNs, bytes, n * 100, 1, sourceOf(n)));
            feed(order, n, timeNs, bytes);
        }
        order.finish();

        final List<Received> expected = new ArrayList<>(sent);
        expected.sort(Comparator.comparingLong(Received::timestampNs)); // stable: equal times keep file order
        assertEquals(expected.stream().map(Received::packetNumber).toList(), numbers());
        for (int i = 0; i < expected.size(); i++)
        {
            assertArrayEquals(expected.get(i).bytes(), received.get(i).bytes(), "packet " + received.get(i));
        }
        assertTrue(order.reordered() > 1_000, "the flow had inversions to repair: " + order.reordered());
    }

    @Test
    void shouldNotAllocatePerPacket()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long thread = Thread.currentThread().threadId();
        final long[] handedOn = new long[1];
        final CaptureTimeOrder order = new CaptureTimeOrder(
            (buffer, offset, captured, original, linkType, timeNs, source, number, fileOffset) -> handedOn[0]++,
            WINDOW_NS, 64, 4096);
        final ByteBuffer buffer = ByteBuffer.allocate(256);
        long timeNs = 1_000_000;
        long before = 0;
        for (long n = 1; n <= 200_000; n++)
        {
            if (n == 100_001)
            {
                before = threads.getThreadAllocatedBytes(thread);
            }
            timeNs += n % 7 == 0 ? -300 : 400;
            order.onPacket(buffer, 0, (int)(n % 200), 256, 1, timeNs, TimeSource.HOST, n, n);
        }
        final long allocated = threads.getThreadAllocatedBytes(thread) - before;
        order.finish();

        assertEquals(200_000, handedOn[0]);
        assertTrue(order.reordered() > 0);
        assertTrue(allocated < 1024, "bytes allocated over the last 100,000 packets: " + allocated);
    }

    @Test
    void shouldRefuseANegativeWindowOrNoRoom()
    {
        assertThrows(IllegalArgumentException.class, () -> new CaptureTimeOrder(recorder, -1, 16, 1024));
        assertThrows(IllegalArgumentException.class, () -> new CaptureTimeOrder(recorder, 0, 0, 1024));
        assertThrows(IllegalArgumentException.class, () -> new CaptureTimeOrder(recorder, 0, 16, 0));
    }
}
