package io.kairos.latency.cli;

import java.io.ByteArrayOutputStream;
import java.io.Console;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.kairos.latency.AnalysisConfig;
import io.kairos.latency.AnalysisResult;
import io.kairos.latency.CaptureAnalyzer;
import io.kairos.latency.PortSet;
import io.kairos.latency.capture.TimestampMode;
import io.kairos.latency.capture.UnusableCaptureException;
import io.kairos.latency.report.ConsoleReport;
import io.kairos.latency.report.HgrmWriter;
import io.kairos.latency.report.HtmlReport;
import io.kairos.latency.report.OrderCsvWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code latency-tool analyze}: one capture in, console table and report files out. Runs on the main thread. */
@Command(
    name = "analyze",
    mixinStandardHelpOptions = true,
    description = {
        "Reads a pcap/pcapng capture, reassembles the FIX-over-TCP streams on the",
        "given ports and measures (door-to-door, as seen on the wire):",
        "  order-ack      35=D -> first 35=8 with the same 11 on that connection,",
        "                 split by ExecType (new / fill / reject / other)",
        "  cancel-ack     35=F -> 35=8 150=4; replace-ack 35=G -> 35=8 150=5;",
        "                 cancel-replace-reject 35=F/G -> 35=9",
        "  order-to-tick  35=D -> OrderID 37 of its ack -> first 35=X with",
        "                 278=OrderID on any market-data connection; also per",
        "                 subscriber and to the last subscriber",
        "  hops           from the Kairos stamps 5979, 21002, 21003, 7765, 52",
        "A message's time is the capture time of the packet holding its first byte:",
        "the hardware stamp where --timestamps finds one (pcapng NIC stamps, a",
        "Metamako/Arista 7130 or Exablaze/Cisco Nexus 3550 trailer), else the host's.",
        "Writes summary.txt, orders.csv, one .hgrm per metric and a self-contained",
        "report.html to --out."},
    footer = ExitCodes.HELP_TEXT)
public final class AnalyzeCommand implements Callable<Integer>
{
    @Parameters(index = "0", paramLabel = "CAPTURE", description = "pcap or pcapng file (e.g. from tcpdump -w)")
    private Path capture;

    @Option(names = "--order-ports", paramLabel = "LIST", defaultValue = AnalysisConfig.DEFAULT_ORDER_ENTRY_PORTS,
        description = "FIX order-entry server ports, e.g. 9880 or 9880,9890-9899 (default: ${DEFAULT-VALUE})")
    private String orderPorts;

    @Option(names = "--md-ports", paramLabel = "LIST", defaultValue = AnalysisConfig.DEFAULT_MARKET_DATA_PORTS,
        description = "FIX market-data server ports (default: ${DEFAULT-VALUE})")
    private String marketDataPorts;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "latency-report",
        description = "directory for the report files, created if needed (default: ${DEFAULT-VALUE})")
    private Path out;

    @Option(names = "--ack-timeout-ms", paramLabel = "MS", defaultValue = "10000",
        description = "a request unanswered after this long (capture time) counts as unmatched and is evicted " +
            "(default: ${DEFAULT-VALUE})")
    private long ackTimeoutMs;

    @Option(names = "--tick-timeout-ms", paramLabel = "MS", defaultValue = "1000",
        description = "how long after its ack an order waits for ticks from more subscribers (default: " +
            "${DEFAULT-VALUE})")
    private long tickTimeoutMs;

    @Option(names = "--timestamps", paramLabel = "MODE", defaultValue = "auto",
        description = "packet times from: host (the capture host's clock), pcapng (a pcapng file's stamps are a " +
            "NIC's hardware stamps), metamako (Metamako / Arista 7130 MetaWatch trailer), exablaze (Exablaze / Cisco " +
            "Nexus 3550 trailer), auto (a trailer wherever exactly one family parses, else the host's) (default: " +
            "${DEFAULT-VALUE})")
    private String timestamps;

    @Option(names = "--progress", negatable = true, description = "progress bar on stderr (default: only when a " +
        "terminal is attached)")
    private Boolean progress;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public Integer call()
    {
        final AnalysisConfig config;
        try
        {
            config = new AnalysisConfig(PortSet.parse(orderPorts), PortSet.parse(marketDataPorts), ackTimeoutMs,
                tickTimeoutMs, AnalysisConfig.DEFAULT_MAX_QUEUED_SEGMENTS, AnalysisConfig.DEFAULT_MAX_QUEUED_BYTES,
                AnalysisConfig.DEFAULT_MAP_WINDOW_BYTES, AnalysisConfig.DEFAULT_PREALLOCATED_ORDERS,
                progress != null ? progress : isTerminal(), TimestampMode.parse(timestamps));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage());
        }
        final PrintStream stdout = new PrintStream(new WriterOutputStream(spec.commandLine().getOut()), true,
            StandardCharsets.UTF_8);
        final PrintStream stderr = new PrintStream(new WriterOutputStream(spec.commandLine().getErr()), true,
            StandardCharsets.UTF_8);
        try
        {
            Files.createDirectories(out);
        }
        catch (final IOException ex)
        {
            stderr.println("latency-tool: cannot create output directory " + out + ": " + ex);
            return ExitCodes.SOFTWARE_ERROR;
        }
        final AnalysisResult result;
        final long csvRows;
        try (OrderCsvWriter csv = new OrderCsvWriter(out.resolve("orders.csv")))
        {
            result = new CaptureAnalyzer(config, csv).analyze(capture, stderr);
            csvRows = csv.rows();
        }
        catch (final UnusableCaptureException ex)
        {
            stderr.println("latency-tool: " + ex.getMessage());
            return ExitCodes.UNUSABLE_INPUT;
        }
        catch (final IOException | java.io.UncheckedIOException ex)
        {
            stderr.println("latency-tool: cannot write " + out.resolve("orders.csv") + ": " + ex);
            return ExitCodes.SOFTWARE_ERROR;
        }
        return report(result, csvRows, stdout, stderr);
    }

    private int report(final AnalysisResult result, final long csvRows, final PrintStream stdout,
        final PrintStream stderr)
    {
        final ByteArrayOutputStream text = new ByteArrayOutputStream();
        try (PrintStream summary = new PrintStream(text, true, StandardCharsets.UTF_8))
        {
            ConsoleReport.write(result, summary);
        }
        final String summary = text.toString(StandardCharsets.UTF_8);
        stdout.print(summary);
        try
        {
            Files.writeString(out.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
            final int hgrmFiles = HgrmWriter.write(result.correlator().metrics().all(), out);
            HtmlReport.write(result, summary, out.resolve("report.html"));
            stdout.printf("%nreports   %s: summary.txt, orders.csv (%d rows), report.html, %d .hgrm files%n",
                out, csvRows, hgrmFiles);
        }
        catch (final IOException ex)
        {
            stderr.println("latency-tool: cannot write reports to " + out + ": " + ex);
            return ExitCodes.SOFTWARE_ERROR;
        }
        if (result.hasProblems())
        {
            stderr.println("latency-tool: the capture is partly corrupt (" + result.problems().problemCount() +
                " problems, listed above); everything readable was analysed");
            return ExitCodes.PARTIALLY_CORRUPT_INPUT;
        }
        return ExitCodes.OK;
    }

    /** True when a terminal is attached; on JDK 22+ {@code System.console()} exists even when redirected. */
    private static boolean isTerminal()
    {
        final Console console = System.console();
        if (console == null)
        {
            return false;
        }
        try
        {
            return (Boolean)Console.class.getMethod("isTerminal").invoke(console);
        }
        catch (final ReflectiveOperationException ex)
        {
            return true;
        }
    }
}
