package io.kairos.bench.fix;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code fix-load journal-force DIR}: prints the venue's journal force p50/p99 over a run from the two scrapes of its
 * metrics endpoint in DIR ({@link JournalForceFigures}); bench/bin/fix-load prints it under the Kairos peer's result.
 */
@Command(
    name = "journal-force",
    mixinStandardHelpOptions = true,
    description = {"Prints the journal force (fsync) time p50/p99 of a run from the venue's metrics scraped before " +
        "and after it", "(DIR/" + JournalForceFigures.SCRAPE_BEFORE + ", DIR/" + JournalForceFigures.SCRAPE_AFTER +
        "; histogram " + JournalForceFigures.METRIC + ")."})
public final class JournalForceCommand implements Callable<Integer>
{
    @Parameters(index = "0", paramLabel = "DIR", description = "directory with the two scrapes")
    Path dir;

    public Integer call() throws IOException
    {
        final JournalForceFigures figures = JournalForceFigures.fromScrapes(dir);
        if (figures == null)
        {
            System.err.println("fix-load: no " + JournalForceFigures.SCRAPE_BEFORE + " and " +
                JournalForceFigures.SCRAPE_AFTER + " in " + dir);
            return 2;
        }
        System.out.println(figures.describe());
        return 0;
    }
}
