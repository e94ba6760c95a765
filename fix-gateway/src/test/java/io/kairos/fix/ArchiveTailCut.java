package io.kairos.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import io.aeron.CommonContext;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchivingMediaDriver;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import uk.co.real_logic.artio.CommonConfiguration;
import uk.co.real_logic.artio.engine.EngineConfiguration;

/**
 * What {@code kill -9} leaves when Artio's archive lagged the socket, made on purpose in the data directory of a
 * stopped gateway: the last outbound messages of the one session are cut from the archive's recording (they reached
 * the socket and Artio's replay index, not the archive), and Artio's sent sequence-number index is rebuilt from what
 * is left (its file is only flushed every few seconds, so after a kill it recovers from the archive).
 */
final class ArchiveTailCut
{
    private ArchiveTailCut()
    {
    }

    /**
     * Cuts the outbound messages numbered {@code firstCut} and above.
     *
     * @return the highest MsgSeqNum cut
     */
    static int cut(final Path gatewayDir, final int firstCut) throws IOException
    {
        final ReplayIndexTrim index = outboundIndex(gatewayDir);
        final List<Long> sessions = index.sessions();
        assertEquals(1, sessions.size(), "one session traded on " + gatewayDir + ": " + sessions);
        final List<ReplayIndexTrim.Entry> entries = index.entries(sessions.get(0));
        final int last = entries.get(entries.size() - 1).sequenceNumber();
        final ReplayIndexTrim.Entry cutAt = entries.stream().filter(entry -> entry.sequenceNumber() == firstCut)
            .findFirst().orElseThrow();
        truncate(gatewayDir, cutAt.recordingId(), cutAt.frameStart());
        try (Stream<Path> files = Files.list(gatewayDir.resolve("artio")))
        {
            for (final Path file : files.filter(f -> f.getFileName().toString().startsWith("sequence_numbers_sent"))
                .toList())
            {
                Files.delete(file);
            }
        }
        return last;
    }

    static ReplayIndexTrim outboundIndex(final Path gatewayDir)
    {
        return new ReplayIndexTrim(gatewayDir.resolve("artio").toFile(),
            CommonConfiguration.DEFAULT_OUTBOUND_LIBRARY_STREAM,
            EngineConfiguration.DEFAULT_REPLAY_INDEX_RECORD_CAPACITY,
            EngineConfiguration.DEFAULT_REPLAY_INDEX_SEGMENT_CAPACITY);
    }

    private static void truncate(final Path gatewayDir, final long recordingId, final long position)
    {
        final String aeronDir = gatewayDir.resolve("aeron-cut").toString();
        final MediaDriver.Context driver = new MediaDriver.Context().aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED).dirDeleteOnStart(true).dirDeleteOnShutdown(true);
        final Archive.Context archive = new Archive.Context().aeronDirectoryName(aeronDir)
            .archiveDir(new File(gatewayDir.resolve("archive").toString())).controlChannelEnabled(false)
            .archiveClientContext(new AeronArchive.Context().controlResponseChannel(CommonContext.IPC_CHANNEL))
            .replicationChannel("aeron:udp?endpoint=127.0.0.1:0").recordingEventsEnabled(false)
            .segmentFileLength(EmbeddedArtio.ARCHIVE_SEGMENT_BYTES).deleteArchiveOnStart(false);
        final ArchivingMediaDriver running = ArchivingMediaDriver.launch(driver, archive);
        try (AeronArchive client = AeronArchive.connect(new AeronArchive.Context().aeronDirectoryName(aeronDir)
            .controlRequestChannel(CommonContext.IPC_CHANNEL).controlResponseChannel(CommonContext.IPC_CHANNEL)))
        {
            assertTrue(client.getStopPosition(recordingId) > position, "the recording holds what is cut");
            client.truncateRecording(recordingId, position);
            assertEquals(position, client.getStopPosition(recordingId));
        }
        finally
        {
            CloseHelper.close(running);
        }
    }
}
