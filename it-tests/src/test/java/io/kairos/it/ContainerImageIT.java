package io.kairos.it;

import static io.kairos.it.Orders.is;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.InspectImageResponse;
import io.kairos.testsupport.FreePorts;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;
import quickfix.Message;
import quickfix.field.MsgType;
import quickfix.field.Side;

/**
 * The venue image as users get it: the repository's Dockerfile is built ({@link DockerImageBuild}), then run with
 * Testcontainers, traded through with real FIX clients, and stopped with {@code docker stop} (SIGTERM). Where the
 * engine has no bridge network (CI: {@code .ci/docker-engine.sh} starts {@code dockerd --bridge=none}) the container
 * shares the host's network on free loopback ports; elsewhere its ports are published. Skipped where no Docker
 * engine is reachable, except in CI ({@code CI=true}, or the base images of {@code .ci/docker-engine.sh} are
 * named), where that is a failure: there the image must be built.
 */
class ContainerImageIT
{
    private static final String IMAGE = "kairos:it";
    private static final String UID_GID = "10001:10001";
    private static final int FIX_PORT = 9880;
    private static final int MD_PORT = 9881;
    private static final int METRICS_PORT = 9090;
    private static final int STOP_TIMEOUT_S = 60;
    /** AAPL's reference price in the shipped config. */
    private static final BigDecimal PRICE = new BigDecimal("190.00");

    @TempDir
    Path dir;

    @Test
    void shouldBuildTheImageThenTradeThroughItAsANonRootUserAndStopCleanlyOnSigterm() throws Exception
    {
        assumeOrRequireDockerEngine();
        // failsafe runs in it-tests/, the Dockerfile is at the repository's root
        DockerImageBuild.build(Path.of("..").toAbsolutePath().normalize(), IMAGE, dir.resolve("docker-build.log"));
        final DockerClient docker = DockerClientFactory.instance().client();
        final InspectImageResponse image = docker.inspectImageCmd(IMAGE).exec();
        System.out.printf("ContainerImageIT: image %s is %.1f MB%n", IMAGE, image.getSize() / 1e6);
        assertEquals(UID_GID, image.getConfig().getUser(), "the image runs as the kairos user, not root");

        final boolean hostNetwork = hasNoBridgeNetwork(docker);
        final int[] freePorts = FreePorts.pick(3);
        try (GenericContainer<?> venue = new GenericContainer<>(DockerImageName.parse(IMAGE))
            .withEnv("JAVA_OPTS", "-Xms128m -Xmx256m -XX:-AlwaysPreTouch")
            // the banner follows readiness
            .waitingFor(Wait.forLogMessage(".*kairos-server: running.*\\n", 1)
                .withStartupTimeout(Duration.ofMinutes(3))))
        {
            if (hostNetwork)
            {
                venue.withNetworkMode("host")
                    .withEnv("KAIROS_FIX_BIND_ADDRESS", "127.0.0.1").withEnv("KAIROS_FIX_PORT", str(freePorts[0]))
                    .withEnv("KAIROS_MD_BIND_ADDRESS", "127.0.0.1").withEnv("KAIROS_MD_PORT", str(freePorts[1]))
                    .withEnv("KAIROS_METRICS_BIND_ADDRESS", "127.0.0.1")
                    .withEnv("KAIROS_METRICS_PORT", str(freePorts[2]));
            }
            else
            {
                venue.withExposedPorts(FIX_PORT, MD_PORT, METRICS_PORT);
            }
            venue.start();
            final int fixPort = hostNetwork ? freePorts[0] : venue.getMappedPort(FIX_PORT);
            final int metricsPort = hostNetwork ? freePorts[2] : venue.getMappedPort(METRICS_PORT);

            assertEquals(200, Http.get(metricsPort, "/health/ready").status(), venue.getLogs());
            final Http.Response metrics = Http.get(metricsPort, "/metrics");
            assertTrue(metrics.body().contains("kairos_ring_remaining_capacity"), metrics.body());
            tradeOnce(fixPort);
            final Container.ExecResult owner = venue.execInContainer("stat", "-c", "%u:%g", "/proc/1");
            assertEquals(UID_GID, owner.getStdout().trim(), "the venue process's user and group: " + owner);

            final String id = venue.getContainerId();
            docker.stopContainerCmd(id).withTimeout(STOP_TIMEOUT_S).exec();
            final InspectContainerResponse.ContainerState state = docker.inspectContainerCmd(id).exec().getState();
            final String logs = venue.getLogs();
            assertEquals(0L, state.getExitCodeLong(),
                "exit status after SIGTERM (137 would be docker stop's SIGKILL):\n" + logs);
            assertTrue(logs.contains("kairos-server: stopping (signal received)"), logs);
            assertTrue(logs.contains("kairos-server: stopped"), logs);
        }
    }

    /** A buy and a sell that cross at the demo instrument's reference price: both sides are filled; both log out. */
    private void tradeOnce(final int fixPort)
    {
        try (FixClient buyer = new FixClient(dir.resolve("buyer"), fixPort, "CLIENT01", "client01pass").logon();
            FixClient seller = new FixClient(dir.resolve("seller"), fixPort, "CLIENT02", "client02pass").logon())
        {
            buyer.send(Orders.limit("image-buy", "AAPL", Side.BUY, 10, PRICE.toPlainString()));
            buyer.next(MsgType.EXECUTION_REPORT, m -> is(m, 11, "image-buy") && is(m, 150, "0"));
            seller.send(Orders.limit("image-sell", "AAPL", Side.SELL, 10, PRICE.toPlainString()));
            final String report = MsgType.EXECUTION_REPORT;
            final Message sold = seller.next(report, m -> is(m, 11, "image-sell") && is(m, 150, "F"));
            final Message bought = buyer.next(report, m -> is(m, 11, "image-buy") && is(m, 150, "F"));
            for (final Message fill : new Message[] {sold, bought})
            {
                assertTrue(is(fill, 39, "2") && is(fill, 32, "10") && Orders.dec(fill, 31).compareTo(PRICE) == 0,
                    fill.toString());
            }
        }
    }

    /** CI's engine ({@code dockerd --bridge=none}) has none: containers then use the host's network namespace. */
    private static boolean hasNoBridgeNetwork(final DockerClient docker)
    {
        return docker.listNetworksCmd().exec().stream().noneMatch(network -> "bridge".equals(network.getName()));
    }

    private static void assumeOrRequireDockerEngine()
    {
        final String problem = dockerEngineProblem();
        if (problem == null)
        {
            return;
        }
        final String why = "Testcontainers found no usable Docker engine (it tries DOCKER_HOST, then " +
            "/var/run/docker.sock): " + problem;
        // CI sets CI=true; .ci/docker-engine.sh, which exports the base images, has just started an engine
        if ("true".equals(System.getenv("CI")) || System.getenv("CONTAINER_IT_JDK_IMAGE") != null)
        {
            fail("CI=true (or .ci/docker-engine.sh ran) but " + why + "; .ci/run starts the engine with " +
                ".ci/docker-engine.sh, which also exports the TESTCONTAINERS_* settings an engine without a bridge " +
                "network needs");
        }
        Assumptions.abort("skipped: " + why + "; this test builds the Dockerfile and runs the image where Docker runs");
    }

    /** @return why Testcontainers has no engine, or null when it has one. */
    private static String dockerEngineProblem()
    {
        try
        {
            DockerClientFactory.instance().client();
            return null;
        }
        catch (final RuntimeException | Error ex)
        {
            final StringBuilder causes = new StringBuilder();
            for (Throwable cause = ex; cause != null; cause = cause.getCause())
            {
                causes.append(causes.isEmpty() ? "" : " <- ").append(cause);
            }
            return causes.toString();
        }
    }

    private static String str(final int port)
    {
        return Integer.toString(port);
    }
}
