package io.kairos.bench.fix;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code fix-load.jar}: the FIX load generator and the helpers that {@code bench/bin/fix-load} and
 * {@code bench/bin/scenario} run around it. Runs on the main thread; each subcommand states its own threads.
 */
@Command(
    name = "fix-load",
    mixinStandardHelpOptions = true,
    version = "kairos fix-load 0.1.0",
    description = "FIX load generator (QuickFIX/J initiators, latency against the planned send time), raw TCP FIX " +
        "echo server, QuickFIX/J ordermatch and Kairos config generation, result tables, and the CPU cost of a " +
        "loopback TCP message.",
    subcommands = {
        LoadCommand.class,
        EchoServerCommand.class,
        OrdermatchConfigCommand.class,
        ServerConfigCommand.class,
        CompareCommand.class,
        ScenarioTableCommand.class,
        LoopbackCostCommand.class,
        HostCommand.class,
        JournalForceCommand.class,
        TlsFilesCommand.class,
        CommandLine.HelpCommand.class})
public final class FixLoadTool implements Runnable
{
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public void run()
    {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(final String[] args)
    {
        System.exit(new CommandLine(new FixLoadTool()).execute(args));
    }
}
