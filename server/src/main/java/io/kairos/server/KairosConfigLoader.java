package io.kairos.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;

import io.kairos.access.DoorLimits;
import io.kairos.access.LockoutConfig;
import io.kairos.access.PasswordHash;
import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterSecret;
import io.kairos.cluster.ClusterTimeouts;
import io.kairos.cluster.MemberEndpoint;
import io.kairos.cluster.Replication;
import io.kairos.engine.ConfigValueException;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.JournalMode;
import io.kairos.engine.JournalStage;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.SelfTradePrevention;
import io.kairos.engine.WaitStrategyType;
import io.kairos.access.TlsListenerConfig;
import io.kairos.fix.DropCopySessionConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.fix.IdleMode;
import io.kairos.md.MarketDataGatewayConfig;
import io.kairos.md.MdIdleMode;
import io.kairos.md.MdSessionConfig;

/**
 * Builds a validated {@link KairosConfig} from the embedded {@value #DEFAULTS_RESOURCE}, the
 * operator's file ({@code --config} or {@code KAIROS_CONFIG}) and {@code KAIROS_*} environment
 * variables. Every default lives in that properties file (a component's code default, where it has one, is held equal
 * to it by {@code ConfigKeysTest}); every key is a component's constant or {@link ConfigKeys}'s, and what a
 * component's record refuses names its key as data ({@link ConfigValueException#key()}). Stateless; allocates
 * freely (start-up only).
 */
public final class KairosConfigLoader
{
    public static final String DEFAULTS_RESOURCE = "kairos-default.properties";
    public static final String CONFIG_ENV = "KAIROS_CONFIG";
    /** {@link KairosConfig#source()} when no file was given. */
    public static final String EMBEDDED_SOURCE = "the embedded default";
    /** Variables read by the launcher, not by the loader: not reported as unknown. */
    private static final Set<String> LAUNCHER_ENV = Set.of(CONFIG_ENV, "KAIROS_HOME", "KAIROS_JAVA_OPTS",
        AdminCommand.TOKEN_ENV, AdminCommand.URL_ENV);

    private KairosConfigLoader()
    {
    }

    /** Loads with {@code configFile} (may be null: then {@code KAIROS_CONFIG}, then defaults only). */
    public static KairosConfig load(final Path configFile, final Map<String, String> env)
    {
        return load(configFile, env, CpuBudget.ofThisProcess());
    }

    /** As {@link #load(Path, Map)}, with {@code server.threading=auto} deciding on {@code cpus}. */
    static KairosConfig load(final Path configFile, final Map<String, String> env, final CpuBudget cpus)
    {
        Path file = configFile;
        if (file == null && env.get(CONFIG_ENV) != null && !env.get(CONFIG_ENV).isBlank())
        {
            file = path(CONFIG_ENV, env.get(CONFIG_ENV).trim());
        }
        final Properties fileProperties = file == null ? null : readFile(file);
        final String fileName = file == null ? EMBEDDED_SOURCE : file.toString();
        final PropertySource source = new PropertySource(embeddedDefaults(), fileProperties, fileName, env);

        final ThreadingChoice threading = threading(source, cpus);
        source.chooseDefaults(threading.autoDefaults());
        final ThreadPinning cpuAffinity = cpuAffinity(source);
        final EngineConfig engine = engine(source);
        final ClusterConfig cluster = cluster(source);
        final FixGatewayConfig fix = fix(source);
        final MarketDataGatewayConfig md = md(source);
        final MetricsSettings metrics = metrics(source);
        refusePortClashes(source, fix, md, metrics);
        final TlsListeners tls = new TlsListeners(tls(source, FixGatewayConfig.PROP_PREFIX),
            tls(source, MarketDataGatewayConfig.PROP_PREFIX));
        refuseTlsPortClashes(source, fix, md, metrics, tls);
        final boolean eventDigest = source.booleanValue(ConfigKeys.EVENT_DIGEST);
        final TradingSchedule trading = trading(source);
        final AdminOperators admin = admin(source);
        if (eventDigest && cluster.replication() == Replication.CLUSTER)
        {
            throw source.bad(ConfigKeys.EVENT_DIGEST, "true", "digests the venue's own engine's events; with " +
                ClusterConfig.REPLICATION_PROP_NAME + "=cluster there is none");
        }

        final Set<String> unknownKeys = source.unknownFileKeys();
        if (!unknownKeys.isEmpty())
        {
            final String key = unknownKeys.iterator().next();
            throw new ConfigException(key, "unknown key in " + fileName + " (unknown keys: " + unknownKeys +
                "); see conf/kairos.properties for the keys the server reads");
        }
        final List<String> warnings = new ArrayList<>();
        for (final String name : source.unknownEnvNames(LAUNCHER_ENV))
        {
            warnings.add("environment variable " + name + " matches no configuration key; ignored");
        }
        warnings.addAll(dropCopyWarnings(fix));
        return new KairosConfig(
            fileName, threading, cpuAffinity, engine, cluster, fix, md, tls, metrics, eventDigest, trading, admin,
            warnings, source.effective());
    }

    /** {@code metrics.*}: the management endpoint; the token hash is checked here so the message names its origin. */
    private static MetricsSettings metrics(final PropertySource source)
    {
        final String key = MetricsSettings.BEARER_TOKEN_HASH_PROP_NAME;
        final String tokenHash = source.optionalString(key, "");
        if (!tokenHash.isEmpty() && !MetricsSettings.isSha256Hex(tokenHash))
        {
            // Never echo the value: an operator may have pasted the token itself.
            throw new ConfigException(key, "must be the 64 hex digits of the token's " +
                "SHA-256 (printf %s \"$TOKEN\" | sha256sum), never the token itself (set by " +
                source.origin(key) + ")");
        }
        return new MetricsSettings(source.bindAddress(MetricsSettings.BIND_ADDRESS_PROP_NAME),
            source.intValue(MetricsSettings.PORT_PROP_NAME, 0, 65535),
            source.intValue(MetricsSettings.REQUEST_TIMEOUT_MS_PROP_NAME, 100, 600_000),
            source.intValue(MetricsSettings.MAX_CONNECTIONS_PROP_NAME, 1, 10_000), tokenHash);
    }

    /** {@code admin.*}: the operators allowed the controls on the management port, each with a token hash. */
    private static AdminOperators admin(final PropertySource source)
    {
        final Map<String, String> hashes = new LinkedHashMap<>();
        final String list = AdminOperators.OPERATORS_PROP_NAME;
        for (final String name : source.list(list))
        {
            source.compId(list, name);
            final String key = AdminOperators.tokenHashPropName(name);
            final String hash = source.optionalString(key, "");
            if (!MetricsSettings.isSha256Hex(hash))
            {
                // Never echo the value: an operator may have pasted the token itself.
                throw new ConfigException(key, (hash.isEmpty() ? "is required for an operator listed in " +
                    list : "must be the 64 hex digits of the token's SHA-256, never the token itself") +
                    " (printf %s \"$TOKEN\" | sha256sum; set by " + source.origin(key) + ")");
            }
            if (hashes.put(name, hash) != null)
            {
                throw source.bad(list, source.raw(list), "lists " + name + " twice");
            }
        }
        return new AdminOperators(hashes);
    }

    /** {@code server.threading}: as written, or for {@code auto} what the CPUs allow. */
    private static ThreadingChoice threading(final PropertySource source, final CpuBudget cpus)
    {
        final String key = ConfigKeys.THREADING;
        final String value = source.string(key);
        if (!"auto".equals(value))
        {
            return ThreadingChoice.explicit(source.choice(key, Threading.class, List.of("auto", "compact",
                "dedicated")));
        }
        final List<String> hot = new ArrayList<>(List.of("Framer", "kairos-fix-gateway", "kairos-md-gateway"));
        if ("cluster".equals(source.raw(ClusterConfig.REPLICATION_PROP_NAME)))
        {
            hot.add("kairos-cluster-client");
        }
        else
        {
            final String hosted = source.optionalString(EngineConfig.HOSTED_PARTITIONS_PROP_NAME, "");
            final int partitions = hosted.isBlank() ? source.intValue(EngineConfig.PARTITION_COUNT_PROP_NAME, 1,
                EngineConfig.MAX_PARTITIONS) : hosted.split(",").length;
            final boolean separateJournal = "separate".equals(source.raw(EngineConfig.JOURNAL_STAGE_PROP_NAME));
            for (int p = 0; p < partitions; p++)
            {
                hot.add("kairos-matcher");
                if (separateJournal)
                {
                    hot.add("kairos-journal");
                }
            }
        }
        return ThreadingChoice.auto(cpus, hot);
    }

    /** {@code trading.*}: the trading day, or {@link TradingSchedule#ALWAYS_OPEN} when open and close are empty. */
    private static TradingSchedule trading(final PropertySource source)
    {
        final ZoneId zone;
        try
        {
            zone = ZoneId.of(source.string(ConfigKeys.TRADING_TIME_ZONE));
        }
        catch (final DateTimeException ex)
        {
            throw source.bad(ConfigKeys.TRADING_TIME_ZONE, source.raw(ConfigKeys.TRADING_TIME_ZONE),
                "must be a time zone id such as UTC, Europe/Berlin or America/New_York");
        }
        final Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (final String day : source.list(ConfigKeys.TRADING_DAYS))
        {
            days.add(dayOfWeek(source, day));
        }
        final LocalTime open = localTime(source, ConfigKeys.TRADING_OPEN);
        final LocalTime close = localTime(source, ConfigKeys.TRADING_CLOSE);
        try
        {
            return new TradingSchedule(zone, days, open, close);
        }
        catch (final IllegalArgumentException ex)
        {
            final String key = open == null ? ConfigKeys.TRADING_OPEN : ConfigKeys.TRADING_CLOSE;
            throw source.bad(key, source.optionalString(key, ""), ex.getMessage());
        }
    }

    private static DayOfWeek dayOfWeek(final PropertySource source, final String day)
    {
        for (final DayOfWeek candidate : DayOfWeek.values())
        {
            if (candidate.name().equalsIgnoreCase(day) || candidate.name().substring(0, 3).equalsIgnoreCase(day))
            {
                return candidate;
            }
        }
        throw source.bad(ConfigKeys.TRADING_DAYS, source.raw(ConfigKeys.TRADING_DAYS),
            "must be a comma-separated list of days: MON,TUE,WED,THU,FRI,SAT,SUN");
    }

    /** A HH:MM or HH:MM:SS local time, or null when empty. */
    private static LocalTime localTime(final PropertySource source, final String key)
    {
        final String value = source.optionalString(key, "").trim();
        if (value.isEmpty())
        {
            return null;
        }
        try
        {
            return LocalTime.parse(value);
        }
        catch (final DateTimeParseException ex)
        {
            throw source.bad(key, value, "must be a local time HH:MM or HH:MM:SS (24-hour), or empty");
        }
    }

    /** The embedded default settings (also shipped as conf/kairos.properties). */
    public static Properties embeddedDefaults()
    {
        final Properties properties = new Properties();
        try (InputStream in = KairosConfigLoader.class.getResourceAsStream("/" + DEFAULTS_RESOURCE))
        {
            if (in == null)
            {
                throw new IllegalStateException(DEFAULTS_RESOURCE + " is missing from the class path");
            }
            properties.load(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("cannot read " + DEFAULTS_RESOURCE, ex);
        }
        return properties;
    }

    private static Properties readFile(final Path file)
    {
        final Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            properties.load(reader);
        }
        catch (final IOException | IllegalArgumentException ex)
        {
            throw new ConfigException("--config", "cannot read config file " + file + ": " + ex, ex);
        }
        return properties;
    }

    private static EngineConfig engine(final PropertySource source)
    {
        final int partitionCount =
            source.intValue(EngineConfig.PARTITION_COUNT_PROP_NAME, 1, EngineConfig.MAX_PARTITIONS);
        final String hostedKey = EngineConfig.HOSTED_PARTITIONS_PROP_NAME;
        final List<Integer> hosted = new ArrayList<>();
        for (final String item : source.list(hostedKey))
        {
            try
            {
                hosted.add(Integer.parseInt(item));
            }
            catch (final NumberFormatException ex)
            {
                throw source.bad(hostedKey, source.raw(hostedKey),
                    "must be a comma-separated list of partition numbers");
            }
        }
        final int ringSize = source.intValue(EngineConfig.RING_SIZE_PROP_NAME, 2, 1 << 30);
        final WaitStrategyType wait = source.choice(EngineConfig.WAIT_STRATEGY_PROP_NAME, WaitStrategyType.class,
            List.of("parking", "blocking", "yielding", "sleeping", "busy-spin"));
        final SelfTradePrevention stp = source.choice(EngineConfig.SELF_TRADE_PREVENTION_PROP_NAME,
            SelfTradePrevention.class, List.of("off", "cancel-aggressor", "cancel-resting"));
        final JournalMode journalMode =
            source.choice(EngineConfig.JOURNAL_MODE_PROP_NAME, JournalMode.class, List.of("sync", "async", "off"));
        final JournalStage journalStage =
            source.choice(EngineConfig.JOURNAL_STAGE_PROP_NAME, JournalStage.class, List.of("inline", "separate"));
        final Path journalDir = source.path(EngineConfig.JOURNAL_DIR_PROP_NAME);
        final long segmentBytes = source.longValue(EngineConfig.JOURNAL_SEGMENT_BYTES_PROP_NAME, 1, Long.MAX_VALUE);
        final Path snapshotDir = source.path(EngineConfig.SNAPSHOT_DIR_PROP_NAME);
        final long snapshotEvery =
            source.longValue(EngineConfig.SNAPSHOT_EVERY_COMMANDS_PROP_NAME, 0, Long.MAX_VALUE);
        final long forceDelayUs = source.longValue(EngineConfig.JOURNAL_FORCE_DELAY_US_PROP_NAME, 0, Long.MAX_VALUE);
        final ReferenceData referenceData = referenceData(source, partitionCount);
        try
        {
            return new EngineConfig(referenceData, partitionCount, hosted, ringSize, wait, stp, journalMode,
                journalStage, journalDir, segmentBytes, snapshotDir, snapshotEvery, forceDelayUs);
        }
        catch (final ConfigValueException ex)
        {
            throw refusal(source, ex);
        }
    }

    /** What a component's record refused, as the operator's key, value and origin say it. */
    private static ConfigException refusal(final PropertySource source, final ConfigValueException ex)
    {
        return source.bad(ex.key(), String.valueOf(source.raw(ex.key())), ex.detail());
    }

    private static ClusterConfig cluster(final PropertySource source)
    {
        final Replication replication = source.choice(ClusterConfig.REPLICATION_PROP_NAME, Replication.class,
            List.of("none", "cluster"));
        final String memberIdText = source.optionalString(ClusterConfig.MEMBER_ID_PROP_NAME, "");
        final int memberId = memberIdText.isEmpty() ? ClusterConfig.NOT_A_MEMBER
            : (int)source.longValue(ClusterConfig.MEMBER_ID_PROP_NAME, 0, 4);
        final int history = source.intValue(ClusterConfig.HISTORY_COMMANDS_PROP_NAME, 1, 1 << 24);
        final boolean fileSync =
            "sync".equals(source.choice(ClusterConfig.FILE_SYNC_PROP_NAME, List.of("sync", "none")));
        try
        {
            final List<MemberEndpoint> members = new ArrayList<>();
            for (final String item : source.list(ClusterConfig.MEMBERS_PROP_NAME))
            {
                members.add(MemberEndpoint.parse(item));
            }
            final Path dir = source.path(ClusterConfig.DIR_PROP_NAME);
            final String clientHost = source.string(ClusterConfig.CLIENT_HOST_PROP_NAME);
            final ClusterTimeouts timeouts = ClusterTimeouts.ofMillis(
                source.longValue(ClusterTimeouts.LEADER_HEARTBEAT_TIMEOUT_MS_PROP_NAME, 1, 3_600_000),
                source.longValue(ClusterTimeouts.LEADER_HEARTBEAT_INTERVAL_MS_PROP_NAME, 1, 3_600_000),
                source.longValue(ClusterTimeouts.ELECTION_TIMEOUT_MS_PROP_NAME, 1, 3_600_000));
            // read always (the shipped file lists the key); required, and checked, only for a cluster
            final ClusterSecret secret = clusterSecret(source, replication == Replication.CLUSTER);
            return new ClusterConfig(replication, members, memberId, dir, clientHost, history, fileSync, timeouts,
                replication == Replication.CLUSTER ? secret : null);
        }
        catch (final ConfigValueException ex)
        {
            throw refusal(source, ex);
        }
    }

    /**
     * {@code cluster.client-secret}, checked without ever putting its value in a message; null when it is empty
     * (refused later, by {@link ClusterConfig}, only with {@code engine.replication=cluster}).
     */
    private static ClusterSecret clusterSecret(final PropertySource source, final boolean required)
    {
        final String key = ClusterConfig.CLIENT_SECRET_PROP_NAME;
        final String value = source.optionalString(key, "");
        if (!required && value.isEmpty())
        {
            return null;
        }
        try
        {
            return ClusterSecret.of(value);
        }
        catch (final ConfigValueException ex)
        {
            throw new ConfigException(key, ex.detail() + " (set by " + source.origin(key) + ")");
        }
    }

    private static ReferenceData referenceData(final PropertySource source, final int partitionCount)
    {
        final String listKey = Instrument.INSTRUMENTS_PROP_NAME;
        final List<String> symbols = source.list(listKey);
        if (symbols.isEmpty())
        {
            throw new ConfigException(listKey, "at least one instrument is required");
        }
        final List<Instrument> instruments = new ArrayList<>();
        final Map<Integer, String> symbolById = new HashMap<>();
        final Set<String> seen = new HashSet<>();
        for (final String symbol : symbols)
        {
            if (!seen.add(symbol))
            {
                throw source.bad(listKey, source.raw(listKey), "lists " + symbol + " twice");
            }
            final String idKey = Instrument.propName(symbol, Instrument.ID_FIELD);
            final int id = source.intValue(idKey, 0, 1_000_000);
            final String clash = symbolById.putIfAbsent(id, symbol);
            if (clash != null)
            {
                throw source.bad(idKey, String.valueOf(id), "is already the id of " + clash);
            }
            final int partition =
                source.intValue(Instrument.propName(symbol, Instrument.PARTITION_FIELD), 0, partitionCount - 1);
            final long tickSize = source.price(Instrument.propName(symbol, Instrument.TICK_SIZE_FIELD));
            final long lotSize =
                source.longValue(Instrument.propName(symbol, Instrument.LOT_SIZE_FIELD), 1, Long.MAX_VALUE);
            final long referencePrice = source.price(Instrument.propName(symbol, Instrument.REFERENCE_PRICE_FIELD));
            final int band =
                source.intValue(Instrument.propName(symbol, Instrument.PRICE_BAND_PERCENT_FIELD), 0, 1000);
            final String maxQtyKey = Instrument.propName(symbol, Instrument.MAX_ORDER_QTY_FIELD);
            final long maxOrderQty = source.raw(maxQtyKey) == null ? Instrument.DEFAULT_MAX_ORDER_QTY
                : source.longValue(maxQtyKey, 1, Instrument.MAX_ORDER_QTY_LIMIT);
            final String maxNotionalKey = Instrument.propName(symbol, Instrument.MAX_NOTIONAL_FIELD);
            final long maxNotional = source.raw(maxNotionalKey) == null ? Instrument.DEFAULT_MAX_NOTIONAL
                : source.price(maxNotionalKey);
            try
            {
                instruments.add(new Instrument(symbol, id, partition, tickSize, lotSize, referencePrice, band,
                    maxOrderQty, maxNotional));
            }
            catch (final ConfigValueException ex)
            {
                throw refusal(source, ex);
            }
        }
        try
        {
            return new ReferenceData(instruments, partitionCount);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ConfigException(listKey, ex.getMessage());
        }
    }

    private static ThreadPinning cpuAffinity(final PropertySource source)
    {
        final String rules = source.optionalString(ConfigKeys.CPU_AFFINITY, "");
        try
        {
            return ThreadPinning.parse(rules);
        }
        catch (final IllegalArgumentException ex)
        {
            throw source.bad(ConfigKeys.CPU_AFFINITY, rules, ex.getMessage());
        }
    }

    private static FixGatewayConfig fix(final PropertySource source)
    {
        final String compId = source.compId(FixGatewayConfig.COMP_ID_PROP_NAME);
        final List<String> names = sessionNames(source, FixGatewayConfig.SESSIONS_PROP_NAME, compId);
        final List<FixSessionConfig> sessions = new ArrayList<>();
        for (int i = 0; i < names.size(); i++)
        {
            final String name = names.get(i);
            final PasswordHash passwordHash = source.passwordHash(
                FixSessionConfig.propName(name, PasswordHash.PROP_FIELD),
                FixSessionConfig.propName(name, PasswordHash.CLEAR_TEXT_PROP_FIELD));
            final boolean cancelOnDisconnect =
                source.booleanValue(FixSessionConfig.propName(name, FixSessionConfig.CANCEL_ON_DISCONNECT_FIELD));
            final String firmKey = FixSessionConfig.propName(name, FixSessionConfig.FIRM_FIELD);
            final String firm = source.compId(firmKey, source.optionalString(firmKey, name));
            final int sessionId = i + 1;
            sessions.add(gatewayConfig(source,
                () -> new FixSessionConfig(name, passwordHash, sessionId, cancelOnDisconnect, firm)));
        }
        final String bindAddress = source.bindAddress(FixGatewayConfig.BIND_ADDRESS_PROP_NAME);
        final int port = source.integer(FixGatewayConfig.PORT_PROP_NAME);
        final Path dataDir = source.path(FixGatewayConfig.DATA_DIR_PROP_NAME);
        final int maxSessions = source.integer(FixGatewayConfig.MAX_SESSIONS_PROP_NAME);
        final int heartbeat = source.integer(FixGatewayConfig.HEARTBEAT_INTERVAL_SECONDS_PROP_NAME);
        final int throttle = source.integer(FixGatewayConfig.THROTTLE_MESSAGES_PER_SECOND_PROP_NAME);
        final int disconnectAfter = source.integer(FixGatewayConfig.THROTTLE_DISCONNECT_AFTER_REJECTS_PROP_NAME);
        final IdleMode idleMode =
            source.choice(FixGatewayConfig.IDLE_STRATEGY_PROP_NAME, IdleMode.class, List.of("backoff", "busy-spin"));
        final int maxHeartBtInt = source.integer(FixGatewayConfig.MAX_HEART_BT_INT_SECONDS_PROP_NAME);
        final DoorLimits limits = doorLimits(source, FixGatewayConfig.PROP_PREFIX);
        final List<DropCopySessionConfig> dropCopies = dropCopySessions(source, compId, sessions);
        return gatewayConfig(source, () -> new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions,
            maxSessions, heartbeat, throttle, disconnectAfter, idleMode, maxHeartBtInt, logonLockout(source),
            limits, dropCopies));
    }

    /**
     * A drop copy's firm that no order-entry session trades for copies nothing (a typo, or a file that replaced
     * {@code fix.sessions} and left the demo drop copy DC01 on): said at start, not refused, since the firm's sessions
     * may be added later.
     */
    private static List<String> dropCopyWarnings(final FixGatewayConfig fix)
    {
        final Set<String> firms = new HashSet<>();
        fix.sessions().forEach(session -> firms.add(session.firm()));
        final List<String> warnings = new ArrayList<>();
        for (final DropCopySessionConfig dropCopy : fix.dropCopySessions())
        {
            for (final String firm : dropCopy.firms())
            {
                if (!firms.contains(firm))
                {
                    warnings.add(DropCopySessionConfig.propName(dropCopy.compId(), DropCopySessionConfig.FIRMS_FIELD) +
                        " names " + firm + ", which no session of " + FixGatewayConfig.SESSIONS_PROP_NAME +
                        " trades for (" + FixSessionConfig.propName("<ID>", FixSessionConfig.FIRM_FIELD) +
                        "): none copied");
                }
            }
        }
        return warnings;
    }

    /**
     * {@code fix.drop-copy-sessions} (empty: none) with each one's {@code fix.drop-copy-session.<ID>.password-hash} and
     * {@code .firms} (a firm no order-entry session trades for is a warning: {@link #dropCopyWarnings}).
     */
    private static List<DropCopySessionConfig> dropCopySessions(
        final PropertySource source, final String venueCompId, final List<FixSessionConfig> sessions)
    {
        final String key = FixGatewayConfig.DROP_COPY_SESSIONS_PROP_NAME;
        final List<String> names = source.list(key);
        final Set<String> seen = new HashSet<>();
        for (final FixSessionConfig session : sessions)
        {
            seen.add(session.compId());
        }
        final List<DropCopySessionConfig> dropCopies = new ArrayList<>();
        for (int i = 0; i < names.size(); i++)
        {
            final String name = names.get(i);
            source.compId(key, name);
            if (name.equals(venueCompId))
            {
                throw source.bad(key, source.raw(key), "lists the venue's own CompID " + name);
            }
            if (!seen.add(name))
            {
                throw source.bad(key, source.raw(key), "lists " + name + " twice or as an order-entry session too");
            }
            final PasswordHash passwordHash = source.passwordHash(
                DropCopySessionConfig.propName(name, PasswordHash.PROP_FIELD),
                DropCopySessionConfig.propName(name, PasswordHash.CLEAR_TEXT_PROP_FIELD));
            final String firmsKey = DropCopySessionConfig.propName(name, DropCopySessionConfig.FIRMS_FIELD);
            final List<String> ofSession = source.list(firmsKey);
            if (ofSession.isEmpty())
            {
                throw new ConfigException(firmsKey, "at least one member firm is required (set by " +
                    source.origin(firmsKey) + ")");
            }
            for (final String firm : ofSession)
            {
                source.compId(firmsKey, firm);
            }
            final int sessionId = DropCopySessionConfig.sessionIdAt(i);
            dropCopies.add(gatewayConfig(source,
                () -> new DropCopySessionConfig(name, passwordHash, sessionId, ofSession)));
        }
        return dropCopies;
    }

    private static MarketDataGatewayConfig md(final PropertySource source)
    {
        final String compId = source.compId(MarketDataGatewayConfig.COMP_ID_PROP_NAME);
        final List<MdSessionConfig> sessions = new ArrayList<>();
        for (final String name : sessionNames(source, MarketDataGatewayConfig.SESSIONS_PROP_NAME, compId))
        {
            final PasswordHash passwordHash = source.passwordHash(
                MdSessionConfig.propName(name, PasswordHash.PROP_FIELD),
                MdSessionConfig.propName(name, PasswordHash.CLEAR_TEXT_PROP_FIELD));
            sessions.add(gatewayConfig(source, () -> new MdSessionConfig(name, passwordHash)));
        }
        final String bindAddress = source.bindAddress(MarketDataGatewayConfig.BIND_ADDRESS_PROP_NAME);
        final int port = source.integer(MarketDataGatewayConfig.PORT_PROP_NAME);
        final int heartbeat = source.integer(MarketDataGatewayConfig.HEARTBEAT_INTERVAL_SECONDS_PROP_NAME);
        final int maxDepth = source.integer(MarketDataGatewayConfig.MAX_DEPTH_PROP_NAME);
        final int queueLimit = source.integer(MarketDataGatewayConfig.OUTBOUND_QUEUE_LIMIT_MESSAGES_PROP_NAME);
        final MdIdleMode idleMode = source.choice(MarketDataGatewayConfig.IDLE_STRATEGY_PROP_NAME, MdIdleMode.class,
            List.of("block", "busy-spin"));
        final int maxSubscriptions = source.integer(MarketDataGatewayConfig.MAX_SUBSCRIPTIONS_PER_SESSION_PROP_NAME);
        final DoorLimits limits = doorLimits(source, MarketDataGatewayConfig.PROP_PREFIX);
        final int snapshotsPerSecond =
            source.integer(MarketDataGatewayConfig.MAX_SNAPSHOT_REQUESTS_PER_SECOND_PROP_NAME);
        return gatewayConfig(source, () -> new MarketDataGatewayConfig(bindAddress, port, compId, sessions,
            heartbeat, maxDepth, queueLimit, idleMode, maxSubscriptions, logonLockout(source), limits,
            snapshotsPerSecond));
    }

    /** A door's connection limits: {@code <prefix>max-unauthenticated-connections} and friends. */
    private static DoorLimits doorLimits(final PropertySource source, final String prefix)
    {
        final int unauthenticated = source.integer(prefix + DoorLimits.MAX_UNAUTHENTICATED_CONNECTIONS_PROP_SUFFIX);
        final int perSecond =
            source.integer(prefix + DoorLimits.MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS_PROP_SUFFIX);
        final int logonTimeoutMs = source.integer(prefix + DoorLimits.LOGON_TIMEOUT_MS_PROP_SUFFIX);
        return gatewayConfig(source, () -> new DoorLimits(prefix, unauthenticated, perSecond, logonTimeoutMs));
    }

    /** The failed-logon lock-out both doors share ({@code logon.*}); each door counts its own logons. */
    private static LockoutConfig logonLockout(final PropertySource source)
    {
        final int perCompId = source.integer(LockoutConfig.MAX_FAILURES_PER_COMP_ID);
        final int perAddress = source.integer(LockoutConfig.MAX_FAILURES_PER_ADDRESS);
        final long lockoutSeconds = source.longValue(LockoutConfig.LOCKOUT_SECONDS, 1, Long.MAX_VALUE / 1_000);
        final int tracked = source.integer(LockoutConfig.MAX_TRACKED_ADDRESSES);
        final int queue = source.integer(LockoutConfig.VERIFY_QUEUE_CAPACITY);
        try
        {
            return new LockoutConfig(perCompId, perAddress, lockoutSeconds * 1_000, tracked, queue);
        }
        catch (final ConfigValueException ex)
        {
            throw refusal(source, ex);
        }
    }

    /**
     * Builds a gateway's config record, whose constructor holds the valid ranges (here they would drift), and
     * refuses what it refuses as a {@link ConfigException} naming the key the record's refusal carries
     * ({@link GatewayConfigKeys}).
     */
    private static <T> T gatewayConfig(final PropertySource source, final Supplier<T> build)
    {
        try
        {
            return build.get();
        }
        catch (final ConfigValueException ex)
        {
            throw GatewayConfigKeys.refusal(source, ex);
        }
    }

    private static List<String> sessionNames(final PropertySource source, final String key, final String venueCompId)
    {
        final List<String> names = source.list(key);
        if (names.isEmpty())
        {
            throw new ConfigException(key, "at least one session is required (set by " + source.origin(key) + ")");
        }
        final Set<String> seen = new HashSet<>();
        for (final String name : names)
        {
            source.compId(key, name);
            if (!seen.add(name))
            {
                throw source.bad(key, source.raw(key), "lists " + name + " twice");
            }
            if (name.equals(venueCompId))
            {
                throw source.bad(key, source.raw(key), "lists the venue's own CompID " + name);
            }
        }
        return names;
    }

    private static Path path(final String key, final String value)
    {
        try
        {
            return Path.of(value);
        }
        catch (final InvalidPathException ex)
        {
            throw new ConfigException(key, "value '" + value + "' is not a valid path: " + ex.getReason());
        }
    }

    private static void refusePortClashes(
        final PropertySource source, final FixGatewayConfig fix, final MarketDataGatewayConfig md,
        final MetricsSettings metrics)
    {
        final String fixPort = FixGatewayConfig.PORT_PROP_NAME;
        final String mdPort = MarketDataGatewayConfig.PORT_PROP_NAME;
        if (fix.port() != 0 && fix.port() == md.port())
        {
            throw source.bad(mdPort, String.valueOf(md.port()), "is also " + fixPort);
        }
        if (metrics.port() != 0 && (metrics.port() == fix.port() || metrics.port() == md.port()))
        {
            throw source.bad(MetricsSettings.PORT_PROP_NAME, String.valueOf(metrics.port()),
                "is also used by " + fixPort + " or " + mdPort);
        }
    }

    /**
     * A door's TLS listener: {@code <prefix>tls-port} empty or 0 is none; otherwise its certificate and key files
     * must be set and readable (their contents are decoded when the door starts, which refuses bad ones by key).
     */
    private static TlsListenerConfig tls(final PropertySource source, final String prefix)
    {
        final String portKey = prefix + TlsListenerConfig.TLS_PORT_PROP_SUFFIX;
        final String certKey = prefix + TlsListenerConfig.CERT_FILE_PROP_SUFFIX;
        final String keyKey = prefix + TlsListenerConfig.KEY_FILE_PROP_SUFFIX;
        final String clientCaKey = prefix + TlsListenerConfig.CLIENT_CA_FILE_PROP_SUFFIX;
        final String port = source.optionalString(portKey, "0");
        for (final String file : new String[] {certKey, keyKey, clientCaKey})
        {
            source.raw(file); // known keys whether or not the listener is on
        }
        if ("0".equals(port))
        {
            return TlsListenerConfig.off(prefix);
        }
        final int tlsPort = source.intValue(portKey, 1, 65_535);
        final Path cert = readableFile(source, certKey, portKey);
        final Path key = readableFile(source, keyKey, portKey);
        final Path clientCa = source.optionalString(clientCaKey, "").isEmpty() ? null :
            readableFile(source, clientCaKey, portKey);
        return gatewayConfig(source, () -> new TlsListenerConfig(prefix, tlsPort, cert, key, clientCa));
    }

    private static Path readableFile(final PropertySource source, final String key, final String portKey)
    {
        if (source.optionalString(key, "").isEmpty())
        {
            throw new ConfigException(key, "must be set when " + portKey + " is (a PEM file; set by " +
                source.origin(key) + ")");
        }
        final Path file = source.path(key);
        if (!Files.isReadable(file) || Files.isDirectory(file))
        {
            throw source.bad(key, file.toString(), "is not a readable file");
        }
        return file;
    }

    /** A TLS port may be none of the venue's other ports. */
    private static void refuseTlsPortClashes(
        final PropertySource source, final FixGatewayConfig fix, final MarketDataGatewayConfig md,
        final MetricsSettings metrics, final TlsListeners tls)
    {
        final int fixTls = tls.fix().enabled() ? tls.fix().port() : -1;
        final int mdTls = tls.md().enabled() ? tls.md().port() : -1;
        final String fixTlsKey = FixGatewayConfig.PROP_PREFIX + TlsListenerConfig.TLS_PORT_PROP_SUFFIX;
        final String mdTlsKey = MarketDataGatewayConfig.PROP_PREFIX + TlsListenerConfig.TLS_PORT_PROP_SUFFIX;
        final String ports = FixGatewayConfig.PORT_PROP_NAME + ", " + MarketDataGatewayConfig.PORT_PROP_NAME;
        for (final int taken : new int[] {fix.port(), md.port(), metrics.port(), mdTls})
        {
            if (fixTls > 0 && fixTls == taken)
            {
                throw source.bad(fixTlsKey, String.valueOf(fixTls),
                    "is also used by " + ports + ", " + MetricsSettings.PORT_PROP_NAME + " or " + mdTlsKey);
            }
        }
        for (final int taken : new int[] {fix.port(), md.port(), metrics.port()})
        {
            if (mdTls > 0 && mdTls == taken)
            {
                throw source.bad(mdTlsKey, String.valueOf(mdTls),
                    "is also used by " + ports + " or " + MetricsSettings.PORT_PROP_NAME);
            }
        }
    }
}
