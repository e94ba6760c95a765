package io.kairos.it;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A bare FIX 4.4 client over a loopback socket for hostile input: frames exactly the bytes given ('|' for SOH) with
 * BodyLength and CheckSum, reads whole messages with a bounded wait. Not thread-safe. Test-only.
 */
final class RawSocketClient implements AutoCloseable
{
    private static final DateTimeFormatter SENDING_TIME =
        DateTimeFormatter.ofPattern("yyyyMMdd-HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private final Socket socket;
    private final String senderCompId;
    private final String targetCompId;
    private final StringBuilder pending = new StringBuilder();
    private int nextSeqNum = 1;
    private boolean closed;

    RawSocketClient(final int port, final String senderCompId, final String targetCompId) throws IOException
    {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        this.senderCompId = senderCompId;
        this.targetCompId = targetCompId;
    }

    int nextSeqNum()
    {
        return nextSeqNum;
    }

    /** Sends one message; {@code body} holds the fields after the standard header, '|' for SOH. */
    void send(final String msgType, final String body) throws IOException
    {
        sendWithSeqNum(msgType, body, Integer.toString(nextSeqNum++));
    }

    /** Sends one message with MsgSeqNum exactly {@code seqNum} (hostile values included); numbering untouched. */
    void sendWithSeqNum(final String msgType, final String body, final String seqNum) throws IOException
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
        final OutputStream out = socket.getOutputStream();
        out.write((head + content + String.format("10=%03d\u0001", sum % 256)).getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Writes {@code bytes} as they are (non-FIX input). */
    void sendRaw(final byte[] bytes) throws IOException
    {
        final OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    /** Reads and drops everything until the peer closes or {@code timeoutMs} passes. @return whether it closed. */
    boolean awaitClosedByPeer(final long timeoutMs) throws IOException
    {
        final long deadline = System.currentTimeMillis() + timeoutMs;
        try
        {
            while (!closed && System.currentTimeMillis() < deadline)
            {
                read("(none)", deadline - System.currentTimeMillis());
            }
        }
        catch (final java.net.SocketException reset)
        {
            closed = true;
        }
        return closed;
    }

    /**
     * The next whole message of type {@code msgType} ('|' for SOH; null: of any type), skipping others; null on timeout
     * or close.
     */
    String read(final String msgType, final long timeoutMs) throws IOException
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
                pending.append(new String(buffer, 0, read, StandardCharsets.US_ASCII).replace('\u0001', '|'));
            }
            catch (final SocketTimeoutException e)
            {
                return null;
            }
        }
    }

    boolean closedByPeer()
    {
        return closed;
    }

    /** The value of {@code tag} in a message returned by {@link #read}, or null. */
    static String field(final String message, final int tag)
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
}
