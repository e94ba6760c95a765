package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kairos-server journal} (a real process) on a journal the real engine wrote ({@link RecordedJournal}). */
class JournalExportTest
{
    static final String HEADER = String.join(",", JournalRows.COLUMNS);
    /** Partition 0's rows: commands 1-4 with their events (the trade is record 3). */
    static final String PARTITION_0 = """
        command,0,1,,NEW_ORDER,,,,,SELL,LIMIT,DAY,CLIENT01,AAPL,S1,,,,,190,1,,,,,,,,,\
        2026-03-01T09:30:00.000999000Z,2026-03-01T09:30:00.001000000Z,,1,,
        execution,0,1,1,EXECUTION_REPORT,NEW_ORDER,NEW,NEW,,SELL,LIMIT,DAY,CLIENT01,AAPL,S1,,256,256,,190,1,0,1,0,,,,,,\
        2026-03-01T09:30:00.000999000Z,2026-03-01T09:30:00.001000000Z,,1,,
        book,0,1,2,ADD,,,,,SELL,,,,AAPL,,,256,,1,190,1,,,,,,,,,,2026-03-01T09:30:00.001000000Z,,,,
        command,0,2,,NEW_ORDER,,,,,SELL,LIMIT,GTC,CLIENT02,AAPL,S2,,,,,190.01,2,,,,,,,,,\
        2026-03-01T09:30:00.001999000Z,2026-03-01T09:30:00.002000000Z,,2,,
        execution,0,2,1,EXECUTION_REPORT,NEW_ORDER,NEW,NEW,,SELL,LIMIT,GTC,CLIENT02,AAPL,S2,,512,512,,190.01,2,0,2,0,\
        ,,,,,\
        2026-03-01T09:30:00.001999000Z,2026-03-01T09:30:00.002000000Z,,2,,
        book,0,2,2,ADD,,,,,SELL,,,,AAPL,,,512,,2,190.01,2,,,,,,,,,,2026-03-01T09:30:00.002000000Z,,,,
        command,0,3,,NEW_ORDER,,,,,BUY,LIMIT,IOC,CLIENT03,AAPL,B1,,,,,190.01,3,,,,,,,,,\
        2026-03-01T09:30:00.002999000Z,2026-03-01T09:30:00.003000000Z,,3,,
        execution,0,3,1,EXECUTION_REPORT,NEW_ORDER,NEW,NEW,,BUY,LIMIT,IOC,CLIENT03,AAPL,B1,,768,768,,190.01,3,0,3,0,,\
        ,,,,\
        2026-03-01T09:30:00.002999000Z,2026-03-01T09:30:00.003000000Z,,3,,
        book,0,3,2,EXECUTE,aggressor BUY,,,,SELL,,,,AAPL,,,256,1024,3,190,0,,,,,1,768,,,,\
        2026-03-01T09:30:00.003000000Z,,,,
        execution,0,3,3,EXECUTION_REPORT,,TRADE,FILLED,,SELL,LIMIT,DAY,CLIENT01,AAPL,S1,,256,1024,,190,1,1,0,190,190,\
        1,768,\
        ,,,2026-03-01T09:30:00.003000000Z,,0,,
        execution,0,3,4,EXECUTION_REPORT,NEW_ORDER,TRADE,PARTIALLY_FILLED,,BUY,LIMIT,IOC,CLIENT03,AAPL,B1,,768,1280,,\
        190.01,3,1,2,190,190,1,256,,,2026-03-01T09:30:00.002999000Z,2026-03-01T09:30:00.003000000Z,,3,,
        book,0,3,5,EXECUTE,aggressor BUY,,,,SELL,,,,AAPL,,,512,1536,4,190.01,0,,,,,2,768,,,,\
        2026-03-01T09:30:00.003000000Z,,,,
        execution,0,3,6,EXECUTION_REPORT,,TRADE,FILLED,,SELL,LIMIT,GTC,CLIENT02,AAPL,S2,,512,1536,,190.01,2,2,0,190.01,\
        190.01,2,768,,,,2026-03-01T09:30:00.003000000Z,,0,,
        execution,0,3,7,EXECUTION_REPORT,NEW_ORDER,TRADE,FILLED,,BUY,LIMIT,IOC,CLIENT03,AAPL,B1,,768,1792,,190.01,3,\
        3,0,\
        190.006667,190.01,2,512,,,2026-03-01T09:30:00.002999000Z,2026-03-01T09:30:00.003000000Z,,3,,
        command,0,4,,CANCEL,,,,,SELL,,,CLIENT01,AAPL,C1,S9,,,,,,,,,,,,,,2026-03-01T09:30:00.003999000Z,\
        2026-03-01T09:30:00.004000000Z,,4,,
        execution,0,4,1,CANCEL_REJECT,CANCEL,,REJECTED,UNKNOWN_ORDER,SELL,,,CLIENT01,AAPL,C1,S9,0,0,,0,0,0,0,0,,,,,,\
        2026-03-01T09:30:00.003999000Z,2026-03-01T09:30:00.004000000Z,,4,,
        """;
    static final String PARTITION_1 = """
        command,1,1,,NEW_ORDER,,,,,BUY,LIMIT,DAY,CLIENT02,MSFT,M1,,,,,419.5,5,,,,,,,,,2026-03-01T09:30:00.004999000Z,\
        2026-03-01T09:30:00.005000000Z,,5,,
        execution,1,1,1,EXECUTION_REPORT,NEW_ORDER,NEW,NEW,,BUY,LIMIT,DAY,CLIENT02,MSFT,M1,,257,257,,419.5,5,0,5,0,,,\
        ,,,\
        2026-03-01T09:30:00.004999000Z,2026-03-01T09:30:00.005000000Z,,5,,
        book,1,1,2,ADD,,,,,BUY,,,,MSFT,,,257,,1,419.5,5,,,,,,,,,,2026-03-01T09:30:00.005000000Z,,,,
        command,1,2,,MASS_CANCEL,,,,,,,,CLIENT02,MSFT,X1,,,,,,,,,,,,,,,2026-03-01T09:30:00.005999000Z,\
        2026-03-01T09:30:00.006000000Z,,6,,
        book,1,2,1,DELETE,,,,,BUY,,,,MSFT,,,257,,2,419.5,5,,,,,,,,,,2026-03-01T09:30:00.006000000Z,,,,
        execution,1,2,2,EXECUTION_REPORT,MASS_CANCEL,CANCELED,CANCELED,,BUY,LIMIT,DAY,CLIENT02,MSFT,M1,,257,513,,\
        419.5,5,\
        0,0,0,,,,,,2026-03-01T09:30:00.005999000Z,2026-03-01T09:30:00.006000000Z,,6,,
        execution,1,2,3,MASS_CANCEL_REPORT,MASS_CANCEL,,,,,,,CLIENT02,MSFT,X1,,0,0,,0,0,0,0,0,,,,1,,\
        2026-03-01T09:30:00.005999000Z,2026-03-01T09:30:00.006000000Z,,6,,
        """;

    @TempDir
    static Path dir;
    static RecordedJournal recorded;

    @BeforeAll
    static void recordJournal() throws Exception
    {
        recorded = RecordedJournal.record(dir);
    }

    @Test
    void exportsEveryPartitionsCommandsAndTheirReplayedEventsAsCsvWithoutWritingToTheJournal() throws Exception
    {
        final String before = fingerprint(recorded.journalDir());
        final ServerCli.Result result = journal(recorded.journalDir().toString());
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + PARTITION_0 + PARTITION_1, result.out());
        assertEquals(before, fingerprint(recorded.journalDir()), "the journal's files are unchanged");
    }

    @Test
    void exportsTheConfiguredJournalDirWhenNoneIsGiven() throws Exception
    {
        final ServerCli.Result result = journal();
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + PARTITION_0 + PARTITION_1, result.out());
    }

    @Test
    void exportsJsonLinesWithTheNonEmptyColumns() throws Exception
    {
        final ServerCli.Result result = journal(recorded.journalDir().resolve("p1").toString(), "--format", "jsonl");
        assertEquals(0, result.exit(), result.err());
        final List<String> lines = result.out().lines().toList();
        assertEquals(7, lines.size());
        assertEquals("{\"record\":\"command\",\"partition\":1,\"index\":1,\"type\":\"NEW_ORDER\",\"side\":\"BUY\"," +
            "\"ord_type\":\"LIMIT\",\"tif\":\"DAY\",\"session\":\"CLIENT02\",\"instrument\":\"MSFT\"," +
            "\"clordid\":\"M1\"," +
            "\"price\":\"419.5\",\"qty\":5,\"gateway_in\":\"2026-03-01T09:30:00.004999000Z\"," +
            "\"engine_in\":\"2026-03-01T09:30:00.005000000Z\",\"correlation_id\":5}", lines.get(0));
        assertEquals("{\"record\":\"execution\",\"partition\":1,\"index\":2,\"event\":3," +
            "\"type\":\"MASS_CANCEL_REPORT\",\"cause\":\"MASS_CANCEL\",\"session\":\"CLIENT02\"," +
            "\"instrument\":\"MSFT\"," +
            "\"clordid\":\"X1\",\"order_id\":0,\"exec_id\":0,\"price\":\"0\",\"qty\":0,\"cum_qty\":0," +
            "\"leaves_qty\":0," +
            "\"avg_px\":\"0\",\"affected_orders\":1,\"gateway_in\":\"2026-03-01T09:30:00.005999000Z\"," +
            "\"engine_in\":\"2026-03-01T09:30:00.006000000Z\",\"correlation_id\":6}", lines.get(6));
    }

    @Test
    void reportsOnlyTheCommandsBetweenTwoIsoTimes() throws Exception
    {
        final ServerCli.Result result = journal(recorded.journalDir().toString(),
            "--from", "2026-03-01T09:30:00.002Z", "--to", "2026-03-01T09:30:00.003Z");
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + rowsOf(PARTITION_0, 2, 3), result.out());
    }

    @Test
    void reportsOnlyTheCommandsBetweenTwoEpochNanosecondTimes() throws Exception
    {
        final ServerCli.Result result = journal(recorded.journalDir().toString(),
            "--from", String.valueOf(RecordedJournal.T0_NS + 2_000_000), "--to",
            String.valueOf(RecordedJournal.T0_NS + 3_000_000));
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + rowsOf(PARTITION_0, 2, 3), result.out());
    }

    @Test
    void reportsOnlyTheRecordsBetweenTwoIndexesOfOnePartition() throws Exception
    {
        final ServerCli.Result result =
            journal(recorded.journalDir().toString(), "--partition", "0", "--from-index", "3", "--to-index", "4");
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + rowsOf(PARTITION_0, 3, 4), result.out());
    }

    @Test
    void printsTheCommandsOnlyWhenAsked() throws Exception
    {
        final ServerCli.Result result = journal(recorded.journalDir().resolve("p0").toString(), "--commands-only");
        assertEquals(0, result.exit(), result.err());
        assertEquals(HEADER + "\n" + PARTITION_0.lines().filter(l -> l.startsWith("command,"))
            .map(l -> l + "\n").reduce("", String::concat), result.out());
    }

    /** The rows of the commands with index {@code from..to} (one partition's text) and their events. */
    static String rowsOf(final String partitionRows, final int from, final int to)
    {
        final StringBuilder rows = new StringBuilder();
        for (final String line : partitionRows.lines().toList())
        {
            final long index = Long.parseLong(line.split(",")[2]);
            if (index >= from && index <= to)
            {
                rows.append(line).append('\n');
            }
        }
        return rows.toString();
    }

    ServerCli.Result journal(final String... args) throws Exception
    {
        final String[] all = new String[args.length + 3];
        all[0] = "journal";
        all[1] = "--config";
        all[2] = recorded.configFile.toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return ServerCli.run(dir, all);
    }

    /** A SHA-256 over every file's name, size, bytes and modification time. */
    static String fingerprint(final Path root) throws IOException
    {
        try (Stream<Path> files = Files.walk(root))
        {
            final MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (final Path file : files.filter(Files::isRegularFile).sorted().toList())
            {
                sha.update((file + " " + Files.getLastModifiedTime(file)).getBytes());
                sha.update(Files.readAllBytes(file));
            }
            assertTrue(sha.getDigestLength() > 0);
            return HexFormat.of().formatHex(sha.digest());
        }
        catch (final java.security.NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
