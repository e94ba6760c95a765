package io.kairos.bench.fix;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;

/**
 * Prints a load run's table and writes its files: {@code summary.properties} (what {@code compare} and the scenario
 * table read) and one HdrHistogram percentile distribution per metric ({@code NAME.hgrm}, values in µs). Stateless;
 * allocates freely (runs once, after the load).
 */
public final class LoadReport
{
    static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private LoadReport()
    {
    }

    public static void print(final LoadResult result, final PrintStream out)
    {
        final LoadConfig config = result.config();
        final LoadSender.Outcome outcome = result.outcome();
        out.printf(Locale.ROOT, "%nfix-load  %s: %d sessions -> %s:%d (%s, %s), %.0f requests/s planned for %d s " +
            "after %d s warm-up%n", config.label(), config.sessions().size(), config.host(), config.port(),
            config.beginString(), config.targetCompId(), config.ratePerSecond(),
            TimeUnit.NANOSECONDS.toSeconds(config.durationNs()), TimeUnit.NANOSECONDS.toSeconds(config.warmupNs()));
        out.printf(Locale.ROOT, "rate      intended %.1f/s, actual %.1f/s; %d measured requests, %d unanswered, " +
            "%d rejected first responses, %d throttle rejects, %d lifetime cancels, %d resting at the end%s%n",
            result.intendedRatePerSecond(), result.actualRatePerSecond(), outcome.measuredRequests(),
            result.unanswered(), result.rejects(), result.throttleRejects(), outcome.lifetimeCancels(),
            result.restingAtEnd(), outcome.capacityExhausted() ? " (STOPPED EARLY: request log full)" : "");
        if (result.throttleRejects() > 0)
        {
            out.printf(Locale.ROOT, "throttle  the venue refused %d requests (BusinessMessageReject 'Throttle limit " +
                "exceeded'; counted as unanswered): %.0f requests/s over %d sessions is more than its per-session " +
                "limit (Kairos: fix.throttle.messages-per-second, 150 shipped); lower --rate or raise the limit%n",
                result.throttleRejects(), config.ratePerSecond(), config.sessions().size());
        }
        if (config.marketData() != null)
        {
            out.printf(Locale.ROOT, "md        %d subscribers: %d snapshots, %d incrementals, %d request rejects%n",
                config.marketData().sessions().size(), result.mdSnapshots(), result.mdIncrementals(),
                result.mdRejects());
        }
        printClient(result, out);
        out.println("note      client round trip: request -> first ExecutionReport/OrderCancelReject with its " +
            "ClOrdID; 'plan' is from the planned send time (coordinated omission corrected), 'send' from the " +
            "actual send; unanswered requests count as answered at the drain deadline (a lower bound)");
        out.printf(Locale.ROOT, "%-26s %9s %10s %10s %10s %10s %10s %10s%n", "latency (us)", "count", "50%", "90%",
            "99%", "99.9%", "max", "mean");
        final LatencyRecorder recorder = result.recorder();
        for (int kind = 0; kind < LatencyRecorder.KIND_NAMES.length; kind++)
        {
            row(out, LatencyRecorder.KIND_NAMES[kind] + " (plan)", recorder.fromPlan(kind));
            row(out, LatencyRecorder.KIND_NAMES[kind] + " (send)", recorder.fromSend(kind));
        }
        row(out, "sender lag behind plan", recorder.sendLag());
    }

    private static void printClient(final LoadResult result, final PrintStream out)
    {
        final CpuFigures cpu = result.cpu();
        final long requests = result.outcome().measuredRequests() + result.outcome().lifetimeCancels();
        if (cpu != null)
        {
            out.printf(Locale.ROOT, "client    %s: %.3f CPU s in %.1f s measured (%.1f %% of one core, %.1f ms per " +
                "1,000 requests)%n", result.client(), cpu.processCpuNs() / 1e9, cpu.wallNs() / 1e9,
                cpu.wallNs() <= 0 ? 0.0 : 100.0 * cpu.processCpuNs() / cpu.wallNs(),
                cpu.cpuMsPerThousandRequests(requests));
            final StringBuilder threads = new StringBuilder();
            cpu.threadCpuNs().forEach((name, ns) -> threads.append(threads.isEmpty() ? "" : ", ").append(name)
                .append(' ').append(String.format(Locale.ROOT, "%.3f s", ns / 1e9)));
            out.println("threads   CPU " + threads);
            final StringBuilder allocations = new StringBuilder();
            cpu.hotThreadAllocations().forEach((name, bytes) -> allocations.append(allocations.isEmpty() ? "" : ", ")
                .append(name).append(' ').append(bytes).append(" B").append(bytes < 0 || requests <= 0 ? "" :
                String.format(Locale.ROOT, " (%.2f B/request)", (double)bytes / requests)));
            out.println("alloc     hot threads allocated " + allocations);
        }
        else
        {
            out.printf("client    %s%n", result.client());
        }
        final SessionChecks checks = result.checks();
        if (checks != null)
        {
            out.printf(Locale.ROOT, "session   %d MsgSeqNum gaps (%d messages missing), %d too low, %d session " +
                "rejects, %d business rejects, %d TestRequests answered, %d disconnects by the peer, %d bad frames, " +
                "%d failed sends%n",
                checks.sequenceGaps(), checks.missingMessages(), checks.sequenceTooLow(), checks.sessionRejects(),
                checks.businessRejects(), checks.testRequestsAnswered(), checks.disconnects(), checks.badFrames(),
                checks.sendFailures());
            if (result.config().marketData() != null)
            {
                out.printf(Locale.ROOT, "md        %d entries (%d with MDEntryID 278), %d RptSeq gaps%n",
                    checks.mdEntries(), checks.mdEntryIds(), checks.rptSeqGaps());
            }
        }
        printMarketData(result.marketData(), out);
        printRejects(result.rejectReasons(), out);
    }

    private static void printMarketData(final MarketDataFigures md, final PrintStream out)
    {
        if (md == null)
        {
            return;
        }
        out.printf(Locale.ROOT, "md        measured part: %.1f incrementals (35=X) per subscriber per second, %.2f " +
            "entries per incremental (%d incrementals, %d entries in %.1f s); %d of %d subscribers cut off%n",
            md.incrementalsPerSubscriberPerSecond(), md.entriesPerIncremental(), md.incrementals(), md.entries(),
            md.measuredNs() / 1e9, md.cutOff().size(), md.subscribers());
        for (final String cutOff : md.cutOff())
        {
            out.println("md        cut off " + cutOff);
        }
    }

    private static void printRejects(final RejectCounts rejects, final PrintStream out)
    {
        if (rejects == null)
        {
            return;
        }
        if (rejects.total() == 0)
        {
            out.println("rejects   none from the start of the measured part on");
            return;
        }
        out.printf(Locale.ROOT, "rejects   %d from the start of the measured part on, by reason (digits as #):%n",
            rejects.total());
        for (final RejectCounts.Reason reason : rejects.reasons())
        {
            out.printf(Locale.ROOT, "rejects   %9d  %s%n", reason.count(), reason.reason());
        }
        if (rejects.other() > 0)
        {
            out.printf(Locale.ROOT, "rejects   %9d  other (reasons past the first %d)%n", rejects.other(),
                RejectReasons.MAX_REASONS);
        }
    }

    private static void row(final PrintStream out, final String name, final Histogram histogram)
    {
        if (histogram.getTotalCount() == 0)
        {
            return;
        }
        out.printf(Locale.ROOT, "%-26s %9d", name, histogram.getTotalCount());
        for (final double percentile : PERCENTILES)
        {
            out.printf(Locale.ROOT, " %10.1f", histogram.getValueAtPercentile(percentile) / 1e3);
        }
        out.printf(Locale.ROOT, " %10.1f %10.1f%n", histogram.getMaxValue() / 1e3, histogram.getMean() / 1e3);
    }

    /** Writes summary.properties and the .hgrm files into {@code dir} (created if needed). */
    public static void write(final LoadResult result, final Path dir) throws IOException
    {
        write(result, null, dir);
    }

    /** As {@link #write(LoadResult, Path)}, with the host's load before the run ({@code host.*} keys) if not null. */
    public static void write(final LoadResult result, final HostLoad host, final Path dir) throws IOException
    {
        Files.createDirectories(dir);
        final LoadConfig config = result.config();
        final Properties summary = new Properties();
        summary.setProperty("label", config.label());
        summary.setProperty("target", config.host() + ":" + config.port());
        summary.setProperty("sessions", Integer.toString(config.sessions().size()));
        summary.setProperty("rate.intended", format(result.intendedRatePerSecond()));
        summary.setProperty("rate.actual", format(result.actualRatePerSecond()));
        summary.setProperty("duration.seconds", Long.toString(TimeUnit.NANOSECONDS.toSeconds(config.durationNs())));
        summary.setProperty("requests.measured", Long.toString(result.outcome().measuredRequests()));
        summary.setProperty("requests.unanswered", Long.toString(result.unanswered()));
        summary.setProperty("requests.rejected", Long.toString(result.rejects()));
        summary.setProperty("requests.throttled", Long.toString(result.throttleRejects()));
        summary.setProperty("md.incrementals", Long.toString(result.mdIncrementals()));
        summary.setProperty("client", result.client());
        putClient(summary, result);
        if (host != null)
        {
            host.putInto(summary);
        }
        final LatencyRecorder recorder = result.recorder();
        for (int kind = 0; kind < LatencyRecorder.KIND_NAMES.length; kind++)
        {
            final String name = LatencyRecorder.KIND_NAMES[kind];
            put(summary, name, recorder.fromPlan(kind));
            put(summary, name + "-service", recorder.fromSend(kind));
            hgrm(dir.resolve(name + ".hgrm"), recorder.fromPlan(kind));
            hgrm(dir.resolve(name + "-service.hgrm"), recorder.fromSend(kind));
        }
        put(summary, "sender-lag", recorder.sendLag());
        hgrm(dir.resolve("sender-lag.hgrm"), recorder.sendLag());
        try (OutputStream stream = Files.newOutputStream(dir.resolve("summary.properties")))
        {
            summary.store(stream, "fix-load " + config.label() + "; latencies in microseconds");
        }
    }

    private static void putClient(final Properties summary, final LoadResult result)
    {
        final CpuFigures cpu = result.cpu();
        if (cpu != null)
        {
            summary.setProperty("client.cpu.wall.seconds", format(cpu.wallNs() / 1e9));
            summary.setProperty("client.cpu.process.seconds", format(cpu.processCpuNs() / 1e9));
            summary.setProperty("client.cpu.ms-per-1000-requests", format(cpu.cpuMsPerThousandRequests(
                result.outcome().measuredRequests() + result.outcome().lifetimeCancels())));
            cpu.threadCpuNs().forEach((name, ns) ->
                summary.setProperty("client.cpu.thread." + name + ".seconds", format(ns / 1e9)));
            cpu.hotThreadAllocations().forEach((name, bytes) ->
                summary.setProperty("client.alloc." + name + ".bytes", Long.toString(bytes)));
        }
        final SessionChecks checks = result.checks();
        if (checks != null)
        {
            summary.setProperty("session.seq-gaps", Long.toString(checks.sequenceGaps()));
            summary.setProperty("session.seq-missing", Long.toString(checks.missingMessages()));
            summary.setProperty("session.seq-too-low", Long.toString(checks.sequenceTooLow()));
            summary.setProperty("session.rejects", Long.toString(checks.sessionRejects()));
            summary.setProperty("session.business-rejects", Long.toString(checks.businessRejects()));
            summary.setProperty("session.test-requests-answered", Long.toString(checks.testRequestsAnswered()));
            summary.setProperty("session.disconnects", Long.toString(checks.disconnects()));
            summary.setProperty("session.bad-frames", Long.toString(checks.badFrames()));
            summary.setProperty("session.send-failures", Long.toString(checks.sendFailures()));
            summary.setProperty("md.entries", Long.toString(checks.mdEntries()));
            summary.setProperty("md.entry-ids", Long.toString(checks.mdEntryIds()));
            summary.setProperty("md.rptseq-gaps", Long.toString(checks.rptSeqGaps()));
        }
        putMarketData(summary, result.marketData());
        putRejects(summary, result.rejectReasons());
    }

    private static void putMarketData(final Properties summary, final MarketDataFigures md)
    {
        if (md == null)
        {
            return;
        }
        summary.setProperty("md.subscribers", Integer.toString(md.subscribers()));
        summary.setProperty("md.measured.seconds", format(md.measuredNs() / 1e9));
        summary.setProperty("md.measured.incrementals", Long.toString(md.incrementals()));
        summary.setProperty("md.measured.entries", Long.toString(md.entries()));
        summary.setProperty("md.measured.incrementals-per-subscriber-per-second",
            format(md.incrementalsPerSubscriberPerSecond()));
        summary.setProperty("md.measured.entries-per-incremental", format(md.entriesPerIncremental()));
        summary.setProperty("md.cut-off", Integer.toString(md.cutOff().size()));
        for (int i = 0; i < md.cutOff().size(); i++)
        {
            summary.setProperty("md.cut-off." + (i + 1), md.cutOff().get(i));
        }
    }

    private static void putRejects(final Properties summary, final RejectCounts rejects)
    {
        if (rejects == null)
        {
            return;
        }
        summary.setProperty("rejects.total", Long.toString(rejects.total()));
        summary.setProperty("rejects.reasons", Integer.toString(rejects.reasons().size()));
        summary.setProperty("rejects.other", Long.toString(rejects.other()));
        for (int i = 0; i < rejects.reasons().size(); i++)
        {
            final RejectCounts.Reason reason = rejects.reasons().get(i);
            summary.setProperty("rejects." + (i + 1) + ".reason", reason.reason());
            summary.setProperty("rejects." + (i + 1) + ".count", Long.toString(reason.count()));
        }
    }

    private static void put(final Properties summary, final String name, final Histogram histogram)
    {
        summary.setProperty(name + ".count", Long.toString(histogram.getTotalCount()));
        if (histogram.getTotalCount() == 0)
        {
            return;
        }
        summary.setProperty(name + ".p50.us", format(histogram.getValueAtPercentile(50) / 1e3));
        summary.setProperty(name + ".p90.us", format(histogram.getValueAtPercentile(90) / 1e3));
        summary.setProperty(name + ".p99.us", format(histogram.getValueAtPercentile(99) / 1e3));
        summary.setProperty(name + ".p999.us", format(histogram.getValueAtPercentile(99.9) / 1e3));
        summary.setProperty(name + ".max.us", format(histogram.getMaxValue() / 1e3));
        summary.setProperty(name + ".mean.us", format(histogram.getMean() / 1e3));
    }

    private static void hgrm(final Path file, final Histogram histogram) throws IOException
    {
        if (histogram.getTotalCount() == 0)
        {
            return;
        }
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8))
        {
            histogram.outputPercentileDistribution(out, 5, 1000.0);
        }
    }

    private static String format(final double value)
    {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
