package io.kairos.bench.fix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;

class ReportInputsTest
{
    @Test
    void shouldReadAMetricRowOfTheLatencyToolSummary()
    {
        final List<String> lines = List.of(
            "metric (us)                                  count          min          50%          90%          " +
                "99%        99.9%       99.99%          max",
            "order-ack                                     1000        5.000       18.250       32.100       " +
                "40.900       50.000       60.000       70.000",
            "order-to-tick                                    0        0.000        0.000        0.000        " +
                "0.000        0.000        0.000        0.000");
        final MetricFigures ack = MetricFigures.fromLatencyToolSummary(lines, "order-ack", 20.5);
        assertEquals(1000, ack.count());
        assertEquals(18.25, ack.p50());
        assertEquals(32.1, ack.p90());
        assertEquals(40.9, ack.p99());
        assertEquals(20.5, ack.mean());
        assertEquals("2.0x / 2.0x / 2.0x", new MetricFigures(1, 36.5, 64.2, 81.8, 0).ratios(ack));
        assertFalse(MetricFigures.fromLatencyToolSummary(lines, "order-to-tick", 0).present());
        assertFalse(MetricFigures.fromLatencyToolSummary(lines, "cancel-ack", 0).present());
    }

    @Test
    void shouldWriteAServerConfigWithEverySessionAndInstrumentsOverThePartitions() throws Exception
    {
        final ServerConfigCommand command = new ServerConfigCommand();
        command.dataDir = Path.of("/tmp/run");
        command.sessions = 130;
        command.mdSessions = 10;
        command.partitions = 8;
        command.instruments = "gen:1000";
        command.journalMode = "sync";
        command.waitStrategy = "blocking";
        command.throttle = 1_000_000;
        command.fixPort = 19880;
        command.mdPort = 19881;
        command.metricsPort = 19090;
        final Properties config = new Properties();
        config.load(new StringReader(command.render()));
        assertEquals(130, config.getProperty("fix.sessions").split(",").length);
        assertTrue(io.kairos.access.PasswordHash.parse(config.getProperty("fix.session.CLIENT130.password-hash"), "k")
            .matches("client130pass".toCharArray(), 13));
        assertEquals(null, config.getProperty("fix.session.CLIENT130.password"));
        assertEquals("false", config.getProperty("fix.session.CLIENT07.cancel-on-disconnect"));
        assertEquals(1000, config.getProperty("instruments").split(",").length);
        assertEquals("7", config.getProperty("instrument.S0008.partition"));
        assertEquals("0", config.getProperty("instrument.S0009.partition"));
        assertEquals("100", config.getProperty("instrument.S0009.reference-price"));
        assertEquals("sync", config.getProperty("journal.mode"));
        assertTrue(Integer.parseInt(config.getProperty("fix.max-sessions")) >= 130);
    }

    @Test
    void shouldWriteAnOrdermatchAcceptorForEveryLoadSession()
    {
        final String config = OrdermatchConfigCommand.render(19876, "KAIROS",
            SessionNames.compIds("CLIENT%02d", 1, 10), Path.of("/tmp/om"));
        assertTrue(config.contains("BeginString=FIX.4.2"));
        assertTrue(config.contains("SenderCompID=KAIROS"));
        assertTrue(config.contains("TargetCompID=CLIENT10"));
        assertEquals(10, config.split("\\[session]").length - 1);
    }
}
