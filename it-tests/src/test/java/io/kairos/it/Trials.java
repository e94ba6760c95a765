package io.kairos.it;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The numbered trials of the kill -9 tests, 1..N with N from a system property (default 3, what {@code ./mvnw verify}
 * runs; the {@code bench/bin} trial scripts ask for more): JUnit method sources, and each
 * trial's random source. Stateless.
 */
final class Trials
{
    private static final int DEFAULT_TRIALS = 3;

    private Trials()
    {
    }

    /** {@link CrashRecoveryIT}'s trials. */
    static Stream<Integer> crash()
    {
        return numbered(CrashRecoveryIT.TRIALS_PROPERTY);
    }

    /** {@link ClusterFailoverIT}'s trials. */
    static Stream<Integer> cluster()
    {
        return numbered(ClusterFailoverIT.TRIALS_PROPERTY);
    }

    /**
     * The random source of trial {@code trial}: seeded by the system property {@code seedProperty} (else
     * {@code defaultSeed}) and the trial number, so a trial that failed can be run again alike.
     */
    static SplittableRandom random(final String seedProperty, final long defaultSeed, final int trial)
    {
        return new SplittableRandom(Long.getLong(seedProperty, defaultSeed) * 31 + trial);
    }

    private static Stream<Integer> numbered(final String property)
    {
        return IntStream.rangeClosed(1, Integer.getInteger(property, DEFAULT_TRIALS)).boxed();
    }
}
