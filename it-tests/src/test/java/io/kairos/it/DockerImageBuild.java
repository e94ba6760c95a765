package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code docker build} of the repository's Dockerfile with the docker CLI, which applies {@code .dockerignore} as
 * a user's build does (Testcontainers' {@code ImageFromDockerfile} tars the whole folder, every {@code target/}
 * included). The build arguments come from the environment that {@code .ci/docker-engine.sh} exports; where they
 * are unset the Dockerfile's defaults apply (public Temurin and Ubuntu images, a build from source):
 * <ul>
 * <li>{@code CONTAINER_IT_JDK_IMAGE}, {@code CONTAINER_IT_RUNTIME_IMAGE}: {@code JDK_IMAGE},
 * {@code RUNTIME_IMAGE};</li>
 * <li>{@code CONTAINER_IT_PREBUILT_DIST=true}: {@code KAIROS_PREBUILT_DIST=true}, the image packages the
 * distribution this build made ({@code server/target/kairos}) instead of compiling its own.</li>
 * </ul>
 * Stateless.
 */
final class DockerImageBuild
{
    /** A source build downloads Maven and every dependency into the image's own repository first. */
    private static final long TIMEOUT_MS = 30 * 60_000L;

    private DockerImageBuild()
    {
    }

    /** Builds {@code repository}/Dockerfile as {@code tag}, the CLI's output in {@code log}; fails the test if not. */
    static void build(final Path repository, final String tag, final Path log)
    {
        final List<String> command = new ArrayList<>(List.of("docker", "build", "--tag", tag));
        buildArg(command, "JDK_IMAGE", System.getenv("CONTAINER_IT_JDK_IMAGE"));
        buildArg(command, "RUNTIME_IMAGE", System.getenv("CONTAINER_IT_RUNTIME_IMAGE"));
        if ("true".equals(System.getenv("CONTAINER_IT_PREBUILT_DIST")))
        {
            assertTrue(Files.isExecutable(repository.resolve("server/target/kairos/bin/kairos-server")),
                "CONTAINER_IT_PREBUILT_DIST=true needs the distribution: ./mvnw package -pl server -am");
            buildArg(command, "KAIROS_PREBUILT_DIST", "true");
        }
        command.add(repository.toString());
        System.out.println("ContainerImageIT: " + String.join(" ", command));
        final long started = System.nanoTime();
        final int status = run(command, repository, log);
        final long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        if (status != 0)
        {
            fail("docker build exited with " + status + " after " + seconds + " s:\n" + tail(log));
        }
        System.out.println("ContainerImageIT: image " + tag + " built in " + seconds + " s");
    }

    private static void buildArg(final List<String> command, final String name, final String value)
    {
        if (value != null && !value.isBlank())
        {
            command.add("--build-arg");
            command.add(name + "=" + value);
        }
    }

    private static int run(final List<String> command, final Path directory, final Path log)
    {
        try
        {
            final Process process = new ProcessBuilder(command).directory(directory.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!process.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS))
            {
                process.destroyForcibly();
                fail("docker build did not finish within " + TIMEOUT_MS + " ms:\n" + tail(log));
            }
            return process.exitValue();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot run the docker CLI (is it on the PATH?)", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    private static String tail(final Path log)
    {
        try
        {
            final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        }
        catch (final IOException ex)
        {
            return "(no output: " + ex + ")";
        }
    }
}
