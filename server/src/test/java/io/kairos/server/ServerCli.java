package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code kairos-server ARGS} as a real process (this JVM's class path and JDK flags), bounded in time. */
final class ServerCli
{
    private static final long BOUND_S = 120;

    record Result(int exit, String out, String err)
    {
    }

    private ServerCli()
    {
    }

    static Result run(final Path workDir, final String... args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (argument.startsWith("--add-") || argument.startsWith("--enable-native-access"))
            {
                command.add(argument);
            }
        }
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(KairosServer.class.getName());
        command.addAll(List.of(args));
        final Path out = Files.createTempFile(workDir, "cli", ".out");
        final Path err = Files.createTempFile(workDir, "cli", ".err");
        final Process process = new ProcessBuilder(command).directory(workDir.toFile())
            .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        final boolean exited = process.waitFor(BOUND_S, TimeUnit.SECONDS);
        if (!exited)
        {
            process.destroyForcibly();
        }
        assertTrue(exited, "kairos-server " + String.join(" ", args) + " did not exit in " + BOUND_S + " s");
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
            Files.readString(err, StandardCharsets.UTF_8));
    }
}
