package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario table's per-run figures (market data, cut-offs, rejects) from fix-load summaries and venue scrapes. */
class ScenarioTableCommandTest
{
    @TempDir
    Path dir;

    private Path load(final String name, final String summary) throws Exception
    {
        final Path load = Files.createDirectories(dir.resolve(name));
        Files.writeString(load.resolve("summary.properties"), summary);
        return load;
    }

    private static List<String> rows(final String table)
    {
        return table.lines().filter(line -> line.startsWith("| ") && !line.startsWith("| run ")).toList();
    }

    @Test
    void shouldShowMarketDataPerSubscriberCutOffsBesideTheVenuesCountAndTheTopRejectReasons() throws Exception
    {
        final Path async = load("async", String.join("\n",
            "md.subscribers=10",
            "md.measured.seconds=15.000",
            "md.measured.incrementals=4200000",
            "md.measured.incrementals-per-subscriber-per-second=28000.000",
            "md.measured.entries-per-incremental=1.600",
            "md.cut-off=3",
            "md.cut-off.1=MD01\\: Logout\\: slow consumer\\: more than 4096 messages queued",
            "md.cut-off.2=MD02\\: Logout\\: slow consumer\\: more than 4096 messages queued",
            "md.cut-off.3=MD07\\: connection closed",
            "rejects.total=34923",
            "rejects.reasons=5",
            "rejects.other=3",
            "rejects.1.reason=BusinessMessageReject 380\\=99\\: Throttle limit exceeded (\\# in \\#ms)",
            "rejects.1.count=34900",
            "rejects.2.reason=ExecutionReport rejected 103\\=99\\: a | b",
            "rejects.2.count=10",
            "rejects.3.reason=Logout\\: slow consumer\\: more than \\# messages queued",
            "rejects.3.count=3",
            "rejects.4.reason=Reject 373\\=5",
            "rejects.4.count=5",
            "rejects.5.reason=Reject 373\\=1",
            "rejects.5.count=2", ""));
        Files.writeString(async.resolve(JournalForceFigures.SCRAPE_BEFORE),
            "# TYPE kairos_md_slow_consumer_disconnects_total counter\n" +
            "kairos_md_slow_consumer_disconnects_total 1.0\n");
        Files.writeString(async.resolve(JournalForceFigures.SCRAPE_AFTER),
            "# TYPE kairos_md_slow_consumer_disconnects_total counter\n" +
            "kairos_md_slow_consumer_disconnects_total 3.0\n");
        final Path quiet = load("quiet", "md.subscribers=10\nmd.measured.incrementals-per-subscriber-per-second=" +
            "6500.250\nmd.measured.entries-per-incremental=4.000\nmd.cut-off=0\nrejects.total=0\nrejects.reasons=0\n" +
            "rejects.other=0\n");
        final Path quickfixj = load("quickfixj", "client=quickfixj\nmd.incrementals=100\n");
        final ScenarioTableCommand command = new ScenarioTableCommand();
        command.loads.put("async", async);
        command.loads.put("quiet", quiet);
        command.loads.put("quickfixj", quickfixj);

        final String table = command.runFigures();

        assertEquals(List.of(
            "| async | 28000.0 | 1.60 | 3 of 10 (2 Logout: slow consumer: more than 4096 messages queued; " +
                "1 connection closed) | 2 | 34923: 34900 BusinessMessageReject 380=99: Throttle limit exceeded " +
                "(# in #ms); 10 ExecutionReport rejected 103=99: a \\| b; 3 Logout: slow consumer: more than # " +
                "messages queued; 10 other |",
            "| quiet | 6500.3 | 4.00 | 0 of 10 | n/a | none |",
            "| quickfixj | n/a | n/a | n/a | n/a | n/a |"), rows(table), table);
    }
}
