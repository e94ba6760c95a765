package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import io.kairos.engine.MatchingCore;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code kairos-server replay} (a real process) on a journal the real engine wrote ({@link RecordedJournal}). */
class ReplayCommandTest
{
    private static final Pattern DIGEST =
        Pattern.compile("event digest partition (\\d+): sha256 ([0-9a-f]{64}) events (\\d+)");

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
        final ServerCli.Result result = replay();
        assertEquals(0, result.exit(), result.err());
        assertEquals(digests(String.join("\n", recorded.liveDigest)), digests(result.out()));
        assertEquals(2, digests(result.out()).size());
        assertTrue(result.out().contains("| 0 | 1..4 | 4 | 12 |"), result.out());
        assertTrue(result.out().contains("| 1 | 1..2 | 2 | 5 |"), result.out());
    }

    @Test
    void twoReplaysGiveTheSameHashAtAnySpeed() throws Exception
    {
        final ServerCli.Result fast = replay("--speed", "max");
        final ServerCli.Result paced = replay("--speed", "10");
        assertEquals(0, fast.exit(), fast.err());
        assertEquals(0, paced.exit(), paced.err());
        assertEquals(digests(fast.out()), digests(paced.out()));
        assertTrue(paced.out().contains("speed 10x"), paced.out());
    }

    @Test
    void comparedWithTheSameMatcherTheEventsAreIdentical() throws Exception
    {
        final ServerCli.Result result = replay("--compare", engineClasses().toString());
        assertEquals(0, result.exit(), result.out() + result.err());
        assertTrue(result.out().contains("compare with " + engineClasses() + ": identical"), result.out());
    }

    /**
     * A matcher whose average price rounds down instead of half up (a copy of the engine's Order compiled here with
     * that change, ahead of the engine on the child's class path) differs first at the aggressor's last fill.
     */
    @Test
    void comparedWithAMatcherThatRoundsDifferentlyTheFirstDifferingEventIsPrinted() throws Exception
    {
        final Path other = compileOrderRoundingDown();
        final ServerCli.Result result = replay("--compare", other.toString());
        assertEquals(ToolExit.DIFFERENT, result.exit(), result.out() + result.err());
        assertTrue(result.out().contains("first difference: partition 0, journal record 3, event 7 of the command" +
            " (event 11 of the partition's stream)"), result.out());
        assertTrue(result.out().contains("this replay : {\"record\":\"execution\",\"partition\":0,\"index\":3," +
            "\"event\":7,"), result.out());
        assertTrue(result.out().contains("\"avg_px\":\"190.006667\""), result.out());
        assertTrue(result.out().contains("\"avg_px\":\"190.006666\""), result.out());
    }

    @Test
    void aSpeedOutsideOneToTenOrMaxIsABadCommandLine() throws Exception
    {
        final ServerCli.Result result = replay("--speed", "11");
        assertEquals(ToolExit.BAD_USAGE, result.exit());
        assertTrue(result.err().contains("--speed must be 1..10 or max, was 11"), result.err());
    }

    private static ServerCli.Result replay(final String... args) throws Exception
    {
        final String[] all = new String[args.length + 4];
        all[0] = "replay";
        all[1] = "--config";
        all[2] = recorded.configFile.toString();
        all[3] = recorded.journalDir().toString();
        System.arraycopy(args, 0, all, 4, args.length);
        return ServerCli.run(dir, all);
    }

    static List<String> digests(final String output)
    {
        final Matcher matcher = DIGEST.matcher(output);
        return matcher.results().map(m -> m.group(1) + " " + m.group(2) + " " + m.group(3)).toList();
    }

    private static Path engineClasses() throws Exception
    {
        return Path.of(MatchingCore.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The engine's Order.java with the average price rounded down, compiled against the engine into a directory. */
    private static Path compileOrderRoundingDown() throws Exception
    {
        final Path source = Path.of("..", "engine", "src", "main", "java", "io", "kairos", "engine", "Order.java");
        final String original = Files.readString(source, StandardCharsets.UTF_8);
        final String roundedHalfUp = "WideNotional.roundedQuotient(notionalHigh, notional, cumQty)";
        assertTrue(original.contains(roundedHalfUp), "Order.avgPx still rounds with WideNotional.roundedQuotient");
        final Path sources = Files.createDirectories(dir.resolve("other-src/io/kairos/engine"));
        Files.writeString(sources.resolve("Order.java"), original.replace(roundedHalfUp,
            "(notionalHigh == 0 ? notional / cumQty : " + roundedHalfUp + ")"), StandardCharsets.UTF_8);
        final Path classes = Files.createDirectories(dir.resolve("other-classes"));
        final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        final int status = javac.run(null, null, null, "-proc:none", "-classpath", engineClasses().toString(),
            "-d", classes.toString(), sources.resolve("Order.java").toString());
        assertEquals(0, status, "javac compiled the changed Order");
        return classes;
    }
}
