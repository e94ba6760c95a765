package io.kairos.latency.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * A small Kairos conversation with known latencies: one order-entry connection (client 10.0.0.1 / fd00::1 → server
 * port 9880) and {@code subscribers} market-data connections (server port 9881). Order "A1" is acknowledged 250 µs
 * after it was sent (OrderID "O1", ExecType 0, all Kairos stamps) and reaches subscriber k (0-based) 300 + 60·k µs
 * after it was sent; all times are whole microseconds so every container variant can hold them.
 */
public final class KairosTraffic
{
    public static final long T0_NS = 1_767_225_600_000_000_000L;
    public static final long REQUEST_NS = T0_NS + 1_000_000;
    public static final long ACK_LATENCY_NS = 250_000;
    public static final long GATEWAY_IN_NS = REQUEST_NS + 20_000;
    public static final long ENGINE_IN_NS = GATEWAY_IN_NS + 30_000;
    public static final long ENGINE_OUT_NS = ENGINE_IN_NS + 40_000;
    public static final long RESPONSE_IN_NS = ENGINE_OUT_NS + 50_000;
    public static final long SENDING_NS = RESPONSE_IN_NS + 60_000;

    public static final long TICK_SENDING_DELAY_NS = 15_000;

    private KairosTraffic()
    {
    }

    public static long tickLatencyNs(final int subscriber)
    {
        return 300_000 + 60_000L * subscriber;
    }

    public static Endpoint client(final boolean ipv6)
    {
        return ipv6 ? Endpoint.ipv6(1, 40_001) : Endpoint.ipv4(10, 0, 0, 1, 40_001);
    }

    public static Endpoint server(final boolean ipv6, final int port)
    {
        return ipv6 ? Endpoint.ipv6(100, port) : Endpoint.ipv4(10, 0, 0, 100, port);
    }

    public static Endpoint subscriber(final boolean ipv6, final int index)
    {
        return ipv6 ? Endpoint.ipv6(10 + index, 50_000 + index) : Endpoint.ipv4(10, 0, 1, 10 + index, 50_000 + index);
    }

    public static byte[] newOrder(final String clOrdId)
    {
        return TestFix.message("D", 49, "CLIENT01", 56, "KAIROS", 11, clOrdId, 55, "KRS1", 54, 1, 38, 100, 40, 2,
            44, "100.5");
    }

    public static byte[] ack(final String clOrdId, final String orderId, final String execType)
    {
        return TestFix.message("8", 49, "KAIROS", 56, "CLIENT01", 52, utcTimestamp(SENDING_NS), 11, clOrdId,
            37, orderId, 17, "E" + clOrdId, 150, execType, 39, execType, 5979, GATEWAY_IN_NS, 21002, ENGINE_IN_NS,
            21003, ENGINE_OUT_NS, 7765, RESPONSE_IN_NS);
    }

    /** FIX UTCTimestamp with nanoseconds, e.g. 20260101-00:00:00.001200000. */
    public static String utcTimestamp(final long epochNs)
    {
        final java.time.LocalDateTime time = java.time.LocalDateTime.ofEpochSecond(epochNs / 1_000_000_000L,
            (int)(epochNs % 1_000_000_000L), java.time.ZoneOffset.UTC);
        return String.format("%04d%02d%02d-%02d:%02d:%02d.%09d", time.getYear(), time.getMonthValue(),
            time.getDayOfMonth(), time.getHour(), time.getMinute(), time.getSecond(), time.getNano());
    }

    public static byte[] tick(final String orderId)
    {
        return TestFix.message("X", 49, "KAIROS-MD", 56, "MD01", 52,
            utcTimestamp(ENGINE_OUT_NS + TICK_SENDING_DELAY_NS), 21002, ENGINE_IN_NS, 21003, ENGINE_OUT_NS, 268, 1,
            279, 0, 269, 0, 278, orderId, 270, "100.5", 271, 100);
    }

    /** Frames of the conversation on {@code orderLink} / {@code mdLink}, in time order. */
    public static List<Frame> frames(final Link orderLink, final Link mdLink, final boolean ipv6,
        final int subscribers)
    {
        final Link[] links = new Link[subscribers];
        java.util.Arrays.fill(links, mdLink);
        return frames(orderLink, 0, links, new int[subscribers], ipv6);
    }

    /** As above with one link and pcapng interface per subscriber (the order connection on {@code orderInterface}). */
    public static List<Frame> frames(final Link orderLink, final int orderInterface, final Link[] subscriberLinks,
        final int[] subscriberInterfaces, final boolean ipv6)
    {
        final List<Frame> frames = new ArrayList<>();
        final TcpConnection order = new TcpConnection(client(ipv6), server(ipv6, 9880), orderLink, 1000, 900_000);
        frames.add(order.syn(T0_NS).onInterface(orderInterface));
        frames.add(order.synAck(T0_NS + 10_000).onInterface(orderInterface));
        final List<TcpConnection> md = new ArrayList<>();
        for (int s = 0; s < subscriberLinks.length; s++)
        {
            final TcpConnection connection = new TcpConnection(subscriber(ipv6, s), server(ipv6, 9881),
                subscriberLinks[s], 5000 * (s + 1), -5);
            md.add(connection);
            frames.add(connection.syn(T0_NS + 20_000 + s * 1000L).onInterface(subscriberInterfaces[s]));
            frames.add(connection.synAck(T0_NS + 30_000 + s * 1000L).onInterface(subscriberInterfaces[s]));
        }
        frames.add(order.fromClient(REQUEST_NS, newOrder("A1")).onInterface(orderInterface));
        frames.add(order.fromServer(REQUEST_NS + ACK_LATENCY_NS, ack("A1", "O1", "0")).onInterface(orderInterface));
        for (int s = 0; s < subscriberLinks.length; s++)
        {
            frames.add(md.get(s).fromServer(REQUEST_NS + tickLatencyNs(s), tick("O1"))
                .onInterface(subscriberInterfaces[s]));
        }
        return frames;
    }
}
