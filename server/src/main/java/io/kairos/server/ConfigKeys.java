package io.kairos.server;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

import io.kairos.access.DoorLimits;
import io.kairos.access.LockoutConfig;
import io.kairos.access.PasswordHash;
import io.kairos.access.TlsListenerConfig;
import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterTimeouts;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.Prices;
import io.kairos.fix.DropCopySessionConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.md.MarketDataGatewayConfig;
import io.kairos.md.MdSessionConfig;

/**
 * The table of every key the server reads: its name (a component's {@code …_PROP_NAME} constant, or for the keys only
 * the server checks, the constants here), the component it configures, whether {@code --check-config} may show its
 * value, and the component's own default where the code has one (which the shipped properties file must repeat:
 * {@code ConfigKeysTest}). {@link ConfigPrinter} walks it; the shipped file, the server's README and the printer are
 * held to it by {@code ConfigKeysTest}. Per-entry keys ({@code fix.session.<ID>.firm}) are one row each, expanded for
 * every entry of their list. Immutable; any thread.
 */
final class ConfigKeys
{
    /* Keys the server itself checks (the loader is their component). */
    static final String THREADING = "server.threading";
    static final String CPU_AFFINITY = "server.cpu-affinity";
    static final String EVENT_DIGEST = "engine.event-digest";
    static final String TRADING_TIME_ZONE = "trading.time-zone";
    static final String TRADING_DAYS = "trading.days";
    static final String TRADING_OPEN = "trading.open";
    static final String TRADING_CLOSE = "trading.close";

    /** What {@code --check-config} shows of a key's value. */
    enum Shown
    {
        /** The value as set. */
        VALUE,
        /** Never the value (a password hash, a token hash, a secret): only whether it is set. */
        SECRET
    }

    /**
     * One row of the table.
     *
     * @param name        the key, or for a per-entry key its pattern with {@code placeholder} for the entry
     * @param component   what the key configures (the module or the server's part that checks it)
     * @param list        the key listing the entries of a per-entry key ({@code fix.sessions}); null for a plain key
     * @param placeholder how the pattern spells the entry ({@code <ID>}); null for a plain key
     * @param nameOf      the key of one entry (the component's {@code propName}); null for a plain key
     * @param shown       what {@code --check-config} shows
     * @param codeDefault the component's default in the text the properties file writes, or null where the code has
     *                    none of its own (the properties file is then the only place)
     */
    record Key(
        String name, String component, String list, String placeholder, UnaryOperator<String> nameOf, Shown shown,
        String codeDefault)
    {
        /** Whether this is a per-entry key (one per session, instrument or operator). */
        boolean perEntry()
        {
            return list != null;
        }

        /** The key of {@code entry} of a per-entry key. */
        String of(final String entry)
        {
            return nameOf.apply(entry);
        }

        /** Whether {@code key} is this key, or for a per-entry key, the key of some entry. */
        boolean matches(final String key)
        {
            if (!perEntry())
            {
                return name.equals(key);
            }
            final int at = name.indexOf(placeholder);
            final String prefix = name.substring(0, at);
            final String suffix = name.substring(at + placeholder.length());
            return key.length() > prefix.length() + suffix.length() && key.startsWith(prefix) && key.endsWith(suffix);
        }
    }

    private static final List<Key> ALL = build();

    private ConfigKeys()
    {
    }

    /** Every row, in the order of the shipped properties file. */
    static List<Key> all()
    {
        return ALL;
    }

    /** The row of {@code key} (a concrete key such as {@code fix.session.CLIENT01.firm}), or null if unknown. */
    static Key find(final String key)
    {
        for (final Key row : ALL)
        {
            if (row.matches(key))
            {
                return row;
            }
        }
        return null;
    }

    /** A choice as the properties file spells it ({@code BUSY_SPIN} → {@code busy-spin}). */
    static String spelling(final Enum<?> choice)
    {
        return choice.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static List<Key> build()
    {
        final Rows rows = new Rows();
        rows.add(THREADING, "server", null);
        rows.add(CPU_AFFINITY, "server", null);

        final String fix = "fix-gateway";
        rows.add(FixGatewayConfig.BIND_ADDRESS_PROP_NAME, fix, FixGatewayConfig.DEFAULT_BIND_ADDRESS);
        rows.add(FixGatewayConfig.PORT_PROP_NAME, fix, FixGatewayConfig.DEFAULT_PORT);
        rows.add(FixGatewayConfig.COMP_ID_PROP_NAME, fix, FixGatewayConfig.DEFAULT_COMP_ID);
        rows.add(FixGatewayConfig.DATA_DIR_PROP_NAME, fix, null);
        rows.add(FixGatewayConfig.MAX_SESSIONS_PROP_NAME, fix, FixGatewayConfig.DEFAULT_MAX_SESSIONS);
        rows.add(FixGatewayConfig.HEARTBEAT_INTERVAL_SECONDS_PROP_NAME, fix,
            FixGatewayConfig.DEFAULT_HEARTBEAT_INTERVAL_SECONDS);
        rows.add(FixGatewayConfig.MAX_HEART_BT_INT_SECONDS_PROP_NAME, fix,
            FixGatewayConfig.DEFAULT_MAX_HEART_BT_INT_SECONDS);
        rows.add(FixGatewayConfig.THROTTLE_MESSAGES_PER_SECOND_PROP_NAME, fix,
            FixGatewayConfig.DEFAULT_THROTTLE_MESSAGES_PER_SECOND);
        rows.add(FixGatewayConfig.THROTTLE_DISCONNECT_AFTER_REJECTS_PROP_NAME, fix,
            FixGatewayConfig.DEFAULT_THROTTLE_DISCONNECT_AFTER_REJECTS);
        rows.add(FixGatewayConfig.IDLE_STRATEGY_PROP_NAME, fix, spelling(FixGatewayConfig.DEFAULT_IDLE_MODE));
        rows.door(FixGatewayConfig.PROP_PREFIX, fix);
        rows.tls(FixGatewayConfig.PROP_PREFIX, fix);
        rows.add(FixGatewayConfig.SESSIONS_PROP_NAME, fix, null);
        rows.perEntry(FixGatewayConfig.SESSIONS_PROP_NAME, "<ID>",
            id -> FixSessionConfig.propName(id, PasswordHash.PROP_FIELD), fix, Shown.SECRET, null);
        rows.perEntry(FixGatewayConfig.SESSIONS_PROP_NAME, "<ID>",
            id -> FixSessionConfig.propName(id, FixSessionConfig.CANCEL_ON_DISCONNECT_FIELD), fix, Shown.VALUE,
            String.valueOf(FixSessionConfig.DEFAULT_CANCEL_ON_DISCONNECT));
        rows.perEntry(FixGatewayConfig.SESSIONS_PROP_NAME, "<ID>",
            id -> FixSessionConfig.propName(id, FixSessionConfig.FIRM_FIELD), fix, Shown.VALUE, null);
        rows.add(FixGatewayConfig.DROP_COPY_SESSIONS_PROP_NAME, fix, null);
        rows.perEntry(FixGatewayConfig.DROP_COPY_SESSIONS_PROP_NAME, "<ID>",
            id -> DropCopySessionConfig.propName(id, PasswordHash.PROP_FIELD), fix, Shown.SECRET, null);
        rows.perEntry(FixGatewayConfig.DROP_COPY_SESSIONS_PROP_NAME, "<ID>",
            id -> DropCopySessionConfig.propName(id, DropCopySessionConfig.FIRMS_FIELD), fix, Shown.VALUE, null);

        final String md = "md-gateway";
        rows.add(MarketDataGatewayConfig.BIND_ADDRESS_PROP_NAME, md, MarketDataGatewayConfig.DEFAULT_BIND_ADDRESS);
        rows.add(MarketDataGatewayConfig.PORT_PROP_NAME, md, MarketDataGatewayConfig.DEFAULT_PORT);
        rows.add(MarketDataGatewayConfig.COMP_ID_PROP_NAME, md, MarketDataGatewayConfig.DEFAULT_COMP_ID);
        rows.add(MarketDataGatewayConfig.HEARTBEAT_INTERVAL_SECONDS_PROP_NAME, md,
            MarketDataGatewayConfig.DEFAULT_HEARTBEAT_INTERVAL_SECONDS);
        rows.add(MarketDataGatewayConfig.SESSIONS_PROP_NAME, md, null);
        rows.perEntry(MarketDataGatewayConfig.SESSIONS_PROP_NAME, "<ID>",
            id -> MdSessionConfig.propName(id, PasswordHash.PROP_FIELD), md, Shown.SECRET, null);
        rows.door(MarketDataGatewayConfig.PROP_PREFIX, md);
        rows.add(MarketDataGatewayConfig.MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME, md,
            MarketDataGatewayConfig.DEFAULT_MAX_SNAPSHOT_REQUESTS_PER_SECOND);
        rows.add(MarketDataGatewayConfig.MAX_DEPTH_PROP_NAME, md, MarketDataGatewayConfig.DEFAULT_MAX_DEPTH);
        rows.add(MarketDataGatewayConfig.OUTBOUND_QUEUE_LIMIT_MESSAGES_PROP_NAME, md,
            MarketDataGatewayConfig.DEFAULT_OUTBOUND_QUEUE_LIMIT_MESSAGES);
        rows.add(MarketDataGatewayConfig.MAX_SUBSCRIPTIONS_PER_SESSION_PROP_NAME, md,
            MarketDataGatewayConfig.DEFAULT_MAX_SUBSCRIPTIONS_PER_SESSION);
        rows.add(MarketDataGatewayConfig.IDLE_STRATEGY_PROP_NAME, md,
            spelling(MarketDataGatewayConfig.DEFAULT_IDLE_MODE));
        rows.tls(MarketDataGatewayConfig.PROP_PREFIX, md);

        final String access = "access";
        rows.add(LockoutConfig.MAX_FAILURES_PER_COMP_ID, access, LockoutConfig.DEFAULT_MAX_FAILURES_PER_COMP_ID);
        rows.add(LockoutConfig.MAX_FAILURES_PER_ADDRESS, access, LockoutConfig.DEFAULT_MAX_FAILURES_PER_ADDRESS);
        rows.add(LockoutConfig.LOCKOUT_SECONDS, access, LockoutConfig.DEFAULT_LOCKOUT_SECONDS);
        rows.add(LockoutConfig.MAX_TRACKED_ADDRESSES, access, LockoutConfig.DEFAULT_MAX_TRACKED_ADDRESSES);
        rows.add(LockoutConfig.VERIFY_QUEUE_CAPACITY, access, LockoutConfig.DEFAULT_VERIFY_QUEUE_CAPACITY);

        final String metrics = "server (metrics)";
        rows.add(MetricsSettings.BIND_ADDRESS_PROP_NAME, metrics, null);
        rows.add(MetricsSettings.PORT_PROP_NAME, metrics, null);
        rows.add(MetricsSettings.REQUEST_TIMEOUT_MS_PROP_NAME, metrics, MetricsSettings.DEFAULT_REQUEST_TIMEOUT_MS);
        rows.add(MetricsSettings.MAX_CONNECTIONS_PROP_NAME, metrics, MetricsSettings.DEFAULT_MAX_CONNECTIONS);
        rows.secret(MetricsSettings.BEARER_TOKEN_HASH_PROP_NAME, metrics);
        rows.add(AdminOperators.OPERATORS_PROP_NAME, "server (admin)", null);
        rows.perEntry(AdminOperators.OPERATORS_PROP_NAME, "<NAME>", AdminOperators::tokenHashPropName,
            "server (admin)", Shown.SECRET, null);

        final String engine = "engine";
        rows.add(EngineConfig.JOURNAL_MODE_PROP_NAME, engine, null);
        rows.add(EngineConfig.JOURNAL_DIR_PROP_NAME, engine, null);
        rows.add(EngineConfig.JOURNAL_STAGE_PROP_NAME, engine, spelling(EngineConfig.DEFAULT_JOURNAL_STAGE));
        rows.add(EngineConfig.JOURNAL_SEGMENT_BYTES_PROP_NAME, engine, EngineConfig.DEFAULT_JOURNAL_SEGMENT_BYTES);
        rows.add(EngineConfig.JOURNAL_FORCE_DELAY_US_PROP_NAME, engine, EngineConfig.DEFAULT_JOURNAL_FORCE_DELAY_US);
        rows.add(EngineConfig.SNAPSHOT_DIR_PROP_NAME, engine, null);
        rows.add(EngineConfig.SNAPSHOT_EVERY_COMMANDS_PROP_NAME, engine,
            EngineConfig.DEFAULT_SNAPSHOT_EVERY_COMMANDS);
        rows.add(EngineConfig.PARTITION_COUNT_PROP_NAME, engine, EngineConfig.DEFAULT_PARTITION_COUNT);
        rows.add(EngineConfig.HOSTED_PARTITIONS_PROP_NAME, engine, null);
        rows.add(EngineConfig.RING_SIZE_PROP_NAME, engine, EngineConfig.DEFAULT_RING_SIZE);
        rows.add(EngineConfig.WAIT_STRATEGY_PROP_NAME, engine, spelling(EngineConfig.DEFAULT_WAIT_STRATEGY));
        rows.add(EngineConfig.SELF_TRADE_PREVENTION_PROP_NAME, engine,
            spelling(EngineConfig.DEFAULT_SELF_TRADE_PREVENTION));
        rows.add(EVENT_DIGEST, "server (event digest)", null);

        final String trading = "server (trading day)";
        rows.add(TRADING_TIME_ZONE, trading, null);
        rows.add(TRADING_DAYS, trading, null);
        rows.add(TRADING_OPEN, trading, null);
        rows.add(TRADING_CLOSE, trading, null);

        final String cluster = "cluster";
        rows.add(ClusterConfig.REPLICATION_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.MEMBERS_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.MEMBER_ID_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.DIR_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.FILE_SYNC_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.CLIENT_HOST_PROP_NAME, cluster, null);
        rows.add(ClusterConfig.HISTORY_COMMANDS_PROP_NAME, cluster, null);
        rows.add(ClusterTimeouts.LEADER_HEARTBEAT_TIMEOUT_MS_PROP_NAME, cluster,
            ClusterTimeouts.DEFAULT_LEADER_HEARTBEAT_TIMEOUT_MS);
        rows.add(ClusterTimeouts.LEADER_HEARTBEAT_INTERVAL_MS_PROP_NAME, cluster,
            ClusterTimeouts.DEFAULT_LEADER_HEARTBEAT_INTERVAL_MS);
        rows.add(ClusterTimeouts.ELECTION_TIMEOUT_MS_PROP_NAME, cluster, ClusterTimeouts.DEFAULT_ELECTION_TIMEOUT_MS);
        rows.secret(ClusterConfig.CLIENT_SECRET_PROP_NAME, cluster);

        rows.add(Instrument.INSTRUMENTS_PROP_NAME, engine, null);
        rows.instrument(Instrument.ID_FIELD, null);
        rows.instrument(Instrument.PARTITION_FIELD, null);
        rows.instrument(Instrument.TICK_SIZE_FIELD, null);
        rows.instrument(Instrument.LOT_SIZE_FIELD, null);
        rows.instrument(Instrument.REFERENCE_PRICE_FIELD, null);
        rows.instrument(Instrument.PRICE_BAND_PERCENT_FIELD, null);
        rows.instrument(Instrument.MAX_ORDER_QTY_FIELD, String.valueOf(Instrument.DEFAULT_MAX_ORDER_QTY));
        rows.instrument(Instrument.MAX_NOTIONAL_FIELD, Prices.toString(Instrument.DEFAULT_MAX_NOTIONAL));
        return Collections.unmodifiableList(rows.list);
    }

    /** Builds the table; used once. */
    private static final class Rows
    {
        private final List<Key> list = new ArrayList<>();

        void add(final String name, final String component, final Object codeDefault)
        {
            list.add(new Key(name, component, null, null, null, Shown.VALUE,
                codeDefault == null ? null : String.valueOf(codeDefault)));
        }

        void secret(final String name, final String component)
        {
            list.add(new Key(name, component, null, null, null, Shown.SECRET, null));
        }

        void perEntry(
            final String listKey, final String placeholder, final UnaryOperator<String> nameOf, final String component,
            final Shown shown, final String codeDefault)
        {
            list.add(new Key(nameOf.apply(placeholder), component, listKey, placeholder, nameOf, shown, codeDefault));
        }

        /** A door's connection limits ({@code fix.} or {@code md.}). */
        void door(final String prefix, final String component)
        {
            add(prefix + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX, component,
                DoorLimits.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS);
            add(prefix + DoorLimits.MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX, component,
                DoorLimits.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS);
            add(prefix + DoorLimits.LOGON_TIMEOUT_MS_PROP_SUFFIX, component, DoorLimits.DEFAULT_LOGON_TIMEOUT_MS);
        }

        void tls(final String prefix, final String component)
        {
            add(prefix + TlsListenerConfig.TLS_PORT_PROP_SUFFIX, component, null);
            add(prefix + TlsListenerConfig.CERT_FILE_PROP_SUFFIX, component, null);
            add(prefix + TlsListenerConfig.KEY_FILE_PROP_SUFFIX, component, null);
            add(prefix + TlsListenerConfig.CLIENT_CA_FILE_PROP_SUFFIX, component, null);
        }

        void instrument(final String field, final String codeDefault)
        {
            perEntry(Instrument.INSTRUMENTS_PROP_NAME, "<SYM>", symbol -> Instrument.propName(symbol, field), "engine",
                Shown.VALUE, codeDefault);
        }
    }
}
