package io.kairos.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import io.kairos.fix.DecoderCompilation;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/kairos-server}: loads the configuration, starts the venue in the foreground, prints
 * what to connect to and runs until SIGTERM or SIGINT, then stops cleanly (sessions logged out,
 * journal forced) and exits 0. Exit status 2 for a bad command line or configuration, 1 when the
 * venue cannot start (e.g. a port in use). The main thread waits; the signal thread stops.
 */
@Command(name = "kairos-server", mixinStandardHelpOptions = true, version = "Kairos 0.1.0-SNAPSHOT",
    sortOptions = false, subcommands = {JournalCommand.class, ReplayCommand.class, HashPasswordCommand.class,
        AdminCommand.class},
    description = {
        "Starts the Kairos venue in the foreground: FIX order entry, FIX market",
        "data, the matching engine and the metrics endpoint. Stops cleanly on",
        "SIGTERM or Ctrl-C."},
    footer = {
        "",
        "Configuration: the embedded default (shipped as conf/kairos.properties,",
        "which documents every key), overlaid by --config FILE (or $KAIROS_CONFIG),",
        "overlaid by environment variables KAIROS_<KEY> (key upper-cased, '.' and",
        "'-' as '_', e.g. KAIROS_FIX_PORT=9880).",
        "",
        "Exit status: 0 stopped cleanly, 1 could not start, 2 bad command line or",
        "configuration.",
        "",
        "Journal tools (read a journal no venue is using): `kairos-server journal --help`,",
        "`kairos-server replay --help`. A running venue's operator controls:",
        "`kairos-server admin --help`."})
public final class KairosServer implements Callable<Integer>
{
    static final int EXIT_OK = 0;
    static final int EXIT_START_FAILED = 1;
    static final int EXIT_BAD_CONFIG = 2;

    @Option(names = "--config", paramLabel = "FILE",
        description = "Properties file overlaying the defaults (default: $KAIROS_CONFIG).")
    private Path configFile;

    @Option(names = "--check-config",
        description = "Validate the configuration, print the effective settings and exit.")
    private boolean checkConfig;

    @Option(names = "--demo-flow",
        description = "Publish random orders into the engine so books and metrics move without a FIX client.")
    private boolean demoFlow;

    @Option(names = "--demo-rate", paramLabel = "ORDERS_PER_SECOND", defaultValue = "20",
        description = "Rate of --demo-flow (default: ${DEFAULT-VALUE}).")
    private int demoRate;

    private final PrintStream out = System.out;
    private final PrintStream err = System.err;
    private final CountDownLatch stopped = new CountDownLatch(1);

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new KairosServer()).execute(args));
    }

    @Override
    public Integer call()
    {
        if (demoRate < 1 || demoRate > 1_000_000)
        {
            err.println("kairos-server: --demo-rate must be in [1, 1000000], was " + demoRate);
            return EXIT_BAD_CONFIG;
        }
        final KairosConfig config;
        try
        {
            config = KairosConfigLoader.load(configFile, System.getenv());
        }
        catch (final ConfigException ex)
        {
            err.println("kairos-server: bad configuration: " + ex.getMessage());
            return EXIT_BAD_CONFIG;
        }
        for (final String warning : config.warnings())
        {
            err.println("kairos-server: warning: " + warning);
        }
        final String jitWarning = DecoderCompilation.warning();
        if (jitWarning != null)
        {
            err.println("kairos-server: warning: " + jitWarning);
        }
        if (checkConfig)
        {
            out.println(ConfigPrinter.describe(config));
            return EXIT_OK;
        }
        return run(config);
    }

    private int run(final KairosConfig config)
    {
        final Venue venue;
        try
        {
            venue = Venue.start(config, demoFlow ? demoRate : 0, out);
        }
        catch (final BindException ex)
        {
            err.println("kairos-server: cannot listen: " + ex.getMessage() +
                " (is another venue running? see fix.port, md.port, metrics.port)");
            return EXIT_START_FAILED;
        }
        catch (final IOException | RuntimeException ex)
        {
            err.println("kairos-server: cannot start: " + ex.getMessage());
            ex.printStackTrace(err);
            return EXIT_START_FAILED;
        }
        final Runnable stop = () ->
        {
            venue.close();
            stopped.countDown();
        };
        Runtime.getRuntime().addShutdownHook(new Thread(venue::close, "kairos-shutdown"));
        final boolean signals = SignalShutdown.install(() ->
        {
            out.println("kairos-server: stopping (signal received)");
            stop.run();
        });
        venue.markReady();
        out.print(venue.describe());
        out.println("kairos-server: running" + (signals ? "; stop with SIGTERM or Ctrl-C" : ""));
        out.flush();
        try
        {
            stopped.await();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            venue.close();
        }
        out.println("kairos-server: stopped");
        return EXIT_OK;
    }
}
