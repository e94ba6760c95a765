package io.kairos.latency;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.cli.ExitCodes;
import io.kairos.latency.cli.LatencyTool;
import io.kairos.latency.net.NetworkHeadersDescriptor;
import io.kairos.latency.testing.KairosTraffic;
import io.kairos.latency.testing.Link;
import io.kairos.latency.testing.TestCaptureWriter;
import io.kairos.latency.testing.TestCaptureWriter.Format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line: help, usage errors, port lists, and the report files it writes. */
class CommandLineTest
{
    @TempDir
    Path directory;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(final String... args)
    {
        return LatencyTool.execute(new PrintWriter(out), new PrintWriter(err), args);
    }

    @Test
    void shouldPrintHelpWithTheExitCodesAndExitZero()
    {
        assertEquals(ExitCodes.OK, run("analyze", "--help"));
        assertTrue(out.toString().contains("--order-ports"), out.toString());
        assertTrue(out.toString().contains("partially corrupt input"), out.toString());
        assertTrue(out.toString().contains("capture time of the packet holding its first byte"), out.toString());
    }

    @Test
    void shouldExitWithTheUsageCodeOnBadArguments()
    {
        assertEquals(ExitCodes.USAGE, run("analyze"));
        assertEquals(ExitCodes.USAGE, run());
        assertEquals(ExitCodes.USAGE, run("analyze", "x.pcap", "--order-ports", "9880-80"));
        assertTrue(err.toString().contains("port range '9880-80' ends before it starts"), err.toString());
        assertEquals(ExitCodes.USAGE, run("analyze", "x.pcap", "--md-ports", "70000"));
        assertTrue(err.toString().contains("port 70000"), err.toString());
        assertEquals(ExitCodes.USAGE, run("analyze", "x.pcap", "--timestamps", "ptp"));
        assertTrue(err.toString().contains("unknown --timestamps 'ptp': one of host, pcapng, metamako, exablaze, auto"),
            err.toString());
    }

    @Test
    void shouldSayWhichClockStampedThePacketsOnTheConsoleAndInTheHtmlHeader() throws Exception
    {
        final List<io.kairos.latency.testing.Frame> frames = new java.util.ArrayList<>();
        for (final io.kairos.latency.testing.Frame frame : KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2))
        {
            frames.add(TestCaptureWriter.withTrailer(frame, TestCaptureWriter.metamakoTrailer(frame.timeNs(), 0, true),
                frame.timeNs() + 9_000));
        }
        final Path capture = TestCaptureWriter.write(directory.resolve("tap.pcap"), Format.PCAP_NANOS_LE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, frames);
        final Path report = directory.resolve("report");

        assertEquals(ExitCodes.OK, run("analyze", capture.toString(), "--timestamps", "metamako", "--out",
            report.toString()));

        final String clocks = "times     Metamako trailer stamps (hardware), 10 of 10 packets; capture host clock " +
            "for 0 (--timestamps metamako)";
        assertTrue(out.toString().contains(clocks), out.toString());
        assertTrue(Files.readString(report.resolve("report.html")).contains("<p id=\"clocks\">times: Metamako " +
            "trailer stamps (hardware), 10 of 10 packets"), "the html header");
    }

    @Test
    void shouldWriteSummaryCsvHistogramsAndASelfContainedHtmlReport() throws Exception
    {
        final Path capture = TestCaptureWriter.write(directory.resolve("c.pcap"), Format.PCAP_NANOS_LE,
            NetworkHeadersDescriptor.LINKTYPE_ETHERNET, KairosTraffic.frames(Link.ETHERNET, Link.ETHERNET, false, 2));
        final Path report = directory.resolve("report");

        assertEquals(ExitCodes.OK, run("analyze", capture.toString(), "--order-ports", "9870-9880",
            "--md-ports", "9881,9882", "--out", report.toString()));

        assertTrue(out.toString().contains("order-to-tick-subscriber-2"), out.toString());
        assertTrue(Files.readString(report.resolve("summary.txt")).contains("order-ack"));
        final List<String> csv = Files.readAllLines(report.resolve("orders.csv"));
        assertEquals(2, csv.size());
        assertTrue(csv.get(0).contains(",tick_minus_ack_us,"), csv.get(0));
        assertTrue(csv.get(1).startsWith("D,1,10.0.0.1:40001 -> 10.0.0.100:9880,A1,O1,"), csv.get(1));
        assertTrue(csv.get(1).contains(",250.000,0,"), csv.get(1));
        assertTrue(csv.get(1).contains(",300.000,360.000,50.000,2,"), "order-to-tick, last, tick-minus-ack: " +
            csv.get(1));
        final String hgrm = Files.readString(report.resolve("order-ack.hgrm"));
        assertTrue(hgrm.contains("Percentile") && hgrm.contains("250.0"), hgrm);
        assertTrue(hgrm.startsWith("#[order-ack: values in microseconds (us)"), hgrm);
        assertTrue(out.toString().contains("public before private: 0 of 1 orders"), out.toString());
        final String html = Files.readString(report.resolve("report.html"));
        assertTrue(html.contains("<table id=\"percentile-table\"") && html.contains("Latency by percentile") &&
            html.contains("order-ack over time") && html.contains("id=\"hop-breakdown\"") &&
            html.contains("busiest 1 ms") && html.contains("public before private"), "table and charts present");
        assertFalse(html.contains("<script src") || html.contains("href=\"http") || html.contains("@import"),
            "no network access needed");
    }
}
