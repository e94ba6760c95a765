package io.kairos.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ServerLifecycleIT
{
    @TempDir
    Path dir;

    @Test
    void shouldBecomeReadyPrintWhatToConnectToAndStopCleanlyOnSigterm()
    {
        final TestVenue venue = new TestVenue(dir);
        try (KairosProcess server = venue.start())
        {
            assertEquals(200, Http.get(venue.metricsPort(), "/health/live").status());
            assertEquals(200, Http.get(venue.metricsPort(), "/health/ready").status());
            final String banner = server.output();
            assertTrue(banner.contains("http://127.0.0.1:" + venue.metricsPort() + "/metrics"), banner);
            assertTrue(banner.contains("AAPL 1 p0 tick 0.01 lot 1 ref 190 band ±10% (171 .. 209)"),
                "each instrument with its tick, lot, reference price and band: " + banner);
            assertTrue(banner.contains("127.0.0.1:" + venue.fixPort() + "  FIX.4.4 TargetCompID=KAIROS "), banner);
            assertTrue(banner.contains("127.0.0.1:" + venue.mdPort() + "  FIX.4.4 TargetCompID=KAIROS-MD "), banner);
            assertTrue(banner.contains("CLIENT01 .. CLIENT10") && banner.contains("MD01 .. MD10"), banner);

            assertEquals(0, server.stop(), server.output());
            assertTrue(server.output().contains("kairos-server: stopped"), server.output());
        }
    }

    @Test
    void shouldRefuseABadSettingWithExitStatus2NamingTheKeyAndTheValue()
    {
        final TestVenue venue = new TestVenue(dir);
        try (KairosProcess server = KairosProcess.launch(venue, Map.of("KAIROS_ENGINE_PARTITION_COUNT", "many")))
        {
            assertEquals(2, server.awaitExit(30_000));
            final String output = server.output();
            assertTrue(output.contains("engine.partition-count"), output);
            assertTrue(output.contains("'many'"), output);
            assertTrue(output.contains("KAIROS_ENGINE_PARTITION_COUNT"), output);
        }
    }

    @Test
    void shouldRefuseAnUnknownKeyInTheConfigFile()
    {
        final TestVenue venue = new TestVenue(dir).set("fix.prot", "1234");
        try (KairosProcess server = KairosProcess.launch(venue, Map.of()))
        {
            assertEquals(2, server.awaitExit(30_000));
            assertTrue(server.output().contains("fix.prot: unknown key"), server.output());
        }
    }

    @Test
    void shouldCheckTheConfigurationWithoutStarting()
    {
        final String hash = TestVenue.cheapHash("topsecret");
        final String output = checkConfig(Map.of("KAIROS_FIX_SESSION_CLIENT01_PASSWORD_HASH", hash));
        assertTrue(output.contains("configuration OK"), output);
        assertTrue(output.contains("session CLIENT01 id=1 password=***"), output);
        assertTrue(!output.contains(hash.substring(hash.lastIndexOf('$') + 1)), output);
        assertTrue(!output.contains("pbkdf2"), output);
        assertTrue(!output.contains("DontCompileHugeMethods"), "the launcher lets the JIT compile the " +
            "order decoders: " + output);
    }

    @Test
    void shouldWarnWhenTheJvmOptionsLeaveTheOrderDecodersInterpreted()
    {
        final String output = checkConfig(
            Map.of("JAVA_OPTS", "-Xms128m -Xmx256m -XX:-AlwaysPreTouch -XX:+DontCompileHugeMethods"));
        assertTrue(output.contains("kairos-server: warning: this JVM runs with -XX:+DontCompileHugeMethods"), output);
    }

    /** @return what {@code kairos-server --check-config} printed, once it exited with status 0 */
    private String checkConfig(final Map<String, String> env)
    {
        try (KairosProcess server = KairosProcess.launch(new TestVenue(dir), env, "--check-config"))
        {
            assertEquals(0, server.awaitExit(30_000), server.output());
            return server.output();
        }
    }

    @Test
    void shouldExplainItselfWithHelp()
    {
        final TestVenue venue = new TestVenue(dir);
        try (KairosProcess server = KairosProcess.launch(venue, Map.of(), "--help"))
        {
            assertEquals(0, server.awaitExit(30_000));
            assertTrue(server.output().contains("--demo-flow"), server.output());
            assertTrue(server.output().contains("KAIROS_FIX_PORT"), server.output());
        }
    }

    @Test
    void shouldExitWithStatus1WhenAPortIsTaken() throws Exception
    {
        final TestVenue venue = new TestVenue(dir);
        try (java.net.ServerSocket taken = new java.net.ServerSocket(venue.metricsPort(), 1,
            java.net.InetAddress.getLoopbackAddress());
            KairosProcess server = KairosProcess.launch(venue, Map.of()))
        {
            assertEquals(1, server.awaitExit(30_000), server.output());
            assertTrue(server.output().contains("cannot listen"), server.output());
            assertTrue(taken.isBound());
        }
    }

    @Test
    void shouldShipTheEmbeddedDefaultAsConfKairosProperties() throws Exception
    {
        final Path dist = KairosProcess.distribution();
        try (var in = io.kairos.server.KairosConfigLoader.class.getResourceAsStream("/kairos-default.properties"))
        {
            assertEquals(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8),
                Files.readString(dist.resolve("conf/kairos.properties")));
        }
        assertTrue(Files.isExecutable(dist.resolve("bin/kairos-server")));
    }
}
