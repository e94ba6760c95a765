package io.kairos.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.kairos.access.PasswordHash;
import io.kairos.testsupport.FreePorts;

/**
 * A venue configuration for one test: free loopback ports picked at creation (again if a start finds one taken),
 * data directories in
 * a temporary folder, the shipped defaults for everything else, plus overrides. The same instance
 * can start the server several times on the same data (restart tests). Owned by one test thread.
 */
final class TestVenue
{
    private final Path root;
    /** Computed once: every venue of a run logs the demo sessions on with the same hashes. */
    private static final Map<String, String> DEMO_PASSWORD_HASHES = demoPasswordHashes();

    private final Map<String, String> overrides = new LinkedHashMap<>();
    private int fixPort;
    private int mdPort;
    private int metricsPort;
    /** Where the venue's metrics endpoint answers: loopback, or the venue's address in its network namespace. */
    private String metricsHost = "127.0.0.1";
    /** What the server command is run through: nothing, or {@code ip netns exec NAME}. */
    private List<String> launchPrefix = List.of();

    TestVenue(final Path root)
    {
        this.root = root;
        repickPorts();
        set("fix.data-dir", root.resolve("data/fix").toString());
        set("journal.dir", root.resolve("data/journal").toString());
        set("snapshot.dir", root.resolve("data/snapshots").toString());
        set("journal.mode", "sync");
        set("journal.segment-bytes", Integer.toString(4 * 1024 * 1024));
        set("fix.heartbeat-interval-seconds", "5");
        DEMO_PASSWORD_HASHES.forEach(this::set);
    }

    /**
     * A cheap hash ({@link PasswordHash#MIN_ITERATIONS}) of {@code password}, for a session's
     * {@code ...password-hash}: tests log on often and measure no logon.
     */
    static String cheapHash(final String password)
    {
        return PasswordHash.create(password.toCharArray(), PasswordHash.MIN_ITERATIONS).encoded();
    }

    /**
     * The demo sessions' passwords (client01pass.., md01pass..) as cheap hashes, in place of the shipped ones.
     */
    private static Map<String, String> demoPasswordHashes()
    {
        final Map<String, String> hashes = new LinkedHashMap<>();
        for (int i = 1; i <= 10; i++)
        {
            final String n = String.format("%02d", i);
            hashes.put("fix.session.CLIENT" + n + ".password-hash", cheapHash("client" + n + "pass"));
            hashes.put("md.session.MD" + n + ".password-hash", cheapHash("md" + n + "pass"));
        }
        return hashes;
    }

    /** With the drop-copy session DC01 for FIRM1 (CLIENT01..05), password dc01pass. */
    TestVenue withDropCopyDc01()
    {
        set("fix.drop-copy-sessions", "DC01");
        set("fix.drop-copy-session.DC01.firms", "FIRM1");
        return set("fix.drop-copy-session.DC01.password-hash", cheapHash("dc01pass"));
    }

    /**
     * Replaces the demo instruments by T01..Tnn: id n, partition n % 2, tick 0.01, lot 1, reference 100.00,
     * band 10 %.
     */
    TestVenue withTestInstruments(final int count)
    {
        final StringBuilder symbols = new StringBuilder();
        for (int i = 1; i <= count; i++)
        {
            final String symbol = String.format("T%02d", i);
            symbols.append(i > 1 ? "," : "").append(symbol);
            set("instrument." + symbol + ".id", Integer.toString(i));
            set("instrument." + symbol + ".partition", Integer.toString(i % 2));
            set("instrument." + symbol + ".tick-size", "0.01");
            set("instrument." + symbol + ".lot-size", "1");
            set("instrument." + symbol + ".reference-price", "100.00");
            set("instrument." + symbol + ".price-band-percent", "10");
        }
        return set("instruments", symbols.toString());
    }

    /**
     * Picks three new free ports for the order-entry, market-data and metrics listeners; {@link KairosProcess#start}
     * does so when another process took one between the pick and the server's bind.
     */
    void repickPorts()
    {
        final int[] ports = FreePorts.pick(3);
        fixPort = ports[0];
        mdPort = ports[1];
        metricsPort = ports[2];
        set("fix.port", Integer.toString(fixPort));
        set("md.port", Integer.toString(mdPort));
        set("metrics.port", Integer.toString(metricsPort));
    }

    /**
     * Runs the server in network namespace {@code namespace} (made by the test), its metrics endpoint on all of that
     * namespace's addresses, reached from the test at {@code address}.
     */
    TestVenue inNamespace(final String namespace, final String address)
    {
        launchPrefix = List.of("ip", "netns", "exec", namespace);
        metricsHost = address;
        return set("metrics.bind-address", "0.0.0.0");
    }

    List<String> launchPrefix()
    {
        return launchPrefix;
    }

    String metricsHost()
    {
        return metricsHost;
    }

    TestVenue set(final String key, final String value)
    {
        overrides.put(key, value);
        return this;
    }

    int fixPort()
    {
        return fixPort;
    }

    int mdPort()
    {
        return mdPort;
    }

    int metricsPort()
    {
        return metricsPort;
    }

    Path root()
    {
        return root;
    }

    /** Writes the config file the server is started with. */
    Path writeConfig()
    {
        final Properties properties = new Properties();
        properties.putAll(overrides);
        final Path file = root.resolve("kairos-it.properties");
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            properties.store(writer, "written by " + TestVenue.class.getName());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return file;
    }

    /** Starts the real server process with this config and waits until it is ready. */
    KairosProcess start(final String... extraArgs)
    {
        return KairosProcess.start(this, Map.of(), extraArgs);
    }
}
