package io.kairos.fix;

import static io.kairos.fix.Requests.BUY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.aeron.archive.ArchiveMarkFile;
import io.aeron.archive.codecs.mark.MarkFileHeaderDecoder;
import io.aeron.archive.codecs.mark.MessageHeaderDecoder;
import io.kairos.engine.Engine;
import io.kairos.engine.EngineConfig;
import io.kairos.fix.delivery.SentSequenceFloor;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.MsgSeqNum;

/**
 * What a restart after {@code kill -9} finds, produced deterministically in process: the archive's mark
 * file still looks alive, and Artio's recovered log ends before the last messages that went out on the
 * wire (its archive had not recorded them yet). The real {@code kill -9} runs in it-tests' CrashRecoveryIT.
 */
class CrashRestartTest
{
    private static final int ORDERS_LOST = 60;

    @TempDir
    Path dir;

    @Test
    void shouldRefuseASecondGatewayOnTheSameDataDirectoryAndLeaveTheFirstRunning() throws Exception
    {
        final Path gatewayDir = dir.resolve("gateway");
        try (GatewayFixture first = GatewayFixture.start(gatewayDir);
            Engine engine = new Engine(EngineConfig.defaults(GatewayFixture.INSTRUMENTS)))
        {
            final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> FixGateway.launch(
                FixGatewayConfig.defaults(gatewayDir).withPort(0), engine.config().instruments(), engine.publisher(),
                new SimpleMeterRegistry()));
            assertTrue(refused.getMessage().contains(gatewayDir.toAbsolutePath() +
                " is in use by another running gateway (pid " +
                ProcessHandle.current().pid()), refused.getMessage());

            try (QfjClient client = first.client(1, dir.resolve("store")).startAndLogon())
            {
                assertEquals("STILL-UP", client.place(Requests.limit("STILL-UP", BUY, "AAPL", 1, 95)).getString(11));
            }
        }
    }

    @Test
    void shouldStartAtOnceWhenAKilledGatewayLeftAnActiveLookingArchiveMarkFile() throws Exception
    {
        final Path gatewayDir = dir.resolve("gateway");
        GatewayFixture.start(gatewayDir).close();
        final Path markFile = gatewayDir.resolve("archive").resolve(ArchiveMarkFile.FILENAME);
        stampActivityNow(markFile);

        try (GatewayFixture restarted = GatewayFixture.start(gatewayDir);
            QfjClient client = restarted.client(1, dir.resolve("store")).startAndLogon())
        {
            assertEquals("AFTER", client.place(Requests.limit("AFTER", BUY, "AAPL", 1, 95)).getString(11));
        }
    }

    @Test
    void shouldResumeAfterTheLastSequenceNumberOnTheWireWhenArtiosLogLostItsTail() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        final int lastOnWire;
        try (QfjClient client = GatewayFixture.client(1, port, dir.resolve("store")))
        {
            try (GatewayFixture fixture = GatewayFixture.startOn(gatewayDir, port))
            {
                assertEquals(port, fixture.port());
                client.startAndLogon();
                client.place(Requests.limit("BEFORE", BUY, "AAPL", 1, 95));
                lastOnWire = client.logoutAndAwaitReply();
                client.stop();
            }
            final int lostTail = 5;
            try (SentSequenceFloor floor = SentSequenceFloor.open(gatewayDir, List.of()))
            {
                assertEquals(lastOnWire, floor.lastSent("CLIENT01"),
                    "the mark is the last number the client received (the Logout)");
                floor.onSent(floor.slot("CLIENT01"), lastOnWire + lostTail);
            }

            try (GatewayFixture restarted = GatewayFixture.startOn(gatewayDir, port))
            {
                assertEquals(port, restarted.port());
                client.startAndLogon();
                final int logon = client.lastLogonSeqNum();
                assertEquals(lastOnWire + lostTail + 1, logon, "Logon took the number after the mark; session " +
                    "messages received: " + client.adminReceived());
                // the client asks for the numbers before the Logon; the order goes once they are gap-filled
                Await.until("the gap before the Logon filled; session messages received: " + client.adminReceived(),
                    () -> client.session().getExpectedTargetNum() > logon);
                final Message ack = client.place(Requests.limit("AFTER", BUY, "AAPL", 1, 95));
                assertEquals("AFTER", ack.getString(11));
                // QuickFIX/J hands an application message over only in sequence, so the ack's arrival shows the lost
                // numbers were gap-filled. It takes the Logon's next number, after any session message the gateway
                // sent first (a ResendRequest when its log had not kept the client's last Logout at close).
                final int ackSeqNum = ack.getHeader().getInt(MsgSeqNum.FIELD);
                assertEquals(logon + 1 + client.sessionMessagesNumberedBetween(logon, ackSeqNum), ackSeqNum,
                    "the ack's number; session messages received: " + client.adminReceived());
                assertTrue(client.session().isLoggedOn());
            }
        }
    }

    /**
     * After a crash the Logon resumed after the mark, the client asked for the numbers before it, and the
     * session then answered nothing. The messages the archive had not recorded were still in Artio's replay index;
     * its replayer waited for the restarted recording to reach them, and meanwhile the connection's sender held back
     * every new message of the session. Here the archive lost the acks of {@value #ORDERS_LOST} orders (the
     * restarted recording would need as many bytes of new traffic before the replay could start).
     */
    @Test
    void shouldAnswerAtOnceAfterAResendOfMessagesTheArchiveNeverRecorded() throws Exception
    {
        final int port = FreePorts.one();
        final Path gatewayDir = dir.resolve("gateway");
        try (QfjClient client = GatewayFixture.client(1, port, dir.resolve("store")))
        {
            final int firstLost;
            final int lastOnWire;
            try (GatewayFixture fixture = GatewayFixture.startJournalled(gatewayDir, dir, port))
            {
                assertEquals(port, fixture.port());
                client.startAndLogon();
                client.place(Requests.limit("REST-0", BUY, "AAPL", 1, 95));
                firstLost = client.place(Requests.limit("REST-1", BUY, "AAPL", 1, 95)).getHeader()
                    .getInt(MsgSeqNum.FIELD);
                for (int i = 2; i <= ORDERS_LOST; i++)
                {
                    client.place(Requests.limit("REST-" + i, BUY, "AAPL", 1, 95));
                }
                lastOnWire = client.logoutAndAwaitReply();
                client.stop();
            }
            // the acks from REST-1's on and the Logout reached the socket and Artio's replay index, not its archive ...
            assertTrue(ArchiveTailCut.cut(gatewayDir, firstLost) >= lastOnWire);
            // ... nor the client, whose connection the kill reset: it asks for them again after the Logon
            client.expectNextFromGateway(firstLost);
            try (GatewayFixture restarted = GatewayFixture.startJournalled(gatewayDir, dir, port))
            {
                assertEquals(port, restarted.port());
                client.startAndLogon();
                final int logon = client.lastLogonSeqNum();
                assertTrue(logon > lastOnWire, "Logon after the mark; received: " + client.adminReceived());
                Await.until("the lost numbers gap-filled; session messages received: " + client.adminReceived(),
                    () -> client.session().getExpectedTargetNum() > logon);
                assertTrue((" " + client.adminReceived() + " ").contains(" 4/" + firstLost + " "),
                    "a SequenceReset-GapFill from the first lost number; received: " + client.adminReceived());

                client.send(Requests.status("REST-" + ORDERS_LOST, BUY, "AAPL"));
                final Message status = client.expectReport('I');
                assertEquals("REST-" + ORDERS_LOST, status.getString(11));
                assertEquals('0', status.getChar(39), "the order rests: " + status);
                client.send(Requests.cancel("CX-0", "REST-0", BUY, "AAPL"));
                assertEquals("REST-0", client.expectReport('4').getString(41));
                final Message ack = client.place(Requests.limit("AFTER", BUY, "AAPL", 1, 93));
                final int ackSeqNum = ack.getHeader().getInt(MsgSeqNum.FIELD);
                assertEquals(logon + 3 + client.sessionMessagesNumberedBetween(logon, ackSeqNum), ackSeqNum,
                    "the ack's number; session messages received: " + client.adminReceived());
                assertTrue(client.session().isLoggedOn());
            }
        }
    }

    /** What a process killed while running leaves: the archive's mark file with a fresh activity timestamp. */
    private static void stampActivityNow(final Path markFile) throws Exception
    {
        assertTrue(Files.exists(markFile), markFile + " exists after a clean close too");
        try (RandomAccessFile file = new RandomAccessFile(markFile.toFile(), "rw"))
        {
            final MappedByteBuffer mapped = file.getChannel().map(FileChannel.MapMode.READ_WRITE, 0, file.length());
            try
            {
                final int offset = MessageHeaderDecoder.ENCODED_LENGTH +
                    MarkFileHeaderDecoder.activityTimestampEncodingOffset();
                new UnsafeBuffer(mapped).putLongVolatile(offset, System.currentTimeMillis());
            }
            finally
            {
                IoUtil.unmap(mapped);
            }
        }
    }
}
