package io.kairos.latency.testing;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A generated conversation whose market data reaches the capture the awkward ways a busy host records it, with the
 * answer every order's figures must give. One order connection sends a NewOrderSingle every 20 µs, each
 * acknowledged 20-80 µs later (a later order's ack may come first); every subscriber receives one 35=X naming each
 * order 10-50 µs after it was sent (at least 1 µs after the one before), and acknowledges (pure ACKs) what it has
 * received in order. The {@link Effect}s applied to the market data:
 * <ul>
 *   <li>{@link Effect#SPLIT}: the stream is sent in segments of 40-160 bytes whatever the message boundaries (a
 *       message in 1-4 segments, a segment holding the end of one message and the start of the next), each sent
 *       1-5 µs after the one before or when its last byte was produced;</li>
 *   <li>{@link Effect#INVERTED}: about one segment in five is captured 1-10 µs after the segment that follows it
 *       (and so, at times, after later ones too);</li>
 *   <li>{@link Effect#RETRANSMITTED}: about one segment in six is sent again after every byte it repeats was
 *       captured — half of them 1-3 µs after, while an earlier segment may still be missing, the others up to 300 µs
 *       after — from a random point inside the segment before it to the end of the segment itself or of the next
 *       one (so copies overlap one another and the originals).</li>
 * </ul>
 * The answer is worked out from the definition alone: a byte's time is the earliest capture of any copy of it, a
 * message's time that of its first byte, an order's first tick the earliest over its subscribers' copies and its
 * last tick the latest of those. Deterministic for a seed.
 */
public final class AwkwardMarketData
{
    public enum Effect
    {
        SPLIT, INVERTED, RETRANSMITTED
    }

    /** What the analysis must find for one order: times in epoch ns. */
    public record Expected(String clOrdId, long requestNs, long ackNs, long firstTickNs, long lastTickNs)
    {
    }

    private static final long US = 1_000;
    private static final long ORDER_INTERVAL_NS = 20 * US;
    private static final long FIRST_ORDER_NS = KairosTraffic.T0_NS + 1_000 * US;

    private final List<Frame> frames = new ArrayList<>();
    private final List<Expected> expected = new ArrayList<>();

    private AwkwardMarketData()
    {
    }

    public static AwkwardMarketData generate(
        final long seed, final int orders, final int subscribers, final Set<Effect> effects)
    {
        final AwkwardMarketData capture = new AwkwardMarketData();
        capture.build(new Random(seed), orders, subscribers, effects.isEmpty() ?
            EnumSet.noneOf(Effect.class) : EnumSet.copyOf(effects));
        return capture;
    }

    /** Every frame, in capture-time order (ties keep the order they were made in). */
    public List<Frame> frames()
    {
        return frames;
    }

    public List<Expected> expected()
    {
        return expected;
    }

    private void build(final Random random, final int orders, final int subscribers, final Set<Effect> effects)
    {
        final TcpConnection order = TcpConnection.ethernet(KairosTraffic.client(false),
            KairosTraffic.server(false, 9880));
        frames.add(order.syn(KairosTraffic.T0_NS));
        frames.add(order.synAck(KairosTraffic.T0_NS + US));
        final long[] requestNs = new long[orders];
        final long[] ackNs = new long[orders];
        final List<long[]> orderEntry = new ArrayList<>();
        for (int k = 0; k < orders; k++)
        {
            requestNs[k] = FIRST_ORDER_NS + k * ORDER_INTERVAL_NS;
            ackNs[k] = requestNs[k] + (20 + random.nextInt(61)) * US;
            orderEntry.add(new long[] {requestNs[k], k, 0});
            orderEntry.add(new long[] {ackNs[k], k, 1});
        }
        orderEntry.sort(Comparator.comparingLong(message -> message[0]));
        for (final long[] message : orderEntry)
        {
            final int k = (int)message[1];
            frames.add(message[2] == 0 ? order.fromClient(message[0], KairosTraffic.newOrder("N" + k)) :
                order.fromServer(message[0], KairosTraffic.ack("N" + k, "O" + k, "0")));
        }
        final long[] first = new long[orders];
        final long[] last = new long[orders];
        java.util.Arrays.fill(first, Long.MAX_VALUE);
        for (int s = 0; s < subscribers; s++)
        {
            final long[] messageNs = subscriber(random, s, requestNs, effects);
            for (int k = 0; k < orders; k++)
            {
                first[k] = Math.min(first[k], messageNs[k]);
                last[k] = Math.max(last[k], messageNs[k]);
            }
        }
        for (int k = 0; k < orders; k++)
        {
            expected.add(new Expected("N" + k, requestNs[k], ackNs[k], first[k], last[k]));
        }
        frames.sort(Comparator.comparingLong(Frame::timeNs));
    }

    /** Adds subscriber {@code s}'s frames; returns the expected time of each order's tick on it. */
    private long[] subscriber(final Random random, final int s, final long[] requestNs, final Set<Effect> effects)
    {
        final TcpConnection connection = new TcpConnection(KairosTraffic.subscriber(false, s),
            KairosTraffic.server(false, 9881), Link.ETHERNET, 5_000 * (s + 1), -5 - s);
        frames.add(connection.syn(KairosTraffic.T0_NS + (10 + s) * US));
        frames.add(connection.synAck(KairosTraffic.T0_NS + (20 + s) * US));
        final List<byte[]> messages = new ArrayList<>();
        messages.add(KairosTraffic.tick("OTHER"));
        final long[] producedNs = new long[requestNs.length + 1];
        producedNs[0] = KairosTraffic.T0_NS + (100 + s) * US;
        final int[] messageStart = new int[requestNs.length + 1];
        final int[] messageEnd = new int[requestNs.length + 1];
        messageEnd[0] = messages.get(0).length;
        for (int k = 0; k < requestNs.length; k++)
        {
            messages.add(KairosTraffic.tick("O" + k));
            producedNs[k + 1] = Math.max(producedNs[k] + US, requestNs[k] + (10 + random.nextInt(40)) * US);
            messageStart[k + 1] = messageEnd[k];
            messageEnd[k + 1] = messageEnd[k] + messages.get(k + 1).length;
        }
        final List<long[]> segments = new ArrayList<>();
        if (effects.contains(Effect.SPLIT))
        {
            int offset = 0;
            int message = 0;
            long time = 0;
            while (offset < messageEnd[requestNs.length])
            {
                final int end = Math.min(messageEnd[requestNs.length], offset + 40 + random.nextInt(121));
                while (messageEnd[message] < end)
                {
                    message++;
                }
                time = Math.max(time + (1 + random.nextInt(5)) * US, producedNs[message]);
                segments.add(new long[] {offset, end - offset, time});
                offset = end;
            }
        }
        else
        {
            for (int k = 0; k <= requestNs.length; k++)
            {
                segments.add(new long[] {messageStart[k], messageEnd[k] - messageStart[k], producedNs[k]});
            }
        }
        final byte[] stream = TestFix.concat(messages.toArray(new byte[0][]));
        if (effects.contains(Effect.INVERTED))
        {
            for (int i = 1; i + 1 < segments.size(); i++)
            {
                if (random.nextInt(5) == 0)
                {
                    segments.get(i)[2] = segments.get(i + 1)[2] + (1 + random.nextInt(10)) * US;
                    i++;
                }
            }
        }
        final int originals = segments.size();
        if (effects.contains(Effect.RETRANSMITTED))
        {
            for (int i = 2; i + 1 < originals; i++)
            {
                if (random.nextInt(6) == 0)
                {
                    final long[] before = segments.get(i - 1);
                    final long[] upTo = segments.get(random.nextBoolean() ? i : i + 1);
                    final long from = before[0] + random.nextInt((int)before[1]);
                    long latest = 0;
                    for (int j = i - 1; segments.get(j) != upTo; j++)
                    {
                        latest = Math.max(latest, segments.get(j)[2]);
                    }
                    latest = Math.max(latest, upTo[2]);
                    final long delayNs = (1 + random.nextInt(random.nextBoolean() ? 3 : 300)) * US;
                    segments.add(new long[] {from, upTo[0] + upTo[1] - from, latest + delayNs});
                }
            }
        }
        segments.sort(Comparator.comparingLong(segment -> segment[2]));
        final long[] byteNs = new long[stream.length];
        java.util.Arrays.fill(byteNs, Long.MAX_VALUE);
        final boolean[] received = new boolean[stream.length];
        int acknowledged = 0;
        for (final long[] segment : segments)
        {
            final int from = (int)segment[0];
            final int length = (int)segment[1];
            frames.add(connection.fromServerAt(segment[2], from, java.util.Arrays.copyOfRange(stream, from,
                from + length)));
            for (int b = from; b < from + length; b++)
            {
                byteNs[b] = Math.min(byteNs[b], segment[2]);
                received[b] = true;
            }
            int contiguous = acknowledged;
            while (contiguous < stream.length && received[contiguous])
            {
                contiguous++;
            }
            if (contiguous > acknowledged)
            {
                acknowledged = contiguous;
                frames.add(connection.clientAckAt(segment[2] + 500, acknowledged));
            }
        }
        final long[] messageNs = new long[requestNs.length];
        for (int k = 0; k < requestNs.length; k++)
        {
            messageNs[k] = byteNs[messageStart[k + 1]];
        }
        return messageNs;
    }
}
