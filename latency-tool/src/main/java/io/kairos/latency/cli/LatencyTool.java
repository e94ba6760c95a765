package io.kairos.latency.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point: {@code latency-tool analyze CAPTURE …}. Single-threaded: everything runs on the calling thread. */
@Command(
    name = "latency-tool",
    mixinStandardHelpOptions = true,
    version = "latency-tool 0.1.0",
    description = "Door-to-door FIX latency (order-ack, order-to-tick, per-hop) from tcpdump captures.",
    subcommands = {AnalyzeCommand.class, GenerateCommand.class, CommandLine.HelpCommand.class},
    footer = ExitCodes.HELP_TEXT)
public final class LatencyTool implements Runnable
{
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public void run()
    {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: try 'latency-tool analyze " +
            "CAPTURE' or 'latency-tool --help'");
    }

    /** Runs the tool with {@code args} and returns the exit code (used by tests; does not call System.exit). */
    public static int execute(final String... args)
    {
        return new CommandLine(new LatencyTool()).execute(args);
    }

    /** As {@link #execute(String...)} with the console output going to {@code out} and {@code err}. */
    public static int execute(final java.io.PrintWriter out, final java.io.PrintWriter err, final String... args)
    {
        final CommandLine commandLine = new CommandLine(new LatencyTool());
        commandLine.setOut(out);
        commandLine.setErr(err);
        final int exitCode = commandLine.execute(args);
        out.flush();
        err.flush();
        return exitCode;
    }

    public static void main(final String[] args)
    {
        System.exit(execute(args));
    }
}
