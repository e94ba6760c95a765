package io.kairos.latency.testing;

import java.net.URISyntaxException;
import java.nio.file.Path;

import io.kairos.latency.AnalysisConfig;
import io.kairos.latency.AnalysisResult;
import io.kairos.latency.CaptureAnalyzer;
import io.kairos.latency.capture.UnusableCaptureException;

/** Runs the analyzer in-process for tests. */
public record Analysis(AnalysisResult result, RecordingSink sink)
{
    public static Analysis of(final Path capture, final AnalysisConfig config)
    {
        final RecordingSink sink = new RecordingSink();
        try
        {
            return new Analysis(new CaptureAnalyzer(config, sink).analyze(capture, null), sink);
        }
        catch (final UnusableCaptureException ex)
        {
            throw new AssertionError("capture unusable: " + ex.getMessage(), ex);
        }
    }

    public static Analysis of(final Path capture, final String orderPorts, final String marketDataPorts)
    {
        return of(capture, AnalysisConfig.defaults().withPorts(orderPorts, marketDataPorts));
    }

    /** Path of a test resource under src/test/resources. */
    public static Path resource(final String name)
    {
        try
        {
            return Path.of(Analysis.class.getResource("/" + name).toURI());
        }
        catch (final URISyntaxException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
