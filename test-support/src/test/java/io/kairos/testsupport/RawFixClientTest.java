package io.kairos.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Against a real loopback peer: the test thread writes and reads the peer's side itself, no threads. */
class RawFixClientTest
{
    private static final long BOUND_MS = 10_000;

    private ServerSocket listener;
    private RawFixClient client;
    private Socket peer;

    @BeforeEach
    void connect() throws IOException
    {
        listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        client = new RawFixClient(listener.getLocalPort(), "CLIENT01", "KAIROS");
        peer = listener.accept();
        peer.setSoTimeout((int)BOUND_MS);
    }

    @AfterEach
    void close() throws IOException
    {
        client.close();
        peer.close();
        listener.close();
    }

    @Test
    void shouldFrameEachMessageWithBodyLengthCheckSumAndTheNextMsgSeqNum() throws IOException
    {
        client.send("D", "11=A|55=AAPL|");
        client.logon("CLIENT01", "client01pass");
        final String first = peerRead(client.frameWithSeqNum("D", "11=A|55=AAPL|", "1").length);
        assertWellFramed(first);
        assertEquals("D", RawFixClient.field(first, 35));
        assertEquals("CLIENT01", RawFixClient.field(first, 49));
        assertEquals("KAIROS", RawFixClient.field(first, 56));
        assertEquals("1", RawFixClient.field(first, 34));
        assertEquals("AAPL", RawFixClient.field(first, 55));
        final String logon = peerRead(client.frameWithSeqNum("A", "98=0|108=30|553=CLIENT01|554=client01pass|", "2")
            .length);
        assertWellFramed(logon);
        assertEquals("2", RawFixClient.field(logon, 34));
        assertEquals("client01pass", RawFixClient.field(logon, 554));
        assertEquals(3, client.nextSeqNum());
    }

    @Test
    void shouldSendAnyMsgSeqNumWithoutTouchingItsOwnNumbering() throws IOException
    {
        final byte[] hostile = client.frameWithSeqNum("0", "", "abc");
        client.sendWithSeqNum("0", "", "abc");
        final String sent = peerRead(hostile.length);
        assertWellFramed(sent);
        assertEquals("abc", RawFixClient.field(sent, 34));
        assertEquals(1, client.nextSeqNum());
    }

    @Test
    void shouldReadAWholeMessageOnlyOnceItsLastByteHasArrived() throws IOException
    {
        final byte[] heartbeat = client.frameWithSeqNum("0", "112=X|", "1");
        peerWrite(Arrays.copyOf(heartbeat, heartbeat.length - 1));
        assertNull(client.readNext(50), "half a message is no message");
        peerWrite(Arrays.copyOfRange(heartbeat, heartbeat.length - 1, heartbeat.length));
        assertEquals(new String(heartbeat, StandardCharsets.US_ASCII).replace('\u0001', '|'),
            client.readNext(BOUND_MS));
        assertFalse(client.closedByPeer());
    }

    @Test
    void shouldSkipMessagesOfOtherTypesUntilTheOneAskedFor() throws IOException
    {
        peerWrite(concat(client.frameWithSeqNum("0", "", "1"), client.frameWithSeqNum("8", "11=B|", "2"),
            client.frameWithSeqNum("0", "", "3")));
        assertEquals("B", RawFixClient.field(client.readMessage("8", BOUND_MS), 11));
        assertEquals("3", RawFixClient.field(client.readNext(BOUND_MS), 34), "the message after it stays readable");
    }

    @Test
    void shouldTellThatThePeerClosedTheConnection() throws IOException
    {
        peerWrite(client.frameWithSeqNum("5", "58=bye|", "1"));
        peer.close();
        assertEquals("bye", RawFixClient.field(client.readMessage("5", BOUND_MS), 58));
        assertNull(client.readNext(BOUND_MS));
        assertTrue(client.closedByPeer());
        assertTrue(client.awaitClosedByPeer(BOUND_MS));
    }

    @Test
    void shouldWaitForTheClosePassingOverEverythingBefore() throws IOException
    {
        peerWrite(client.frameWithSeqNum("0", "", "1"));
        peer.close();
        assertTrue(client.awaitClosedByPeer(BOUND_MS));
    }

    @Test
    void shouldReadUntilAMarkerHasArrivedTheExpectedNumberOfTimesIncludingWhatAnEarlierReadLeft() throws IOException
    {
        peerWrite(concat(client.frameWithSeqNum("0", "", "1"), client.frameWithSeqNum("8", "", "2"),
            client.frameWithSeqNum("8", "", "3")));
        assertEquals("1", RawFixClient.field(client.readMessage("0", BOUND_MS), 34));
        final String rest = client.readUntilCount("|35=8|", 2, BOUND_MS);
        assertTrue(rest.contains("|34=2|") && rest.contains("|34=3|"), rest);
        peer.close();
        assertEquals("", client.readUntilClosed(BOUND_MS));
        assertTrue(client.closedByPeer());
    }

    @Test
    void shouldWriteRawBytesAsTheyAre() throws IOException
    {
        client.write("GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals("GET / HTTP/1.1\r\n", peerRead(16));
    }

    @Test
    void shouldFindAFieldByItsWholeTagOrNothing()
    {
        final String message = "8=FIX.4.4|9=5|35=0|112=X|10=000|";
        assertEquals("X", RawFixClient.field(message, 112));
        assertEquals("0", RawFixClient.field(message, 35));
        assertNull(RawFixClient.field(message, 12));
    }

    private static void assertWellFramed(final String message)
    {
        final String soh = message.replace('|', '\u0001');
        final int bodyStart = soh.indexOf('\u0001', soh.indexOf("\u00019=") + 1) + 1;
        final int checksumAt = soh.lastIndexOf("10=");
        assertTrue(soh.startsWith("8=FIX.4.4\u00019="), message);
        assertEquals(Integer.parseInt(RawFixClient.field(message, 9)), checksumAt - bodyStart, message);
        int sum = 0;
        for (final byte b : soh.substring(0, checksumAt).getBytes(StandardCharsets.US_ASCII))
        {
            sum += b & 0xFF;
        }
        assertEquals(String.format("%03d", sum % 256), RawFixClient.field(message, 10), message);
    }

    private String peerRead(final int length) throws IOException
    {
        final InputStream in = peer.getInputStream();
        return new String(in.readNBytes(length), StandardCharsets.US_ASCII).replace('\u0001', '|');
    }

    private void peerWrite(final byte[] bytes) throws IOException
    {
        final OutputStream out = peer.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    private static byte[] concat(final byte[]... frames)
    {
        final StringBuilder all = new StringBuilder();
        for (final byte[] frame : frames)
        {
            all.append(new String(frame, StandardCharsets.US_ASCII));
        }
        return all.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
