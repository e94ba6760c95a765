package io.kairos.latency.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import io.kairos.latency.generate.SyntheticCaptureGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * Hidden {@code latency-tool generate}: writes a synthetic Kairos capture (for the tshark benchmark).
 * Runs on the main thread.
 */
@Command(name = "generate", hidden = true, mixinStandardHelpOptions = true,
    description = "Writes a synthetic Kairos capture (pcap, ns): D/8 on 9880, 35=X per subscriber on 9881.")
public final class GenerateCommand implements Callable<Integer>
{
    @Parameters(index = "0", paramLabel = "FILE")
    private Path file;

    @Option(names = "--messages", defaultValue = "2000000", description = "FIX messages to write (at least)")
    private long messages;

    @Option(names = "--connections", defaultValue = "4", description = "order-entry connections")
    private int connections;

    @Option(names = "--subscribers", defaultValue = "3", description = "market-data subscribers")
    private int subscribers;

    @Option(names = "--seed", defaultValue = "42")
    private long seed;

    public Integer call() throws Exception
    {
        final SyntheticCaptureGenerator.Summary summary =
            new SyntheticCaptureGenerator(connections, subscribers, seed).generate(file, messages);
        System.out.printf("wrote %s: %d FIX messages in %d packets (%d orders, %d cancels, %d ticks)%n", file,
            summary.messages(), summary.packets(), summary.orders(), summary.cancels(), summary.ticks());
        return ExitCodes.OK;
    }
}
