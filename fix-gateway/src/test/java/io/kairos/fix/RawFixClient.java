package io.kairos.fix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A bare TCP FIX 4.4 client for tests that need exact control of the bytes (refused logons, floods):
 * frames messages with BodyLength and CheckSum, reads raw bytes with a bounded timeout. Not thread-safe.
 */
final class RawFixClient implements AutoCloseable
{
    private static final DateTimeFormatter SENDING_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Socket socket;
    private final String senderCompId;
    private int nextSeqNum = 1;

    RawFixClient(final int port, final String senderCompId) throws IOException
    {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        this.senderCompId = senderCompId;
    }

    void logon(final String username, final String password) throws IOException
    {
        send("A", "98=0|108=30|553=" + username + "|554=" + password + "|");
    }

    /** Sends one message; {@code body} uses '|' for SOH and holds the fields after the standard header. */
    void send(final String msgType, final String body) throws IOException
    {
        write(frame(msgType, body));
    }

    void write(final byte[] bytes) throws IOException
    {
        final OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    byte[] frame(final String msgType, final String body)
    {
        return frameWithSeqNum(msgType, body, Integer.toString(nextSeqNum++));
    }

    /** Frames a message with MsgSeqNum exactly {@code seqNum} (hostile values included); the client's own numbering is untouched. */
    byte[] frameWithSeqNum(final String msgType, final String body, final String seqNum)
    {
        final String header = "35=" + msgType + "|49=" + senderCompId + "|56=KAIROS|34=" + seqNum +
            "|52=" + SENDING_TIME.format(Instant.now()) + "|";
        final String content = (header + body).replace('|', '\u0001');
        final String head = "8=FIX.4.4\u00019=" + content.length() + "\u0001";
        final byte[] withoutChecksum = (head + content).getBytes(StandardCharsets.US_ASCII);
        int sum = 0;
        for (final byte b : withoutChecksum)
        {
            sum += b & 0xFF;
        }
        return (head + content + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Reads until the peer closes the connection or {@code timeoutMs} passes.
     * @return everything read, '|' for SOH; {@link #closedByPeer()} tells which happened.
     */
    String readUntilClosed(final long timeoutMs) throws IOException
    {
        return readUntilCount(null, 0, timeoutMs);
    }

    /**
     * Reads until {@code expected} occurrences of {@code marker} ('|' for SOH; null: never) have arrived, the peer
     * closed the connection, or {@code timeoutMs} passed. @return everything read, '|' for SOH.
     */
    String readUntilCount(final String marker, final int expected, final long timeoutMs) throws IOException
    {
        final StringBuilder text = new StringBuilder();
        final InputStream in = socket.getInputStream();
        final long deadline = System.currentTimeMillis() + timeoutMs;
        final byte[] buffer = new byte[64 * 1024];
        int found = 0;
        int searchFrom = 0;
        while ((marker == null || found < expected) && System.currentTimeMillis() < deadline)
        {
            socket.setSoTimeout((int)Math.max(1, deadline - System.currentTimeMillis()));
            try
            {
                final int read = in.read(buffer);
                if (read < 0)
                {
                    closed = true;
                    break;
                }
                text.append(new String(buffer, 0, read, StandardCharsets.US_ASCII).replace('\u0001', '|'));
            }
            catch (final SocketTimeoutException e)
            {
                break;
            }
            catch (final IOException e)
            {
                closed = true;
                break;
            }
            if (marker != null)
            {
                for (int at = text.indexOf(marker, searchFrom); at >= 0; at = text.indexOf(marker, at + 1))
                {
                    found++;
                    searchFrom = at + 1;
                }
                searchFrom = Math.max(searchFrom, text.length() - marker.length());
            }
        }
        return text.toString();
    }

    private boolean closed;
    private final StringBuilder pending = new StringBuilder();

    /** The MsgSeqNum the next {@link #send} will carry. */
    int nextSeqNum()
    {
        return nextSeqNum;
    }

    /**
     * Reads the next whole message ('|' for SOH) whose MsgType is {@code msgType}, skipping others; null when none
     * arrives within {@code timeoutMs} or the peer closes first.
     */
    String readMessage(final String msgType, final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        String message;
        while ((message = readNext(deadline - System.currentTimeMillis())) != null)
        {
            if (message.contains("|35=" + msgType + "|"))
            {
                return message;
            }
        }
        return null;
    }

    /** Reads the next whole message of any type ('|' for SOH); null when none arrives in time or the peer closes. */
    String readNext(final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        final byte[] buffer = new byte[4096];
        while (true)
        {
            final int end = pending.indexOf("|10=");
            if (end >= 0 && pending.indexOf("|", end + 1) >= 0)
            {
                final int messageEnd = pending.indexOf("|", end + 1) + 1;
                final String message = pending.substring(0, messageEnd);
                pending.delete(0, messageEnd);
                return message;
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
                pending.append(new String(buffer, 0, read, StandardCharsets.US_ASCII).replace('\u0001', '|'));
            }
            catch (final SocketTimeoutException e)
            {
                return null;
            }
        }
    }

    /** The value of {@code tag} in a message read by {@link #readMessage}, or null. */
    static String field(final String message, final int tag)
    {
        final String key = "|" + tag + "=";
        final int start = message.indexOf(key);
        return start < 0 ? null : message.substring(start + key.length(), message.indexOf('|', start + key.length()));
    }

    boolean closedByPeer()
    {
        return closed;
    }

    @Override
    public void close() throws IOException
    {
        socket.close();
    }
}
