package io.kairos.md;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;

/**
 * A deliberately simple FIX 4.4 client over a plain socket, for byte-level tests: it builds
 * messages with correct BodyLength and CheckSum (or broken ones on purpose) and reads frames back.
 * Test-only; owned by the test thread.
 */
final class RawFixClient implements AutoCloseable
{
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS")
        .withZone(ZoneOffset.UTC);

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String sender;
    private final String target;
    private byte[] buffer = new byte[64 * 1024];
    private int length;
    int nextSeq = 1;

    RawFixClient(final int port, final String sender, final String target, final int receiveBufferBytes)
        throws IOException
    {
        socket = new Socket();
        if (receiveBufferBytes > 0)
        {
            socket.setReceiveBufferSize(receiveBufferBytes);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        this.sender = sender;
        this.target = target;
    }

    RawFixClient(final int port, final String sender) throws IOException
    {
        this(port, sender, "KAIROS-MD", 0);
    }

    /** Over a socket already connected (a TLS socket with its handshake done). */
    RawFixClient(final Socket connected, final String sender) throws IOException
    {
        socket = connected;
        socket.setTcpNoDelay(true);
        in = socket.getInputStream();
        out = socket.getOutputStream();
        this.sender = sender;
        target = "KAIROS-MD";
    }

    /** Logs on with the demo password of the CompID (MD01 -> md01pass) and waits for the Logon reply. */
    FixFrame logon() throws IOException
    {
        send("A", "98=0", "108=30", "553=" + sender, "554=" + sender.toLowerCase() + "pass");
        final FixFrame reply = readUntil("A", 5_000);
        if (reply == null)
        {
            throw new IOException("no Logon reply for " + sender);
        }
        return reply;
    }

    /** Sends a message with the next sequence number; fields are "tag=value". */
    void send(final String msgType, final String... fields) throws IOException
    {
        sendWithSeq(msgType, nextSeq++, fields);
    }

    void sendWithSeq(final String msgType, final long seq, final String... fields) throws IOException
    {
        sendWithSeq(msgType, Long.toString(seq), fields);
    }

    /** Sends with MsgSeqNum exactly {@code seq}, hostile values ("-1", "abc") included; the numbering is untouched. */
    void sendWithSeq(final String msgType, final String seq, final String... fields) throws IOException
    {
        sendRaw(message(sender, target, msgType, seq, fields));
    }

    /** A frame from {@code sender} to {@code target}: 35, 49, 56, 34, 52 (now), the "tag=value" fields, 9 and 10. */
    static byte[] message(
        final String sender, final String target, final String msgType, final String seq, final String... fields)
    {
        final StringBuilder body = new StringBuilder();
        body.append("35=").append(msgType).append('\u0001')
            .append("49=").append(sender).append('\u0001')
            .append("56=").append(target).append('\u0001')
            .append("34=").append(seq).append('\u0001')
            .append("52=").append(TIME.format(Instant.now())).append('\u0001');
        for (final String field : fields)
        {
            body.append(field).append('\u0001');
        }
        return frame(body.toString());
    }

    static byte[] frame(final String body)
    {
        final String head = "8=FIX.4.4\u00019=" + body.length() + "\u0001" + body;
        int sum = 0;
        for (final byte b : head.getBytes(StandardCharsets.US_ASCII))
        {
            sum += b;
        }
        return (head + String.format("10=%03d\u0001", sum & 0xFF)).getBytes(StandardCharsets.US_ASCII);
    }

    void sendRaw(final byte[] bytes) throws IOException
    {
        out.write(bytes);
        out.flush();
    }

    /** Subscribes; {@code aggregated} is "Y", "N" or null (absent). */
    void subscribe(final String mdReqId, final String symbol, final int depth, final String aggregated)
        throws IOException
    {
        if (aggregated == null)
        {
            send("V", "262=" + mdReqId, "263=1", "264=" + depth, "265=1", "267=3", "269=0", "269=1", "269=2", "146=1",
                "55=" + symbol);
        }
        else
        {
            send("V", "262=" + mdReqId, "263=1", "264=" + depth, "265=1", "266=" + aggregated, "267=3", "269=0",
                "269=1",
                "269=2", "146=1", "55=" + symbol);
        }
    }

    /**
     * @return the next frame, or null when none arrives within the timeout; throws EOFException when the server closed.
     */
    FixFrame read(final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (true)
        {
            final FixFrame frame = FixFrame.cut(buffer, length);
            if (frame != null)
            {
                System.arraycopy(buffer, frame.raw().length, buffer, 0, length - frame.raw().length);
                length -= frame.raw().length;
                return frame;
            }
            final long left = deadline - System.currentTimeMillis();
            if (left <= 0)
            {
                return null;
            }
            socket.setSoTimeout((int)Math.max(1, left));
            if (length == buffer.length)
            {
                buffer = Arrays.copyOf(buffer, buffer.length * 2);
            }
            try
            {
                final int n = in.read(buffer, length, buffer.length - length);
                if (n < 0)
                {
                    throw new EOFException("server closed the connection");
                }
                length += n;
            }
            catch (final SocketTimeoutException e)
            {
                return null;
            }
        }
    }

    /** Sends a message with the next sequence number, then {@link #readUntil} {@code replyType} (5 s). */
    FixFrame sendAndReadUntil(final String replyType, final String msgType, final String... fields) throws IOException
    {
        send(msgType, fields);
        return readUntil(replyType, 5_000);
    }

    /** Reads until a frame of this type arrives (others are skipped); null on timeout. */
    FixFrame readUntil(final String msgType, final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < deadline)
        {
            final FixFrame frame = read(deadline - System.currentTimeMillis());
            if (frame != null && frame.msgType().equals(msgType))
            {
                return frame;
            }
        }
        return null;
    }

    /** @return true when the server closes the connection within the timeout (frames read meanwhile are dropped). */
    boolean closedByServerWithin(final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        try
        {
            while (System.currentTimeMillis() < deadline)
            {
                read(deadline - System.currentTimeMillis());
            }
        }
        catch (final EOFException | java.net.SocketException e)
        {
            return true;
        }
        return false;
    }

    Socket socket()
    {
        return socket;
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }
}
