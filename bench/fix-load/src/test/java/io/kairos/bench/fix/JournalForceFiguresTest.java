package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

class JournalForceFiguresTest
{
    private static final String HEADER = """
        # HELP kairos_journal_force_seconds time to force the journal to disk
        # TYPE kairos_journal_force_seconds histogram
        """;

    /** Buckets 100, 200, 400, 800 us and +Inf for partitions 0 and 1, cumulative as Prometheus writes them. */
    private static String exposition(final long[] partition0, final long[] partition1)
    {
        final String[] bounds = {"1.0E-4", "2.0E-4", "4.0E-4", "8.0E-4", "+Inf"};
        final StringBuilder text = new StringBuilder(HEADER);
        final long[][] partitions = {partition0, partition1};
        for (int p = 0; p < partitions.length; p++)
        {
            for (int i = 0; i < bounds.length; i++)
            {
                text.append("kairos_journal_force_seconds_bucket{partition=\"").append(p).append("\",le=\"")
                    .append(bounds[i]).append("\"} ").append(partitions[p][i]).append('\n');
            }
            text.append("kairos_journal_force_seconds_count{partition=\"").append(p).append("\"} ")
                .append(partitions[p][bounds.length - 1]).append('\n');
            text.append("kairos_journal_force_seconds_sum{partition=\"").append(p).append("\"} 0.5\n");
        }
        return text.append("kairos_journal_force_seconds_max{partition=\"0\"} 0.0009\n")
            .append("jvm_threads_live_threads 42.0\n").toString();
    }

    @Test
    void shouldInterpolateTheMedianAndP99OfTheDeltaSummedOverPartitions()
    {
        final String before = exposition(new long[] {10, 20, 30, 40, 40}, new long[] {0, 0, 0, 0, 0});
        // the run: partition 0 forced 50 times in (100, 200] us and 48 in (200, 400]; partition 1 forced 2 times
        // in (400, 800] us
        final String after = exposition(new long[] {10, 70, 128, 138, 138}, new long[] {0, 0, 0, 2, 2});

        final JournalForceFigures figures = JournalForceFigures.between(before, after);

        assertEquals(JournalForceFigures.State.MEASURED, figures.state());
        assertEquals(100, figures.forces());
        // rank 50 of 100 is the last of the 50 in (100, 200]: 200 us
        assertEquals(200.0, figures.p50Micros(), 1e-6);
        // rank 99 is the first of the 2 in (400, 800]: 400 + 400 * (99 - 98) / 2 = 600 us
        assertEquals(600.0, figures.p99Micros(), 1e-6);
        // the slowest force of the run is in (400, 800]
        assertEquals(800.0, figures.longestMicros(), 1e-6);
        assertEquals("force p50/p99: 200.0 / 600.0 us, longest <= 800 us (100 journal forces in the measured run, " +
            "all partitions; kairos_journal_force_seconds)", figures.describe());
    }

    @Test
    void shouldSayTheJournalIsNotInSyncModeWhenTheCountDidNotMove()
    {
        final String same = exposition(new long[] {1, 2, 3, 4, 4}, new long[] {0, 0, 0, 0, 0});

        final JournalForceFigures figures = JournalForceFigures.between(same, same);

        assertEquals(JournalForceFigures.State.NO_FORCES, figures.state());
        assertEquals("force p50/p99: n/a (journal not in sync mode)", figures.describe());
    }

    @Test
    void shouldSayWhenTheVenueExportsNoSuchHistogramOrRestarted()
    {
        assertEquals(JournalForceFigures.State.NOT_EXPORTED,
            JournalForceFigures.between("", "jvm_threads_live_threads 42.0\n").state());
        assertEquals(JournalForceFigures.State.RESET, JournalForceFigures.between(
            exposition(new long[] {5, 5, 5, 5, 5}, new long[] {0, 0, 0, 0, 0}),
            exposition(new long[] {1, 1, 1, 1, 1}, new long[] {0, 0, 0, 0, 0})).state());
    }

    @Test
    void shouldGiveTheMeanWhenTheTimerHasNoBuckets()
    {
        final String before = "kairos_journal_force_seconds_count{partition=\"0\"} 10\n" +
            "kairos_journal_force_seconds_sum{partition=\"0\"} 0.001\n" +
            "kairos_journal_force_max_seconds{partition=\"0\"} 0.0\n";
        final String after = "kairos_journal_force_seconds_count{partition=\"0\"} 30\n" +
            "kairos_journal_force_seconds_sum{partition=\"0\"} 0.005\n";

        final JournalForceFigures figures = JournalForceFigures.between(before, after);

        assertEquals(JournalForceFigures.State.MEAN_ONLY, figures.state());
        assertEquals(20, figures.forces());
        assertEquals(200.0, figures.p50Micros(), 1e-6);
        assertEquals(JournalForceFigures.State.NO_FORCES, JournalForceFigures.between(before, before).state());
    }

    @Test
    void shouldAnswerTheHighestFiniteBoundForARankInTheInfiniteBucket()
    {
        final TreeMap<Double, Double> cumulative = new TreeMap<>(Map.of(0.001, 1.0, Double.POSITIVE_INFINITY, 10.0));

        assertEquals(0.001, JournalForceFigures.quantile(0.99, cumulative), 1e-12);
        // rank 0.5 lies in the first bucket: half of 1 ms
        assertEquals(0.0005, JournalForceFigures.quantile(0.05, cumulative), 1e-12);
    }

    @Test
    void shouldCountAPartitionThatAppearedBetweenTheScrapesFromZero()
    {
        final String before = HEADER + "kairos_journal_force_seconds_bucket{partition=\"0\",le=\"+Inf\"} 0\n";
        final String after = HEADER +
            "kairos_journal_force_seconds_bucket{partition=\"0\",le=\"+Inf\"} 0\n" +
            "kairos_journal_force_seconds_bucket{partition=\"1\",le=\"0.001\"} 4\n" +
            "kairos_journal_force_seconds_bucket{partition=\"1\",le=\"+Inf\"} 4\n";

        final JournalForceFigures figures = JournalForceFigures.between(before, after);

        assertEquals(4, figures.forces());
        assertEquals(500.0, figures.p50Micros(), 1e-6);
    }
}
