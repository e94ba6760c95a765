package io.kairos.bench.fix;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fix-load loopback-cost}: the CPU of a small TCP message on this machine's loopback ({@link LoopbackCost}). */
@Command(
    name = "loopback-cost",
    mixinStandardHelpOptions = true,
    description = "CPU per TCP message on 127.0.0.1, sender and receiver: the unit of every fan-out on one machine "
        + "(a market-data flush is one send per subscriber). Prints both, and the cores a given send rate takes.")
public final class LoopbackCostCommand implements Callable<Integer>
{
    @Option(names = "--connections", defaultValue = "10", description = "connections, round-robin (default: "
        + "${DEFAULT-VALUE}, the scenario's subscribers)")
    int connections;

    @Option(names = "--message-bytes", defaultValue = "300", description = "(default: ${DEFAULT-VALUE})")
    int messageBytes;

    @Option(names = "--messages", defaultValue = "200000", description = "(default: ${DEFAULT-VALUE})")
    long messages;

    @Option(names = "--pace-us", defaultValue = "0", description = "pause between two sends, µs; 0 = back to back "
        + "(default: ${DEFAULT-VALUE})")
    long paceMicros;

    @Option(names = "--rate", defaultValue = "200000", description = "sends per second to price in cores (default: "
        + "${DEFAULT-VALUE}: 20,000 orders/s flushed to 10 subscribers once per order)")
    double rate;

    public Integer call() throws Exception
    {
        final LoopbackCost.Result result =
            LoopbackCost.measure(new LoopbackCost.Config(connections, messageBytes, messages, paceMicros * 1_000));
        print(result, rate, System.out);
        return 0;
    }

    static void print(final LoopbackCost.Result result, final double rate, final PrintStream out)
    {
        final LoopbackCost.Config config = result.config();
        out.printf(Locale.ROOT, "loopback TCP: %,d messages of %d bytes over %d connection%s, %s, %.1f s%n",
            config.messages(), config.messageBytes(), config.connections(), config.connections() == 1 ? "" : "s",
            config.paceNs() == 0 ? "back to back" : "one every " + config.paceNs() / 1_000 + " us",
            result.wallNs() / 1e9);
        out.printf(Locale.ROOT, "send:    %.2f us CPU per message (one write each)%n",
            result.sendCpuMicrosPerMessage());
        out.printf(Locale.ROOT, "receive: %.2f us CPU per message (%.2f reads per message)%n",
            result.receiveCpuMicrosPerMessage(), result.readsPerMessage());
        out.printf(Locale.ROOT, "%,.0f such messages a second take %.2f cores (sender and receiver)%n", rate,
            result.coresAt(rate));
    }
}
