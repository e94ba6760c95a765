package io.kairos.bench.fix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import org.agrona.concurrent.UnsafeBuffer;

import io.kairos.fix.wire.FixFieldIndex;
import io.kairos.fix.wire.FixWriter;

/**
 * A FIX acceptor for tests that answers like the echo server ({@link EchoResponder}) but can misbehave on purpose:
 * skip one outbound MsgSeqNum after a given number of messages, or send a TestRequest right after the Logon
 * answer. Renumbers every outbound frame itself (the responder's number plus the skips and injections so far).
 * Records the TestReqIDs of the Heartbeats and the Logouts it receives. As a market-data venue it answers a
 * MarketDataRequest (V) with a snapshot (W, RptSeq 10, no entries) per requested symbol, one incremental (X, RptSeq 11,
 * an order-by-order entry with MDEntryID 278) per symbol, and one more for the first symbol that skips RptSeq 12;
 * then it may cut one subscriber off as Kairos does a slow consumer (Logout with a Text, then close).
 * One thread per connection; the records are thread-safe.
 */
final class ScriptedFixPeer implements AutoCloseable
{
    /** The Text of the Logout that cuts a subscriber off, as Kairos' market-data gateway words it. */
    static final String CUT_OFF_TEXT = "slow consumer: more than 4096 messages queued";

    private static final byte[] FIX44 = bytes("FIX.4.4");

    private final ServerSocket serverSocket;
    private final int skipAfterMessages;
    private final String testRequestId;
    private final int throttledOrders;
    private final String cutOffSubscriber;
    private final boolean cutOffWithLogout;
    private final List<String> heartbeatTestReqIds = new CopyOnWriteArrayList<>();
    private final AtomicInteger logouts = new AtomicInteger();
    private final AtomicInteger heartbeats = new AtomicInteger();
    private final AtomicInteger orders = new AtomicInteger();
    private final List<String> marketDataRequests = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    /**
     * @param skipAfterMessages skip one MsgSeqNum after this many outbound messages per connection; 0 never
     * @param testRequestId     TestReqID of a TestRequest sent after the Logon answer, or null for none
     */
    ScriptedFixPeer(final int skipAfterMessages, final String testRequestId) throws IOException
    {
        this(skipAfterMessages, testRequestId, 0);
    }

    /**
     * @param throttledOrders answer the first this many NewOrderSingles of each connection as Kairos' throttle does
     *                        (BusinessMessageReject 380=99 "Throttle limit exceeded", naming the order by RefSeqNum
     *                        only)
     */
    ScriptedFixPeer(final int skipAfterMessages, final String testRequestId, final int throttledOrders)
        throws IOException
    {
        this(skipAfterMessages, testRequestId, throttledOrders, null, true);
    }

    /**
     * @param throttledOrders  as above; their Texts count up: "(150 in 1000ms)", "(151 in 1000ms)"...
     * @param cutOffSubscriber the SenderCompID of the market-data session to cut off after its market data; null
     *                         for none
     * @param cutOffWithLogout whether it is logged out with {@link #CUT_OFF_TEXT} before the disconnect, or only
     *                         disconnected
     */
    ScriptedFixPeer(final int skipAfterMessages, final String testRequestId, final int throttledOrders,
        final String cutOffSubscriber, final boolean cutOffWithLogout) throws IOException
    {
        this.cutOffSubscriber = cutOffSubscriber;
        this.cutOffWithLogout = cutOffWithLogout;
        this.skipAfterMessages = skipAfterMessages;
        this.testRequestId = testRequestId;
        this.throttledOrders = throttledOrders;
        serverSocket = new ServerSocket();
        serverSocket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        acceptor = Thread.ofPlatform().name("scripted-fix-acceptor").daemon(true).start(this::acceptLoop);
    }

    int port()
    {
        return serverSocket.getLocalPort();
    }

    List<String> heartbeatTestReqIds()
    {
        return heartbeatTestReqIds;
    }

    int logouts()
    {
        return logouts.get();
    }

    /** Heartbeats received, with or without a TestReqID. */
    int heartbeats()
    {
        return heartbeats.get();
    }

    int orders()
    {
        return orders.get();
    }

    /** Each MarketDataRequest received, as its fields 262, 263, 264, 266 and the symbols, with '|' for SOH. */
    List<String> marketDataRequests()
    {
        return marketDataRequests;
    }

    private void acceptLoop()
    {
        while (!serverSocket.isClosed())
        {
            try
            {
                final Socket socket = serverSocket.accept();
                socket.setTcpNoDelay(true);
                Thread.ofPlatform().daemon(true).start(() -> serve(socket));
            }
            catch (final IOException ex)
            {
                return;
            }
        }
    }

    private void serve(final Socket socket)
    {
        final byte[] bytes = new byte[1 << 16];
        final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
        final FixFieldIndex in = new FixFieldIndex(128);
        final FixFieldIndex outFields = new FixFieldIndex(128);
        final EchoResponder responder = new EchoResponder(System.currentTimeMillis() * 1_000_000L - System.nanoTime());
        final FixWriter frame = new FixWriter(4200);
        long seqOffset = 0;
        long sent = 0;
        long lastSeq = 0;
        int throttled = 0;
        int limit = 0;
        try (socket; InputStream input = socket.getInputStream(); OutputStream output = socket.getOutputStream())
        {
            while (true)
            {
                final int read = input.read(bytes, limit, bytes.length - limit);
                if (read < 0)
                {
                    return;
                }
                limit += read;
                int offset = 0;
                int length;
                while ((length = FixFramer.frameLength(buffer, offset, limit)) > 0)
                {
                    in.index(buffer, offset, length);
                    offset += length;
                    final byte type = in.firstByte(35);
                    record(in, type);
                    if (type == 'D' && throttled < throttledOrders)
                    {
                        throttled++;
                        seqOffset++;
                        lastSeq++;
                        message('j', lastSeq, "KAIROS", "CLIENT01", "45=" + in.longValue(34) +
                            "|372=D|380=99|58=Throttle limit exceeded (" + (149 + throttled) + " in 1000ms)|", frame,
                            output);
                        continue;
                    }
                    if (type == 'V')
                    {
                        final int count = marketData(in, lastSeq + 1, frame, output);
                        seqOffset += count;
                        lastSeq += count;
                        if (cutOffSubscriber != null && cutOffSubscriber.equals(in.stringAt(in.find(49))))
                        {
                            if (cutOffWithLogout)
                            {
                                message('5', ++lastSeq, "KAIROS-MD", cutOffSubscriber, "58=" + CUT_OFF_TEXT + "|",
                                    frame, output);
                            }
                            return;
                        }
                        continue;
                    }
                    final int action = responder.onMessage(in, System.nanoTime());
                    if (action == EchoResponder.NONE)
                    {
                        continue;
                    }
                    if (skipAfterMessages > 0 && sent == skipAfterMessages)
                    {
                        seqOffset++;
                    }
                    final FixWriter answer = responder.frame();
                    outFields.index(new UnsafeBuffer(answer.bytes()), answer.frameStart(),
                        answer.position() - answer.frameStart());
                    final long seq = outFields.longValue(34) + seqOffset;
                    renumber(outFields, seq, frame);
                    send(frame, output);
                    sent++;
                    lastSeq = seq;
                    if (type == 'A' && testRequestId != null)
                    {
                        seqOffset++;
                        lastSeq = seq + 1;
                        testRequest(lastSeq, testRequestId, frame);
                        send(frame, output);
                        sent++;
                    }
                    if (action == EchoResponder.RESPOND_AND_CLOSE)
                    {
                        return;
                    }
                }
                System.arraycopy(bytes, offset, bytes, 0, limit - offset);
                limit -= offset;
            }
        }
        catch (final IOException ex)
        {
            // the client closed: the connection's work is done
        }
    }

    private void record(final FixFieldIndex in, final byte type)
    {
        switch (type)
        {
            case '0' ->
            {
                heartbeats.incrementAndGet();
                final int field = in.find(112);
                if (field >= 0)
                {
                    heartbeatTestReqIds.add(in.stringAt(field));
                }
            }
            case '5' -> logouts.incrementAndGet();
            case 'D', 'F', 'G' -> orders.incrementAndGet();
            default ->
            {
            }
        }
    }

    /**
     * Answers a MarketDataRequest, numbering its messages from {@code firstSeq}; returns how many it sent.
     */
    private int marketData(final FixFieldIndex request, final long firstSeq, final FixWriter frame,
        final OutputStream output) throws IOException
    {
        final StringBuilder summary = new StringBuilder();
        for (final int tag : new int[] {262, 263, 264, 266})
        {
            final int field = request.find(tag);
            summary.append(tag).append('=').append(field < 0 ? "" : request.stringAt(field)).append('|');
        }
        final List<String> symbols = new java.util.ArrayList<>();
        for (int i = 0; i < request.count(); i++)
        {
            if (request.tag(i) == 55)
            {
                symbols.add(request.stringAt(i));
            }
        }
        marketDataRequests.add(summary + String.join(",", symbols));
        long seq = firstSeq;
        for (final String symbol : symbols)
        {
            mdMessage('W', seq++, "262=MD-all|55=" + symbol + "|83=10|268=0|", frame, output);
        }
        long entryId = 1000;
        for (final String symbol : symbols)
        {
            mdMessage('X', seq++, "268=1|279=0|269=0|278=" + entryId++ + "|55=" + symbol + "|83=11|270=1|271=1|",
                frame, output);
        }
        mdMessage('X', seq++, "268=1|279=2|269=0|278=" + entryId + "|55=" + symbols.get(0) + "|83=13|270=1|",
            frame, output);
        return (int)(seq - firstSeq);
    }

    private static void mdMessage(final char type, final long seq, final String fieldsWithBars,
        final FixWriter frame, final OutputStream output) throws IOException
    {
        message(type, seq, "KAIROS-MD", "MD01", fieldsWithBars, frame, output);
    }

    private static void message(final char type, final long seq, final String sender, final String target,
        final String fieldsWithBars, final FixWriter frame, final OutputStream output) throws IOException
    {
        frame.reset().beginMessage(FIX44);
        frame.field(35, type).field(49, sender).field(56, target).field(34, seq).tag(52)
            .utcTimestampMillis(System.currentTimeMillis() * 1_000_000L).soh()
            .ascii(bytes(fieldsWithBars.replace('|', '\u0001')));
        frame.finishMessage();
        send(frame, output);
    }

    private static void send(final FixWriter frame, final OutputStream output) throws IOException
    {
        output.write(frame.bytes(), frame.frameStart(), frame.position() - frame.frameStart());
    }

    /** Re-frames the indexed answer with MsgSeqNum {@code seq}. */
    private static void renumber(final FixFieldIndex fields, final long seq, final FixWriter frame)
    {
        frame.reset().beginMessage(FIX44);
        for (int i = 0; i < fields.count(); i++)
        {
            final int tag = fields.tag(i);
            if (tag == 8 || tag == 9 || tag == 10)
            {
                continue;
            }
            if (tag == 34)
            {
                frame.field(tag, seq);
            }
            else
            {
                frame.field(tag, fields, i);
            }
        }
        frame.finishMessage();
    }

    private static void testRequest(final long seq, final String id, final FixWriter frame)
    {
        frame.reset().beginMessage(FIX44);
        frame.field(35, '1').field(49, "KAIROS").field(56, "CLIENT01").field(34, seq).tag(52)
            .utcTimestampMillis(System.currentTimeMillis() * 1_000_000L).soh().field(112, id);
        frame.finishMessage();
    }

    private static byte[] bytes(final String text)
    {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    public void close() throws IOException
    {
        serverSocket.close();
        try
        {
            acceptor.join(2000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
