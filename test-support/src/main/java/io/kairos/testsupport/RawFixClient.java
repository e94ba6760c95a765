package io.kairos.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A bare FIX 4.4 client over a loopback socket, for tests that need exact control of the bytes (refused logons,
 * hostile values, floods, non-FIX input): frames exactly the fields given ('|' for SOH) with BodyLength and
 * CheckSum and any MsgSeqNum, writes raw bytes, and reads whole messages back ('|' for SOH) with a bounded wait.
 * Reading splits the stream at each CheckSum field, which is all a test of a well-behaved peer needs. Owned by one
 * test thread; not thread-safe.
 */
public final class RawFixClient implements AutoCloseable
{
    private static final DateTimeFormatter SENDING_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Socket socket;
    private final String senderCompId;
    private final String targetCompId;
    /** Bytes read but not yet returned as a whole message, '|' for SOH. */
    private final StringBuilder pending = new StringBuilder();
    private int nextSeqNum = 1;
    private boolean closed;

    public RawFixClient(final int port, final String senderCompId, final String targetCompId) throws IOException
    {
        this(port, senderCompId, targetCompId, "127.0.0.1");
    }

    /** Connects from {@code localAddress} (on Linux any of 127/8 is local: 127.0.0.2 is another client address). */
    public RawFixClient(final int port, final String senderCompId, final String targetCompId,
        final String localAddress) throws IOException
    {
        socket = new Socket();
        socket.bind(new java.net.InetSocketAddress(localAddress, 0));
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port), 10_000);
        socket.setTcpNoDelay(true);
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
    }

    /** The MsgSeqNum the next {@link #send} will carry. */
    public int nextSeqNum()
    {
        return nextSeqNum;
    }

    /**
     * Numbers the next {@link #send} {@code seqNum}: a new connection of a session that continues its sequence (a
     * logon after an earlier connection's logout or drop). @return this client
     */
    public RawFixClient continueAt(final int seqNum)
    {
        nextSeqNum = seqNum;
        return this;
    }

    /** Sends a Logon (no encryption, 30 s heartbeat) with Username (553) and Password (554). */
    public void logon(final String username, final String password) throws IOException
    {
        send("A", "98=0|108=30|553=" + username + "|554=" + password + "|");
    }

    /** Sends one message with the next MsgSeqNum; {@code body} holds the fields after the standard header. */
    public void send(final String msgType, final String body) throws IOException
    {
        write(frame(msgType, body));
    }

    /** Sends one message with MsgSeqNum exactly {@code seqNum} (hostile values included); numbering untouched. */
    public void sendWithSeqNum(final String msgType, final String body, final String seqNum) throws IOException
    {
        write(frameWithSeqNum(msgType, body, seqNum));
    }

    /** Writes {@code bytes} as they are (several frames at once, or non-FIX input). */
    public void write(final byte[] bytes) throws IOException
    {
        final OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** Frames a message with the next MsgSeqNum, without sending it. */
    public byte[] frame(final String msgType, final String body)
    {
        return frameWithSeqNum(msgType, body, Integer.toString(nextSeqNum++));
    }

    /** Frames a message with MsgSeqNum exactly {@code seqNum}; the client's own numbering is untouched. */
    public byte[] frameWithSeqNum(final String msgType, final String body, final String seqNum)
    {
        final String header = "35=" + msgType + "|49=" + senderCompId + "|56=" + targetCompId + "|34=" + seqNum +
            "|52=" + SENDING_TIME.format(Instant.now()) + "|";
        final String content = (header + body).replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + content.length() + "\u0001";
        int sum = 0;
        for (final byte b : (head + content).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        return (head + content + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * The next whole message of type {@code msgType} (null: of any type), skipping others; null when none arrives
     * within {@code timeoutMs} or the peer closes first ({@link #closedByPeer()} tells which).
     */
    public String readMessage(final String msgType, final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        final byte[] buffer = new byte[8192];
        while (true)
        {
            final int checksum = pending.indexOf("|10=");
            final int end = checksum < 0 ? -1 : pending.indexOf("|", checksum + 1);
            if (end >= 0)
            {
                final String message = pending.substring(0, end + 1);
                pending.delete(0, end + 1);
                if (msgType == null || message.contains("|35=" + msgType + "|"))
                {
                    return message;
                }
                continue;
            }
            final long remaining = deadline - System.currentTimeMillis();
            if (remaining <= 0)
            {
                return null;
            }
            socket.setSoTimeout((int)remaining);
            try
            {
                final int read = socket.getInputStream().read(buffer);
                if (read < 0)
                {
                    closed = true;
                    return null;
                }
                pending.append(ascii(buffer, read));
            }
            catch (final SocketTimeoutException e)
            {
                return null;
            }
        }
    }

    /** The next whole message of any type; null when none arrives in time or the peer closes. */
    public String readNext(final long timeoutMs) throws IOException
    {
        return readMessage(null, timeoutMs);
    }

    /** Reads and drops everything until the peer closes or {@code timeoutMs} passes. @return whether it closed. */
    public boolean awaitClosedByPeer(final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        try
        {
            while (!closed && System.currentTimeMillis() < deadline)
            {
                readMessage("(none)", deadline - System.currentTimeMillis());
            }
        }
        catch (final SocketException reset)
        {
            closed = true;
        }
        return closed;
    }

    /**
     * Reads until the peer closes the connection or {@code timeoutMs} passes.
     * @return everything read, '|' for SOH; {@link #closedByPeer()} tells which happened.
     */
    public String readUntilClosed(final long timeoutMs) throws IOException
    {
        return readUntilCount(null, 0, timeoutMs);
    }

    /**
     * Reads until {@code expected} occurrences of {@code marker} ('|' for SOH; null: never) have arrived, the peer
     * closed the connection (a reset counts), or {@code timeoutMs} passed. @return everything read, '|' for SOH,
     * starting with what earlier reads left unreturned.
     */
    public String readUntilCount(final String marker, final int expected, final long timeoutMs) throws IOException
    {
        final StringBuilder text = new StringBuilder(pending);
        pending.setLength(0);
        final InputStream in = socket.getInputStream();
        final long deadline = System.currentTimeMillis() + timeoutMs;
        final byte[] buffer = new byte[64 * 1024];
        int found = 0;
        int searchFrom = 0;
        while (true)
        {
            if (marker != null)
            {
                for (int at = text.indexOf(marker, searchFrom); at >= 0; at = text.indexOf(marker, at + 1))
                {
                    found++;
                    searchFrom = at + 1;
                }
                searchFrom = Math.max(searchFrom, text.length() - marker.length());
            }
            if ((marker != null && found >= expected) || System.currentTimeMillis() >= deadline)
            {
                return text.toString();
            }
            socket.setSoTimeout((int)Math.max(1, deadline - System.currentTimeMillis()));
            try
            {
                final int read = in.read(buffer);
                if (read < 0)
                {
                    closed = true;
                    return text.toString();
                }
                text.append(ascii(buffer, read));
            }
            catch (final SocketTimeoutException e)
            {
                return text.toString();
            }
            catch (final IOException e)
            {
                closed = true;
                return text.toString();
            }
        }
    }

    /** Whether a read saw the peer close the connection. */
    public boolean closedByPeer()
    {
        return closed;
    }

    /** The value of {@code tag} in a message read by this client ('|' for SOH), or null. */
    public static String field(final String message, final int tag)
    {
        final String key = "|" + tag + "=";
        final int start = message.indexOf(key);
        return start < 0 ? null : message.substring(start + key.length(), message.indexOf('|', start + key.length()));
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }

    private static String ascii(final byte[] buffer, final int length)
    {
        return new String(buffer, 0, length, StandardCharsets.US_ASCII).replace('\u0001', '|');
    }
}
