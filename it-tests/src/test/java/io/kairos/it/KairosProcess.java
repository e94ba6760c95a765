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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.kairos.testsupport.FreePorts;

/**
 * The real venue: {@code server/target/kairos/bin/kairos-server} run as a child process with a
 * {@link TestVenue} config, its stdout and stderr captured to a file under the venue's folder.
 * {@link #stop()} sends SIGTERM, {@link #kill9()} SIGKILL. Owned by one test thread.
 */
final class KairosProcess implements AutoCloseable
{
    private static final long READY_TIMEOUT_MS = 90_000;
    private static final AtomicInteger RUNS = new AtomicInteger();
    /** Starts tried in all when a port turns out to be taken. */
    static final int BIND_ATTEMPTS = 3;

    private final Process process;
    private final Path log;
    private final String metricsHost;
    private final int metricsPort;

    private KairosProcess(final Process process, final Path log, final String metricsHost, final int metricsPort)
    {
        this.metricsHost = metricsHost;
        this.process = process;
        this.log = log;
        this.metricsPort = metricsPort;
    }

    static Path distribution()
    {
        final Path dist = Path.of(System.getProperty("kairos.dist",
            "../server/target/kairos")).toAbsolutePath().normalize();
        if (!Files.isExecutable(dist.resolve("bin/kairos-server")))
        {
            fail("no distribution at " + dist + ": build it first (./mvnw package -pl server)");
        }
        return dist;
    }

    /** Launches without waiting for readiness. */
    static KairosProcess launch(final TestVenue venue, final Map<String, String> env, final String... extraArgs)
    {
        final List<String> command = new ArrayList<>(venue.launchPrefix());
        command.add(distribution().resolve("bin/kairos-server").toString());
        command.add("--config");
        command.add(venue.writeConfig().toString());
        command.addAll(List.of(extraArgs));
        final Path log = venue.root().resolve("server-" + RUNS.incrementAndGet() + ".log");
        final ProcessBuilder builder = new ProcessBuilder(command)
            .directory(venue.root().toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
        builder.environment().keySet().removeIf(name -> name.startsWith("KAIROS_"));
        builder.environment().put("JAVA_OPTS", "-Xms128m -Xmx256m -XX:-AlwaysPreTouch");
        final String threading = System.getProperty("kairos.it.threading", "");
        if (!threading.isEmpty())
        {
            // the build's dedicated-threading run; otherwise the server's default (compact)
            builder.environment().put("KAIROS_SERVER_THREADING", threading);
        }
        builder.environment().putAll(env);
        try
        {
            return new KairosProcess(builder.start(), log, venue.metricsHost(), venue.metricsPort());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Launches and waits until ready. When the server exits at start because one of its ports is taken (another
     * process bound it after {@link FreePorts} picked it), the venue gets fresh ports and the start is retried, at
     * most {@link #BIND_ATTEMPTS} times in all.
     */
    static KairosProcess start(final TestVenue venue, final Map<String, String> env, final String... extraArgs)
    {
        for (int attempt = 1; ; attempt++)
        {
            final KairosProcess server = launch(venue, env, extraArgs);
            if (server.awaitReady(attempt < BIND_ATTEMPTS))
            {
                return server;
            }
            System.err.println("KairosProcess: a port was taken at start (attempt " + attempt + "), new ports");
            venue.repickPorts();
        }
    }

    /**
     * Starts on the data a {@code kill -9} left behind and waits until ready. The restart must succeed
     * at the first attempt and at once: the FIX gateway holds a lock on its data directory and so knows
     * that the killed process's liveness marks are stale (no supervisor-style retry loop).
     */
    static KairosProcess startAfterCrash(final TestVenue venue)
    {
        return start(venue, Map.of());
    }

    /** @return false when the server exited because a port was taken and {@code mayRetry}; fails on anything else. */
    private boolean awaitReady(final boolean mayRetry)
    {
        final long deadline = System.currentTimeMillis() + READY_TIMEOUT_MS;
        while (System.currentTimeMillis() < deadline)
        {
            if (!process.isAlive())
            {
                if (mayRetry && portTaken(output()))
                {
                    return false;
                }
                fail("server exited with " + process.exitValue() + " before it was ready:\n" + output());
            }
            if (Http.get(metricsHost, metricsPort, "/health/ready").status() == 200)
            {
                awaitBanner(deadline);
                final String threading = System.getProperty("kairos.it.threading", "");
                assertTrue(threading.isEmpty() || output().contains("Threading      : " + threading),
                    "the server runs the threading this test run asks for (" + threading + "):\n" + output());
                return true;
            }
            pause(100);
        }
        process.destroyForcibly();
        return fail("server not ready within " + READY_TIMEOUT_MS + " ms:\n" + output());
    }

    /** Whether the server's output says it could not bind one of its ports. */
    static boolean portTaken(final String output)
    {
        return output.contains("cannot listen") || output.contains("Address already in use");
    }

    /**
     * The server turns ready before it prints what to connect to (so that whoever waits for readiness may stop it at
     * once); the banner ends with "kairos-server: running". Waits for it until {@code deadline}.
     */
    private void awaitBanner(final long deadline)
    {
        while (!output().contains("kairos-server: running"))
        {
            if (!process.isAlive() || System.currentTimeMillis() > deadline)
            {
                fail("server ready but printed no banner:\n" + output());
            }
            pause(20);
        }
    }

    /** Waits for the process to exit by itself. @return its exit status. */
    int awaitExit(final long timeoutMs)
    {
        try
        {
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS))
            {
                process.destroyForcibly();
                fail("server did not exit within " + timeoutMs + " ms:\n" + output());
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            fail(ex);
        }
        return process.exitValue();
    }

    /** SIGTERM, then waits for a clean exit. @return the exit status. */
    int stop()
    {
        process.destroy();
        return awaitExit(60_000);
    }

    /** SIGKILL: no shutdown code runs. */
    void kill9()
    {
        process.destroyForcibly();
        awaitExit(30_000);
    }

    Process process()
    {
        return process;
    }

    boolean isAlive()
    {
        return process.isAlive();
    }

    long pid()
    {
        return process.pid();
    }

    int metricsPort()
    {
        return metricsPort;
    }

    /** GET {@code path} from the server's metrics endpoint. */
    Http.Response get(final String path)
    {
        return Http.get(metricsHost, metricsPort, path);
    }

    /** Everything the server printed so far. */
    String output()
    {
        try
        {
            return Files.readString(log, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "(no output: " + ex + ")";
        }
    }

    static void pause(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(ex);
        }
    }

    @Override
    public void close()
    {
        if (process.isAlive())
        {
            process.destroyForcibly();
            try
            {
                process.waitFor(30, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }
    }
}
