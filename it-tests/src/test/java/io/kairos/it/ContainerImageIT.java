package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;

/** Builds the server image from the repository's Dockerfile and checks it serves; needs a Docker engine. */
class ContainerImageIT
{
    @Test
    void shouldBuildTheImageAndServeMetricsAndFixFromTheContainer() throws Exception
    {
        Assumptions.assumeTrue(dockerAvailable(),
            "skipped: no Docker engine reachable (Testcontainers found none); this test builds /Dockerfile and runs it where Docker exists");
        final Path repository = Path.of("..").toAbsolutePath().normalize();
        Assumptions.assumeTrue(Files.exists(repository.resolve("Dockerfile")), "skipped: no Dockerfile at " + repository);

        final ImageFromDockerfile image = new ImageFromDockerfile("kairos-it", true)
            .withFileFromPath(".", repository)
            .withDockerfile(repository.resolve("Dockerfile"));
        try (GenericContainer<?> container = new GenericContainer<>(image)
            .withExposedPorts(9880, 9881, 9090)
            .waitingFor(Wait.forHttp("/health/ready").forPort(9090).forStatusCode(200))
            .withStartupTimeout(Duration.ofMinutes(3)))
        {
            container.start();
            final String metrics = new String(new java.net.URI("http://" + container.getHost() + ":" +
                container.getMappedPort(9090) + "/metrics").toURL().openStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(metrics.contains("kairos_ring_remaining_capacity"), metrics);
            try (java.net.Socket fix = new java.net.Socket(container.getHost(), container.getMappedPort(9880)))
            {
                assertTrue(fix.isConnected());
            }
            container.stop();
            assertEquals(Boolean.FALSE, Boolean.valueOf(container.isRunning()));
        }
    }

    private static boolean dockerAvailable()
    {
        try
        {
            return DockerClientFactory.instance().isDockerAvailable();
        }
        catch (final RuntimeException | Error ex)
        {
            return false;
        }
    }
}
