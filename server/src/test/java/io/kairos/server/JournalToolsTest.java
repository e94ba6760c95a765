package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The journal tools against a journal the real engine wrote, run as real processes. */
class JournalToolsTest
{
    @TempDir
    static Path dir;
    static RecordedJournal recorded;

    @BeforeAll
    static void recordJournal() throws Exception
    {
        recorded = RecordedJournal.record(dir);
    }

    @Test
    void replayOfTheLiveJournalGivesTheLiveDigest() throws Exception
    {
        final ServerCli.Result result = ServerCli.run(dir, "replay", "--config", recorded.configFile.toString());
        System.out.println(result.out() + result.err() + recorded.liveDigest);
        assertEquals(0, result.exit());
    }

    @Test
    void exportDebug() throws Exception
    {
        final ServerCli.Result result = ServerCli.run(dir, "journal", "--config", recorded.configFile.toString());
        System.out.println(result.out() + result.err());
        assertEquals(0, result.exit());
    }
}
