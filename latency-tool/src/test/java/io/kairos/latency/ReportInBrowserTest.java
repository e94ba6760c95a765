package io.kairos.latency;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.latency.cli.ExitCodes;
import io.kairos.latency.cli.LatencyTool;
import io.kairos.latency.generate.SyntheticCaptureGenerator;
import io.kairos.latency.report.HtmlReport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Renders report.html in a real browser (headless Chromium, Debian's {@code chromium}) and checks that every main
 * element is there, visible, has a size and fits the 1280 px window without horizontal scrolling, that charts have
 * data and legends below their plot area. A probe script is appended to a copy of the report (the report itself has
 * no scripts); it writes its measurements into the DOM, which Chromium dumps. Skipped, saying so, only when no
 * Chromium binary is installed.
 */
class ReportInBrowserTest
{
    private static final int WINDOW_WIDTH = 1280;
    private static final long BROWSER_TIMEOUT_S = 120;
    private static final String PROBE = """
        <script>
        (function () {
          var ids = %s;
          var lines = [];
          ids.forEach(function (id) {
            var e = document.getElementById(id);
            if (!e) { lines.push(id + " missing"); return; }
            var r = e.getBoundingClientRect();
            var s = getComputedStyle(e);
            var visible = s.visibility === "visible" && s.display !== "none" && e.offsetParent !== null;
            var marks = e.querySelectorAll("rect, tr").length;
            e.querySelectorAll("polyline").forEach(function (line) {
              if (line.getAttribute("points").trim().split(" ").length > 1) { marks++; }
            });
            var legend = e.querySelector("g.legend");
            var frame = e.querySelector("rect");
            var legendBelow = !legend || !frame ||
              legend.getBoundingClientRect().top >= frame.getBoundingClientRect().bottom;
            lines.push(id + " width=" + Math.round(r.width) + " height=" + Math.round(r.height) + " right=" +
              Math.round(r.right) + " visible=" + visible + " marks=" + marks + " legendBelow=" + legendBelow);
          });
          lines.push("page scrollWidth=" + document.documentElement.scrollWidth + " innerWidth=" + window.innerWidth);
          var pre = document.createElement("pre");
          pre.id = "layout-probe";
          pre.textContent = lines.join("\\n");
          document.body.appendChild(pre);
        })();
        </script>
        """;

    @TempDir
    Path directory;

    private Path chromium;

    @BeforeEach
    void findChromium()
    {
        final Optional<Path> found = chromiumBinary();
        Assumptions.assumeTrue(found.isPresent(), "SKIPPED: no Chromium binary (chromium, chromium-browser, " +
            "google-chrome) on the PATH or in $CHROMIUM; install Debian's 'chromium' to check report.html in a " +
            "browser");
        chromium = found.get();
    }

    @Test
    void shouldShowEveryReportElementVisibleAndUnclippedInARealBrowser() throws Exception
    {
        final Path report = analyse();
        final String html = Files.readString(report, StandardCharsets.UTF_8);
        assertFalse(html.contains("<script") || html.contains("href=\"http") || html.contains("src=\"http"),
            "self-contained, no scripts");

        final Map<String, Map<String, String>> layout = probe(report);

        for (final String id : HtmlReport.IDS)
        {
            final Map<String, String> element = layout.get(id);
            assertNotNull(element, id + " missing from the rendered report: " + layout);
            assertTrue(Integer.parseInt(element.get("width")) > 100, id + " has no width: " + element);
            assertTrue(Integer.parseInt(element.get("height")) > 10, id + " has no height: " + element);
            assertEquals("true", element.get("visible"), id + " not visible: " + element);
            assertTrue(Integer.parseInt(element.get("right")) <= WINDOW_WIDTH, id + " cut off at the right: " +
                element);
            if (!id.equals("public-before-private"))
            {
                assertTrue(Integer.parseInt(element.get("marks")) > 1, id + " has no data drawn (frame only): " +
                    element);
            }
            assertEquals("true", element.get("legendBelow"), id + " legend inside the plot: " + element);
        }
        final Map<String, String> page = layout.get("page");
        assertTrue(Integer.parseInt(page.get("scrollWidth")) <= Integer.parseInt(page.get("innerWidth")),
            "no horizontal scrolling: " + page);
    }

    @Test
    void shouldTakeAScreenshotOfTheWholeReport() throws Exception
    {
        final Path report = analyse();
        final Path png = directory.resolve("report.png");

        run(List.of("--window-size=" + WINDOW_WIDTH + ",3000", "--hide-scrollbars", "--screenshot=" + png,
            report.toUri().toString()));

        assertTrue(Files.exists(png), "no screenshot written");
        final byte[] bytes = Files.readAllBytes(png);
        assertTrue(bytes.length > 50_000, "a blank page compresses to a few KB: " + bytes.length + " bytes");
        final int width = ((bytes[16] & 0xFF) << 24) | ((bytes[17] & 0xFF) << 16) | ((bytes[18] & 0xFF) << 8) |
            (bytes[19] & 0xFF);
        assertEquals(WINDOW_WIDTH, width, "PNG width");
    }

    private Path analyse() throws IOException
    {
        final Path capture = directory.resolve("kairos.pcap");
        new SyntheticCaptureGenerator(2, 3, 7).generate(capture, 6_000);
        final Path out = directory.resolve("report");
        final int exit = LatencyTool.execute(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()),
            "analyze", capture.toString(), "--out", out.toString(), "--no-progress");
        assertEquals(ExitCodes.OK, exit);
        return out.resolve("report.html");
    }

    /** Measurements per element id ("page" for the document), from the probe's output in the dumped DOM. */
    private Map<String, Map<String, String>> probe(final Path report) throws Exception
    {
        final StringBuilder ids = new StringBuilder("[");
        for (final String id : HtmlReport.IDS)
        {
            ids.append(ids.length() > 1 ? "," : "").append('"').append(id).append('"');
        }
        final Path probed = directory.resolve("probed.html");
        Files.writeString(probed, Files.readString(report, StandardCharsets.UTF_8).replace("</body>",
            PROBE.formatted(ids.append(']')) + "</body>"), StandardCharsets.UTF_8);

        final String dom = run(List.of("--window-size=" + WINDOW_WIDTH + ",3000", "--virtual-time-budget=5000",
            "--dump-dom", probed.toUri().toString()));

        final int start = dom.indexOf("<pre id=\"layout-probe\">");
        if (start < 0)
        {
            fail("the probe did not run; Chromium printed: " + dom.substring(0, Math.min(dom.length(), 2000)));
        }
        final String text = dom.substring(start + "<pre id=\"layout-probe\">".length(), dom.indexOf("</pre>", start));
        final Map<String, Map<String, String>> layout = new HashMap<>();
        for (final String line : text.split("\n"))
        {
            final String[] words = line.trim().split(" ");
            final Map<String, String> values = new HashMap<>();
            for (int i = 1; i < words.length; i++)
            {
                final int equals = words[i].indexOf('=');
                if (equals > 0)
                {
                    values.put(words[i].substring(0, equals), words[i].substring(equals + 1));
                }
            }
            if (!line.endsWith(" missing"))
            {
                layout.put(words[0], values);
            }
        }
        return layout;
    }

    /** Runs headless Chromium with a bounded wait; returns its standard output. */
    private String run(final List<String> arguments) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox",
            "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--user-data-dir=" + directory.resolve("chromium-profile")));
        command.addAll(arguments);
        final Path stdout = directory.resolve("chromium.out");
        final Path stderr = directory.resolve("chromium.err");
        final Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile())
            .redirectError(stderr.toFile()).start();
        if (!process.waitFor(BROWSER_TIMEOUT_S, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail("Chromium did not finish within " + BROWSER_TIMEOUT_S + " s: " + command);
        }
        final String err = Files.readString(stderr, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), "Chromium failed: " + command + "\n" + err);
        return Files.readString(stdout, StandardCharsets.UTF_8);
    }

    private static Optional<Path> chromiumBinary()
    {
        final String configured = System.getenv("CHROMIUM");
        if (configured != null && Files.isExecutable(Path.of(configured)))
        {
            return Optional.of(Path.of(configured));
        }
        final String path = System.getenv().getOrDefault("PATH", "");
        for (final String name : List.of("chromium", "chromium-browser", "google-chrome"))
        {
            for (final String folder : path.split(File.pathSeparator))
            {
                final Path candidate = Path.of(folder, name);
                if (!folder.isEmpty() && Files.isExecutable(candidate))
                {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }
}
