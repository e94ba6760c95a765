package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shipped {@code bin/latency-tool analyze} run on a capture, and readers of what it wrote to its
 * output directory: {@code orders.csv} (one row per request), the {@code NAME.hgrm} percentile files,
 * {@code summary.txt} and {@code report.html}. Owned by one test thread.
 */
final class LatencyReport
{
    private static final Pattern TOTAL_COUNT = Pattern.compile("Total count\\s*=\\s*(\\d+)");

    private final Path directory;
    private final String console;

    private LatencyReport(final Path directory, final String console)
    {
        this.directory = directory;
        this.console = console;
    }

    /** Runs the analysis; fails the test unless latency-tool exits 0 within {@code timeoutSeconds}. */
    static LatencyReport analyze(final Path capture, final int orderPort, final int mdPort, final Path out,
        final long timeoutSeconds, final String... options) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(
            List.of(KairosProcess.distribution().resolve("bin/latency-tool").toString(),
            "analyze", capture.toString(), "--order-ports", Integer.toString(orderPort),
            "--md-ports", Integer.toString(mdPort), "--out", out.toString(), "--no-progress"));
        command.addAll(List.of(options));
        final Path consoleFile = out.resolveSibling(out.getFileName() + "-console.txt");
        final Process analysis = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(
            consoleFile.toFile()).start();
        final boolean finished = analysis.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!finished)
        {
            analysis.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        final String console = Files.readString(consoleFile, StandardCharsets.UTF_8);
        assertTrue(finished, "latency-tool did not finish within " + timeoutSeconds + " s:\n" + console);
        assertEquals(0, analysis.exitValue(), "latency-tool exit status\n" + console);
        return new LatencyReport(out, console);
    }

    /** What latency-tool printed (its summary table). */
    String console()
    {
        return console;
    }

    Path file(final String name)
    {
        return directory.resolve(name);
    }

    /** The rows of {@code orders.csv} as column name → value, in file order. */
    List<Map<String, String>> orders() throws IOException
    {
        final List<String> lines = Files.readAllLines(file("orders.csv"), StandardCharsets.US_ASCII);
        final String[] header = lines.get(0).split(",", -1);
        final List<Map<String, String>> rows = new ArrayList<>(lines.size() - 1);
        for (final String line : lines.subList(1, lines.size()))
        {
            final String[] cells = line.split(",", -1);
            assertEquals(header.length, cells.length, "columns of orders.csv row " + line);
            final Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++)
            {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    /** The "Total count" that HdrHistogram wrote at the end of {@code NAME.hgrm}. */
    long histogramCount(final String metric) throws IOException
    {
        final Path hgrm = file(metric + ".hgrm");
        assertTrue(Files.exists(hgrm), "no " + hgrm + "\n" + console);
        final Matcher matcher = TOTAL_COUNT.matcher(Files.readString(hgrm, StandardCharsets.UTF_8));
        assertTrue(matcher.find(), hgrm + " has no Total count");
        return Long.parseLong(matcher.group(1));
    }
}
