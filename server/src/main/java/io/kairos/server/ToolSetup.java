package io.kairos.server;

import java.io.PrintStream;
import java.nio.file.Path;

import io.kairos.engine.JournalReadException;
import org.agrona.CloseHelper;
import io.kairos.engine.JournalReader;

/**
 * What both journal tools start from, validated: the venue's configuration (loaded as the server loads it), the
 * journals to read and the range to report. Immutable.
 */
record ToolSetup(KairosConfig config, JournalSelection selection, ReplayRange range)
{
    /**
     * @param dir the journal directory given on the command line, or null for the configuration's journal.dir
     * @return null after printing why, when the command line or configuration is bad
     * @throws JournalReadException when the directory is missing, not a journal, or in use by a running venue
     */
    static ToolSetup of(
        final String tool, final Path configFile, final Path dir, final Integer partition,
        final RangeOptions rangeOptions, final PrintStream err)
    {
        final KairosConfig config;
        final ReplayRange range;
        try
        {
            config = KairosConfigLoader.load(configFile, System.getenv());
            range = rangeOptions.range();
        }
        catch (final ConfigException ex)
        {
            err.println("kairos-server " + tool + ": bad configuration: " + ex.getMessage());
            return null;
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("kairos-server " + tool + ": " + ex.getMessage());
            return null;
        }
        if (partition != null && (partition < 0 || partition >= config.engine().partitionCount()))
        {
            err.println("kairos-server " + tool + ": --partition must be in [0, " +
                (config.engine().partitionCount() - 1) + "] (engine.partition-count), was " + partition);
            return null;
        }
        final JournalSelection selection;
        try
        {
            selection = JournalSelection.resolve(dir != null ? dir : config.engine().journalDir(), partition,
                config.engine());
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("kairos-server " + tool + ": " + ex.getMessage());
            return null;
        }
        for (final JournalSelection.Partition p : selection.partitions())
        {
            // every partition readable and not in use before anything is written
            if (p.clusterLog())
            {
                CloseHelper.close(JournalReplay.memberLock(p.dir()));
            }
            else
            {
                JournalReader.open(p.dir()).close();
            }
        }
        return new ToolSetup(config, selection, range);
    }
}
