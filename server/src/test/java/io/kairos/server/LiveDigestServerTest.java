package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real server process with {@code engine.event-digest=true} and the demo flow: while it runs the journal tools
 * refuse its journal; once it stopped, it printed per partition the digest that a replay of its journal gives.
 */
class LiveDigestServerTest
{
    @TempDir
    Path dir;

    @Test
    void replayOfTheRunningVenuesJournalGivesTheDigestTheVenuePrintedAtStop() throws Exception
    {
        final int[] ports = FreePorts.pick(3);
        final Path config = dir.resolve("kairos.properties");
        Files.writeString(config, "fix.port=" + ports[0] + "\nmd.port=" + ports[1] + "\nmetrics.port=" + ports[2] +
            "\nfix.data-dir=" + dir.resolve("data/fix") + "\njournal.dir=" + dir.resolve("data/journal") +
            "\nsnapshot.dir=" + dir.resolve("data/snapshots") + "\nengine.event-digest=true\n");
        final Path out = dir.resolve("server.out");
        final Process server = start(config, out);
        try
        {
            Await.until("the venue is running", Await.DEFAULT_BOUND.multipliedBy(3),
                () -> read(out).contains("kairos-server: running"));
            Await.until("the demo flow journalled commands in both partitions",
                () -> hasRecord(dir.resolve("data/journal/p0")) && hasRecord(dir.resolve("data/journal/p1")));
            final ServerCli.Result refused = ServerCli.run(dir, "journal", "--config", config.toString());
            assertEquals(ToolExit.IN_USE, refused.exit(), refused.err());
        }
        finally
        {
            server.destroy(); // SIGTERM: a clean stop
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the venue stopped");
        }
        final List<String> live = ReplayCommandTest.digests(read(out));
        assertEquals(2, live.size(), read(out));
        final ServerCli.Result replay = ServerCli.run(dir, "replay", "--config", config.toString());
        assertEquals(0, replay.exit(), replay.err());
        assertEquals(live, ReplayCommandTest.digests(replay.out()));
        assertFalse(live.get(0).endsWith(" 0"), "partition 0 had events");
    }

    private static Process start(final Path config, final Path out) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (argument.startsWith("--add-") || argument.startsWith("--enable-native-access"))
            {
                command.add(argument);
            }
        }
        command.addAll(List.of("-Xmx512m", "-cp", System.getProperty("java.class.path"),
            KairosServer.class.getName(), "--config", config.toString(), "--demo-flow", "--demo-rate", "500"));
        return new ProcessBuilder(command).directory(config.getParent().toFile()).redirectErrorStream(true)
            .redirectOutput(out.toFile()).start();
    }

    /** Whether the partition's first segment holds a record (its first length is set); reads the file only. */
    private static boolean hasRecord(final Path partitionDir)
    {
        final Path segment = partitionDir.resolve("journal-00000000000000000001.dat");
        if (!Files.isRegularFile(segment))
        {
            return false;
        }
        try (FileChannel channel = FileChannel.open(segment, StandardOpenOption.READ))
        {
            final ByteBuffer length = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
            channel.read(length, 0);
            return length.getInt(0) > 0;
        }
        catch (final IOException ex)
        {
            return false;
        }
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "";
        }
    }
}
