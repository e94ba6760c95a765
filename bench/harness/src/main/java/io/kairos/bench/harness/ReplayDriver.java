package io.kairos.bench.harness;

import java.nio.file.Path;

/**
 * Measures one {@link ReplayTarget} on one {@link OrderFlow}: a warm-up replay, then {@code runs}
 * timed replays, each on a fresh engine ({@link ReplayTarget#prepare}, not timed) from the first
 * command to the last. Only the replay is timed; the canonical text is built and hashed after each
 * run from the {@link OutcomeLog} the run filled. Runs on the calling thread.
 */
public final class ReplayDriver
{
    private ReplayDriver()
    {
    }

    /**
     * @param expectedSha256 the hash every run must produce, or null to take the warm-up's
     * @param mismatchText   where to write the text of the first replay whose hash differs, or null
     */
    public static ReplayResult run(final ReplayTarget target, final OrderFlow flow, final int runs,
        final OutcomeLog log, final String expectedSha256, final Path mismatchText) throws Exception
    {
        final double[] rates = new double[runs];
        final String[] hashes = new String[runs];
        replay(target, flow, log);
        final String warmup = hash(target, flow, log);
        final String expected = expectedSha256 != null ? expectedSha256 : warmup;
        Path written = writeIfDifferent(target, flow, log, warmup, expected, mismatchText, null);
        for (int r = 0; r < runs; r++)
        {
            final long elapsedNs = replay(target, flow, log);
            rates[r] = flow.messages() * 1e9 / elapsedNs;
            hashes[r] = hash(target, flow, log);
            written = writeIfDifferent(target, flow, log, hashes[r], expected, mismatchText, written);
        }
        return new ReplayResult(target.label(), ReplayResult.thisJvm(), flow.messages(), flow.size(), rates, warmup,
            hashes, written);
    }

    private static long replay(final ReplayTarget target, final OrderFlow flow, final OutcomeLog log) throws Exception
    {
        target.prepare();
        log.clear();
        System.gc();
        final long start = System.nanoTime();
        target.replay(flow, log);
        return System.nanoTime() - start;
    }

    private static String hash(final ReplayTarget target, final OrderFlow flow, final OutcomeLog log)
    {
        return CanonicalText.sha256(log, flow, target.idToRef(), target.priceUnit());
    }

    private static Path writeIfDifferent(final ReplayTarget target, final OrderFlow flow, final OutcomeLog log,
        final String hash, final String expected, final Path file, final Path alreadyWritten) throws Exception
    {
        if (alreadyWritten != null || file == null || hash.equals(expected))
        {
            return alreadyWritten;
        }
        CanonicalText.write(log, flow, target.idToRef(), target.priceUnit(), file);
        return file;
    }
}
