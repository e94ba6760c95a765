package io.kairos.latency.generate;

import java.io.IOException;
import java.nio.file.Path;
import java.util.SplittableRandom;

import io.kairos.latency.net.NetworkHeadersDescriptor;

/**
 * Generates a realistic Kairos capture for benchmarks and tests: order-entry clients on port 9880 sending
 * NewOrderSingle (and every 10th round a cancel) answered by ExecutionReports with the Kairos stamps, and market-data
 * subscribers on port 9881 receiving one 35=X per order with MDEntryID = OrderID. Every latency is drawn from a
 * seeded generator, so a run is reproducible. One FIX message per TCP segment, packets in time order.
 * Owned by the calling thread.
 */
public final class SyntheticCaptureGenerator
{
    public static final int ORDER_PORT = 9880;
    public static final int MARKET_DATA_PORT = 9881;
    private static final int SERVER_IP = 0x0A000101;
    private static final long START_NS = 1_767_225_600_000_000_000L;
    private static final int SYN_ACK = NetworkHeadersDescriptor.TCP_SYN | NetworkHeadersDescriptor.TCP_ACK;
    private static final int PSH_ACK = 0x08 | NetworkHeadersDescriptor.TCP_ACK;

    /** What was generated, for checking an analysis against it. */
    public record Summary(long messages, long packets, long orders, long cancels, long ticks)
    {
    }

    private final int orderConnections;
    private final int subscribers;
    private final SplittableRandom random;
    private final FixMessageBuilder fix = new FixMessageBuilder("FIX.4.4");
    private final int[] clientToServer;
    private final int[] serverToClient;
    private final int[] mdSequence;
    private final long[] clientMsgSeq;
    private PcapFileWriter writer;
    private long messages;
    private long timeNs = START_NS;

    public SyntheticCaptureGenerator(final int orderConnections, final int subscribers, final long seed)
    {
        this.orderConnections = orderConnections;
        this.subscribers = subscribers;
        this.random = new SplittableRandom(seed);
        this.clientToServer = new int[orderConnections];
        this.serverToClient = new int[orderConnections];
        this.mdSequence = new int[subscribers];
        this.clientMsgSeq = new long[orderConnections];
    }

    /** Writes at least {@code targetMessages} FIX messages to {@code file}. */
    public Summary generate(final Path file, final long targetMessages) throws IOException
    {
        long orders = 0;
        long cancels = 0;
        long ticks = 0;
        try (PcapFileWriter pcap = new PcapFileWriter(file))
        {
            writer = pcap;
            handshakes();
            while (messages < targetMessages)
            {
                orders++;
                ticks += orderRound(orders);
                if (orders % 10 == 0)
                {
                    cancels++;
                    ticks += cancelRound(orders);
                }
            }
            return new Summary(messages, pcap.packets(), orders, cancels, ticks);
        }
    }

    private void handshakes() throws IOException
    {
        for (int c = 0; c < orderConnections; c++)
        {
            clientToServer[c] = random.nextInt();
            serverToClient[c] = random.nextInt();
            writer.writeTcp(tick(), clientIp(c), clientPort(c), SERVER_IP, ORDER_PORT, clientToServer[c]++, 0,
                NetworkHeadersDescriptor.TCP_SYN, fix.bytes(), 0);
            writer.writeTcp(tick(), SERVER_IP, ORDER_PORT, clientIp(c), clientPort(c), serverToClient[c]++,
                clientToServer[c], SYN_ACK, fix.bytes(), 0);
        }
        for (int s = 0; s < subscribers; s++)
        {
            mdSequence[s] = random.nextInt();
            writer.writeTcp(tick(), SERVER_IP, MARKET_DATA_PORT, subscriberIp(s), subscriberPort(s), mdSequence[s]++,
                0, SYN_ACK, fix.bytes(), 0);
        }
    }

    private long tick()
    {
        timeNs += 1_000 + random.nextInt(20_000);
        return timeNs;
    }

    private long orderRound(final long order) throws IOException
    {
        final int c = (int)(order % orderConnections);
        final long requestNs = tick();
        fix.start("D").field(49, "CLIENT" + (c + 1)).field(56, "KAIROS").field(34, ++clientMsgSeq[c])
            .field(11, "C" + order).field(55, "KRS" + (order % 7)).field(54, order % 2 == 0 ? "1" : "2")
            .field(38, 100 + order % 900).field(40, "2").field(44, "100." + (order % 100)).field(59, "0");
        sendToServer(c, requestNs);
        final long engineOutNs = acknowledge(c, requestNs, "C" + order, "O" + order, "0");
        return ticks(engineOutNs, "O" + order, "0");
    }

    private long cancelRound(final long order) throws IOException
    {
        final int c = (int)(order % orderConnections);
        final long requestNs = tick();
        fix.start("F").field(49, "CLIENT" + (c + 1)).field(56, "KAIROS").field(34, ++clientMsgSeq[c])
            .field(11, "K" + order).field(41, "C" + order).field(37, "O" + order).field(55, "KRS" + (order % 7));
        sendToServer(c, requestNs);
        final long engineOutNs = acknowledge(c, requestNs, "K" + order, "O" + order, "4");
        return ticks(engineOutNs, "O" + order, "2");
    }

    /** Writes the ExecutionReport with the Kairos stamps; returns the engine-out stamp. */
    private long acknowledge(final int c, final long requestNs, final String clOrdId, final String orderId,
        final String execType) throws IOException
    {
        final long gatewayIn = requestNs + 2_000 + random.nextInt(3_000);
        final long engineIn = gatewayIn + 1_000 + random.nextInt(2_000);
        final long engineOut = engineIn + 500 + random.nextInt(1_500);
        final long responseIn = engineOut + 1_000 + random.nextInt(2_000);
        final long sending = responseIn + 500 + random.nextInt(1_000);
        fix.start("8").field(49, "KAIROS").field(56, "CLIENT" + (c + 1)).field(34, clientMsgSeq[c])
            .field(52, sendingTime(sending)).field(11, clOrdId).field(37, orderId).field(17, "E" + clOrdId)
            .field(150, execType).field(39, execType).field(5979, gatewayIn).field(21002, engineIn)
            .field(21003, engineOut).field(7765, responseIn);
        final long wire = sending + 2_000 + random.nextInt(3_000);
        fix.finish();
        writer.writeTcp(wire, SERVER_IP, ORDER_PORT, clientIp(c), clientPort(c), serverToClient[c],
            clientToServer[c], PSH_ACK, fix.bytes(), fix.length());
        serverToClient[c] += fix.length();
        messages++;
        timeNs = Math.max(timeNs, wire);
        return engineOut;
    }

    private long ticks(final long engineOutNs, final String orderId, final String action) throws IOException
    {
        long wire = Math.max(timeNs, engineOutNs);
        for (int s = 0; s < subscribers; s++)
        {
            final long sending = engineOutNs + 3_000 + random.nextInt(5_000) + s * 1_000L;
            fix.start("X").field(49, "KAIROS-MD").field(56, "MD" + (s + 1)).field(34, mdSequence[s])
                .field(52, sendingTime(sending)).field(21002, engineOutNs - 700).field(21003, engineOutNs)
                .field(268, 1).field(279, action).field(269, "0").field(278, orderId).field(55, "KRS")
                .field(270, "100.5").field(271, 100);
            wire = Math.max(wire + 100, sending + 2_000 + random.nextInt(2_000));
            fix.finish();
            writer.writeTcp(wire, SERVER_IP, MARKET_DATA_PORT, subscriberIp(s), subscriberPort(s), mdSequence[s], 1,
                PSH_ACK, fix.bytes(), fix.length());
            mdSequence[s] += fix.length();
            messages++;
        }
        timeNs = Math.max(timeNs, wire);
        return subscribers;
    }

    private void sendToServer(final int c, final long timestampNs) throws IOException
    {
        fix.finish();
        writer.writeTcp(timestampNs, clientIp(c), clientPort(c), SERVER_IP, ORDER_PORT, clientToServer[c],
            serverToClient[c], PSH_ACK, fix.bytes(), fix.length());
        clientToServer[c] += fix.length();
        messages++;
    }

    private static String sendingTime(final long epochNs)
    {
        final java.time.LocalDateTime time = java.time.LocalDateTime.ofEpochSecond(
            epochNs / 1_000_000_000L, (int)(epochNs % 1_000_000_000L), java.time.ZoneOffset.UTC);
        return String.format("%04d%02d%02d-%02d:%02d:%02d.%09d", time.getYear(), time.getMonthValue(),
            time.getDayOfMonth(), time.getHour(), time.getMinute(), time.getSecond(), time.getNano());
    }

    private static int clientIp(final int c)
    {
        return 0x0A000200 + c + 1;
    }

    private static int clientPort(final int c)
    {
        return 40_000 + c;
    }

    private static int subscriberIp(final int s)
    {
        return 0x0A000300 + s + 1;
    }

    private static int subscriberPort(final int s)
    {
        return 50_000 + s;
    }
}
