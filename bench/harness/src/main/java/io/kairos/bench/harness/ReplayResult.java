package io.kairos.bench.harness;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Properties;

/**
 * What {@link ReplayDriver} measured for one engine mode on one flow: messages per second of each
 * timed run and the SHA-256 of the canonical text of the warm-up and of every run. Immutable once
 * built. Travels between JVMs as a small properties file ({@link #write}/{@link #read}).
 *
 * @param label             engine and mode
 * @param jvm               java.vm.name and java.runtime.version of the JVM that ran it
 * @param messages          messages in the flow (a modify counts once)
 * @param commands          engine commands in the flow (a modify counts twice)
 * @param messagesPerSecond one entry per timed run, in run order
 * @param warmupSha256      hash of the warm-up replay's text
 * @param runSha256         hash of each timed run's text, in run order
 * @param mismatchText      where the text of the first replay whose hash differed from the expected one went, or null
 */
public record ReplayResult(String label, String jvm, long messages, long commands, double[] messagesPerSecond,
    String warmupSha256, String[] runSha256, Path mismatchText)
{
    public static String thisJvm()
    {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
    }

    public double median()
    {
        final double[] sorted = messagesPerSecond.clone();
        Arrays.sort(sorted);
        final int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    public double min()
    {
        return Arrays.stream(messagesPerSecond).min().orElse(0);
    }

    public double max()
    {
        return Arrays.stream(messagesPerSecond).max().orElse(0);
    }

    /** Whether the warm-up and every run hashed to {@code expected}. */
    public boolean allHashesEqual(final String expected)
    {
        return expected.equals(warmupSha256) && Arrays.stream(runSha256).allMatch(expected::equals);
    }

    /** The warm-up's hash, or the first run hash that differs from it. */
    public String firstDifferentHash(final String expected)
    {
        if (!expected.equals(warmupSha256))
        {
            return warmupSha256;
        }
        return Arrays.stream(runSha256).filter(h -> !expected.equals(h)).findFirst().orElse(expected);
    }

    public void write(final Path file) throws IOException
    {
        final Properties p = new Properties();
        p.setProperty("label", label);
        p.setProperty("jvm", jvm);
        p.setProperty("messages", Long.toString(messages));
        p.setProperty("commands", Long.toString(commands));
        p.setProperty("runs", Integer.toString(messagesPerSecond.length));
        for (int i = 0; i < messagesPerSecond.length; i++)
        {
            p.setProperty("messagesPerSecond." + i, Double.toString(messagesPerSecond[i]));
            p.setProperty("sha256." + i, runSha256[i]);
        }
        p.setProperty("warmupSha256", warmupSha256);
        p.setProperty("mismatchText", mismatchText == null ? "" : mismatchText.toString());
        ResultFile.write(p, file, "replay result");
    }

    public static ReplayResult read(final Path file) throws IOException
    {
        final ResultFile in = ResultFile.read(file, "replay result");
        try
        {
            final int runs = Integer.parseInt(in.required("runs"));
            final double[] rates = new double[runs];
            final String[] hashes = new String[runs];
            for (int i = 0; i < runs; i++)
            {
                rates[i] = Double.parseDouble(in.required("messagesPerSecond." + i));
                hashes[i] = in.required("sha256." + i);
            }
            final String mismatch = in.required("mismatchText");
            return new ReplayResult(in.required("label"), in.required("jvm"),
                Long.parseLong(in.required("messages")), Long.parseLong(in.required("commands")), rates,
                in.required("warmupSha256"), hashes, mismatch.isEmpty() ? null : Path.of(mismatch));
        }
        catch (final RuntimeException e)
        {
            throw new IOException(file + ": unreadable replay result: " + e, e);
        }
    }
}
