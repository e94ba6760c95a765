package io.kairos.bench.fix;

import static io.kairos.bench.fix.SessionNames.CLIENT_COMP_ID_FORMAT;
import static io.kairos.bench.fix.SessionNames.CLIENT_PASSWORD_FORMAT;
import static io.kairos.bench.fix.SessionNames.MARKET_DATA_PORT;
import static io.kairos.bench.fix.SessionNames.MD_COMP_ID_FORMAT;
import static io.kairos.bench.fix.SessionNames.MD_PASSWORD_FORMAT;
import static io.kairos.bench.fix.SessionNames.ORDER_ENTRY_PORT;
import static io.kairos.bench.fix.SessionNames.SHIPPED_SESSIONS;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.kairos.access.DoorLimits;
import io.kairos.access.PasswordHash;
import io.kairos.engine.EngineConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fix-load server-config}: writes a temporary Kairos server config for a benchmark run (ports, data under one
 * directory, as many order-entry sessions as the scenario needs, instruments spread over partitions, the throttle
 * out of the way). The engine's, the instruments' and the doors' keys and the password-hash field are the
 * components' own constants ({@code EngineConfig.…_PROP_NAME}, {@code io.kairos.engine.Instrument.propName},
 * {@code DoorLimits}, {@link PasswordHash#PROP_FIELD}); the gateways' and the metrics keys are written here as the
 * server's README names them, since this tool does not link the gateways (nor the server and its key table,
 * {@code ConfigKeys}).
 */
@Command(
    name = "server-config",
    mixinStandardHelpOptions = true,
    description = {
        "Writes a kairos-server --config file for a benchmark: ports, journal mode, data directories under",
        "--data-dir, N order-entry sessions (CLIENT01.. with client01pass..), the market-data sessions MD01..MD10,",
        "the instruments (same syntax as load --instruments) round-robin over the partitions, and a throttle",
        "high enough not to reject the load."})
public final class ServerConfigCommand implements Callable<Integer>
{
    /** The doors' key prefixes (the gateways' {@code PROP_PREFIX}). */
    private static final String FIX = "fix.";
    private static final String MD = "md.";

    @Option(names = "--out", required = true, description = "config file to write")
    Path out;

    @Option(names = "--data-dir", required = true, description = "directory for journal, snapshots, FIX state")
    Path dataDir;

    @Option(names = "--fix-port", defaultValue = ORDER_ENTRY_PORT, description = "(default: ${DEFAULT-VALUE})")
    int fixPort;

    @Option(names = "--md-port", defaultValue = MARKET_DATA_PORT, description = "(default: ${DEFAULT-VALUE})")
    int mdPort;

    @Option(names = "--metrics-port", defaultValue = "9090", description = "(default: ${DEFAULT-VALUE})")
    int metricsPort;

    @Option(names = "--journal-mode", defaultValue = "async",
        description = "sync | async | off (default: ${DEFAULT-VALUE})")
    String journalMode;

    @Option(names = "--sessions", defaultValue = SHIPPED_SESSIONS, description = "(default: ${DEFAULT-VALUE})")
    int sessions;

    @Option(names = "--md-sessions", defaultValue = SHIPPED_SESSIONS, description = "(default: ${DEFAULT-VALUE})")
    int mdSessions;

    @Option(names = "--partitions", defaultValue = "2", description = "(default: ${DEFAULT-VALUE})")
    int partitions;

    @Option(names = "--instruments", defaultValue = Instrument.DEMO_LIST,
        description = "SYM:MID:TICK:LOT,... or gen:COUNT (default: the demo instruments)")
    String instruments;

    @Option(names = "--wait-strategy", defaultValue = "parking", description = "(default: ${DEFAULT-VALUE})")
    String waitStrategy;

    /**
     * Ten times the busiest scenario's rate per session (order-to-tick: 2,000/s), so that no load here is throttled.
     * Not higher: Artio keeps one timestamp per message of the window, so each session's throttle costs 8 bytes per
     * message per second, allocated at logon — 1,000,000 made 8 MB a session, 80 MB of garbage at every start that
     * brought a young collection (20–40 ms) into the measured window.
     */
    @Option(names = "--throttle", defaultValue = "20000",
        description = "messages per second per session before rejects (default: ${DEFAULT-VALUE})")
    int throttle;

    /**
     * The sessions' passwords are written as hashes (the server reads no clear-text password); cheap ones by default:
     * a benchmark venue logs hundreds of sessions on at its start and measures no logon.
     */
    @Option(names = "--password-iterations", defaultValue = "" + PasswordHash.MIN_ITERATIONS,
        description = "PBKDF2 iterations of the sessions' password hashes (default: ${DEFAULT-VALUE}; the server's "
            + "hash-password uses " + PasswordHash.DEFAULT_ITERATIONS + ")")
    int passwordIterations = PasswordHash.MIN_ITERATIONS;

    public Integer call() throws IOException
    {
        Files.writeString(out, render(), StandardCharsets.UTF_8);
        return 0;
    }

    private String hash(final String password)
    {
        return PasswordHash.create(password.toCharArray(), passwordIterations).encoded();
    }

    String render()
    {
        final List<Instrument> list = Instrument.parseList(instruments);
        final StringBuilder text = new StringBuilder(64 * 1024);
        text.append("# Generated by fix-load server-config for a benchmark run.\n");
        line(text, "fix.port", fixPort);
        line(text, "fix.data-dir", dataDir.resolve("fix"));
        line(text, "fix.max-sessions", Math.max(64, sessions + 8));
        line(text, "fix.throttle.messages-per-second", throttle);
        line(text, "fix.throttle.disconnect-after-rejects", Integer.MAX_VALUE);
        final List<String> clients = SessionNames.compIds(CLIENT_COMP_ID_FORMAT, 1, sessions);
        line(text, "fix.sessions", String.join(",", clients));
        for (final Map.Entry<String, String> entry :
            SessionNames.passwords(CLIENT_COMP_ID_FORMAT, CLIENT_PASSWORD_FORMAT, 1, sessions).entrySet())
        {
            line(text, "fix.session." + entry.getKey() + "." + PasswordHash.PROP_FIELD, hash(entry.getValue()));
            line(text, "fix.session." + entry.getKey() + ".cancel-on-disconnect", "false");
        }
        line(text, "md.port", mdPort);
        final List<String> md = SessionNames.compIds(MD_COMP_ID_FORMAT, 1, mdSessions);
        line(text, "md.sessions", String.join(",", md));
        for (final Map.Entry<String, String> entry :
            SessionNames.passwords(MD_COMP_ID_FORMAT, MD_PASSWORD_FORMAT, 1, mdSessions).entrySet())
        {
            line(text, "md.session." + entry.getKey() + "." + PasswordHash.PROP_FIELD, hash(entry.getValue()));
        }
        // every load session connects from this host at once: the doors' connection limits must admit them all
        line(text, FIX + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX,
            Math.max(DoorLimits.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS, sessions + 8));
        line(text, FIX + DoorLimits.MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX,
            Math.max(DoorLimits.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS, sessions + 8));
        line(text, MD + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX,
            Math.max(DoorLimits.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS, mdSessions + 8));
        line(text, MD + DoorLimits.MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX,
            Math.max(DoorLimits.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS, mdSessions + 8));
        line(text, "metrics.port", metricsPort);
        line(text, EngineConfig.JOURNAL_MODE_PROP_NAME, journalMode);
        line(text, EngineConfig.JOURNAL_DIR_PROP_NAME, dataDir.resolve("journal"));
        line(text, EngineConfig.SNAPSHOT_DIR_PROP_NAME, dataDir.resolve("snapshots"));
        line(text, EngineConfig.SNAPSHOT_EVERY_COMMANDS_PROP_NAME, 0);
        line(text, EngineConfig.PARTITION_COUNT_PROP_NAME, partitions);
        line(text, EngineConfig.WAIT_STRATEGY_PROP_NAME, waitStrategy);
        final StringBuilder symbols = new StringBuilder();
        for (final Instrument instrument : list)
        {
            symbols.append(symbols.isEmpty() ? "" : ",").append(instrument.symbol());
        }
        line(text, io.kairos.engine.Instrument.INSTRUMENTS_PROP_NAME, symbols);
        for (int i = 0; i < list.size(); i++)
        {
            final Instrument instrument = list.get(i);
            final String symbol = instrument.symbol();
            line(text, venueKey(symbol, io.kairos.engine.Instrument.ID_FIELD), i + 1);
            line(text, venueKey(symbol, io.kairos.engine.Instrument.PARTITION_FIELD), i % partitions);
            line(text, venueKey(symbol, io.kairos.engine.Instrument.TICK_SIZE_FIELD),
                Instrument.decimal(instrument.tickMicros()));
            line(text, venueKey(symbol, io.kairos.engine.Instrument.LOT_SIZE_FIELD), instrument.lotSize());
            line(text, venueKey(symbol, io.kairos.engine.Instrument.REFERENCE_PRICE_FIELD),
                Instrument.decimal(instrument.midMicros()));
            line(text, venueKey(symbol, io.kairos.engine.Instrument.PRICE_BAND_PERCENT_FIELD), 50);
        }
        return text.toString();
    }

    /** The server's key of one field of the venue's instrument {@code symbol}. */
    private static String venueKey(final String symbol, final String field)
    {
        return io.kairos.engine.Instrument.propName(symbol, field);
    }

    private static void line(final StringBuilder text, final String key, final Object value)
    {
        text.append(key).append('=').append(value).append('\n');
    }
}
