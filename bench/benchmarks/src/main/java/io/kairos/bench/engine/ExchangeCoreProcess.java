package io.kairos.bench.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.kairos.bench.exchangecore.ExchangeCoreReplayRunner;
import io.kairos.bench.exchangecore.ExchangeCoreRunner;
import io.kairos.bench.harness.ReplayResult;
import io.kairos.bench.harness.RunResult;
import picocli.CommandLine;

/**
 * Runs {@link ExchangeCoreRunner} in a child JVM (Java 17: exchange-core 0.5.3 cannot start on
 * JDK 25, see bench/README.md) on the order-flow file this JVM wrote, with this JVM's class path,
 * and reads back its {@link RunResult}. The child's output goes to this process's stderr.
 */
final class ExchangeCoreProcess
{
    /** JVM options exchange-core's Chronicle Core 2.19 needs on Java 17, on top of the heap/GC options. */
    static final List<String> CHRONICLE_OPENS = List.of(
        "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
        "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
        "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
        "--add-opens=java.base/java.io=ALL-UNNAMED",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED");
    private static final long TIMEOUT_MINUTES = 60;

    private final Path java;
    private final List<String> jvmOptions;

    ExchangeCoreProcess(final Path java, final List<String> jvmOptions)
    {
        this.java = java;
        this.jvmOptions = List.copyOf(jvmOptions);
    }

    Path java()
    {
        return java;
    }

    List<String> jvmOptions()
    {
        return jvmOptions;
    }

    RunResult run(final Path flowFile, final boolean journal, final Path journalDir, final String wait, final long rate)
        throws IOException, InterruptedException
    {
        final Path resultFile = Files.createTempFile(journalDir.getParent(), "ec-result-", ".properties");
        try
        {
            launch(ExchangeCoreRunner.class, List.of("--flow", flowFile.toString(), "--result", resultFile.toString(),
                "--rate", Long.toString(rate), "--journal", journal ? "disk" : "off",
                "--journal-dir", journalDir.toString(), "--wait", wait));
            return RunResult.read(resultFile);
        }
        finally
        {
            Files.deleteIfExists(resultFile);
        }
    }

    /**
     * Runs {@link ExchangeCoreReplayRunner} on a matcher flow file: per mode ({@code direct}, {@code pipeline}) a
     * warm-up and {@code runs} timed replays, hashes checked against {@code expectedSha256}; results (and the text
     * of a replay whose hash differed) in {@code resultDir}.
     */
    List<ReplayResult> runReplay(final Path flowFile, final Path resultDir, final int runs, final List<String> modes,
        final String wait, final String expectedSha256, final int outcomeCapacity)
        throws IOException, InterruptedException
    {
        launch(ExchangeCoreReplayRunner.class, List.of("--flow", flowFile.toString(), "--result-dir",
            resultDir.toString(), "--runs", Integer.toString(runs), "--modes", String.join(",", modes), "--wait", wait,
            "--expect-sha256", expectedSha256, "--outcome-capacity", Integer.toString(outcomeCapacity)));
        final List<ReplayResult> results = new ArrayList<>();
        for (final String mode : modes)
        {
            results.add(ReplayResult.read(resultDir.resolve(mode + ".properties")));
        }
        return results;
    }

    /** Runs {@code main} in the child JVM with this JVM's class path; its output goes to this process's stderr. */
    private void launch(final Class<?> main, final List<String> arguments) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        command.addAll(CHRONICLE_OPENS);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(arguments);
        final Process process = new ProcessBuilder(command)
            .redirectOutput(ProcessBuilder.Redirect.INHERIT)
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        try
        {
            if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES))
            {
                throw new IOException("exchange-core child JVM did not finish in " + TIMEOUT_MINUTES + " minutes: "
                    + command);
            }
            if (process.exitValue() != 0)
            {
                throw new IOException("exchange-core child JVM failed with exit status " + process.exitValue() + ": "
                    + command);
            }
        }
        finally
        {
            process.destroyForcibly();
        }
    }

    /**
     * The child JVM an {@code --exchange-core-java} option asks for: {@code in-process} (null: run in this JVM),
     * {@code auto} (a Java 17 under /usr/lib/jvm) or a java binary; it gets this JVM's heap and -XX options.
     */
    static ExchangeCoreProcess fromOption(final String option, final CommandLine commandLine) throws IOException
    {
        if ("in-process".equals(option))
        {
            return null;
        }
        final Path java = "auto".equals(option) ? findJava17(Path.of("/usr/lib/jvm")) : Path.of(option);
        if (java == null || !Files.isExecutable(java))
        {
            throw new CommandLine.ParameterException(commandLine, "--exchange-core-java: no Java 17 found (looked "
                + "under /usr/lib/jvm); exchange-core 0.5.3 cannot start on JDK 25; pass the path of a Java 17 binary");
        }
        final List<String> options = new ArrayList<>();
        for (final String argument : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (argument.startsWith("-Xm") || argument.startsWith("-Xs") || argument.startsWith("-XX:"))
            {
                options.add(argument);
            }
        }
        return new ExchangeCoreProcess(java, options);
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    static void deleteRecursively(final Path dir) throws IOException
    {
        if (!Files.exists(dir))
        {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir))
        {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(path);
            }
        }
    }

    /**
     * A Java 17 under {@code searchDir} (where exchange-core 0.5.3's Chronicle Core 2.19 starts; it does not on 25), or
     * null.
     */
    static Path findJava17(final Path searchDir) throws IOException
    {
        if (!Files.isDirectory(searchDir))
        {
            return null;
        }
        try (var dirs = Files.list(searchDir))
        {
            for (final Path dir : dirs.sorted().toList())
            {
                final Path candidate = dir.resolve("bin/java");
                if (Files.isExecutable(candidate) && featureOf(dir) == 17)
                {
                    return candidate;
                }
            }
        }
        return null;
    }

    private static int featureOf(final Path jdkDir) throws IOException
    {
        final Path release = jdkDir.resolve("release");
        if (!Files.isReadable(release))
        {
            return 0;
        }
        for (final String line : Files.readAllLines(release))
        {
            if (line.startsWith("JAVA_VERSION="))
            {
                final String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                final String feature = version.split("[.+-]")[0];
                try
                {
                    return Integer.parseInt(feature);
                }
                catch (final NumberFormatException e)
                {
                    return 0;
                }
            }
        }
        return 0;
    }
}
