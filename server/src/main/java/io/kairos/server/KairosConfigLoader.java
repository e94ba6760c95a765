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
 * variables. Every default lives in that properties file and nowhere else. Stateless; allocates
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
        final TlsListeners tls = new TlsListeners(tls(source, "fix."), tls(source, "md."));
        refuseTlsPortClashes(source, fix, md, metrics, tls);
        final boolean eventDigest = source.booleanValue("engine.event-digest");
        final TradingSchedule trading = trading(source);
        final AdminOperators admin = admin(source);
        if (eventDigest && cluster.replication() == Replication.CLUSTER)
        {
            throw source.bad("engine.event-digest", "true",
                "digests the venue's own engine's events; with engine.replication=cluster there is none");
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
            warnings);
    }

    /** {@code metrics.*}: the management endpoint; the token hash is checked here so the message names its origin. */
    private static MetricsSettings metrics(final PropertySource source)
    {
        final String tokenHash = source.optionalString("metrics.bearer-token-hash", "");
        if (!tokenHash.isEmpty() && !MetricsSettings.isSha256Hex(tokenHash))
        {
            // Never echo the value: an operator may have pasted the token itself.
            throw new ConfigException("metrics.bearer-token-hash", "must be the 64 hex digits of the token's " +
                "SHA-256 (printf %s \"$TOKEN\" | sha256sum), never the token itself (set by " +
                source.origin("metrics.bearer-token-hash") + ")");
        }
        return new MetricsSettings(source.bindAddress("metrics.bind-address"),
            source.intValue("metrics.port", 0, 65535),
            source.intValue("metrics.request-timeout-ms", 100, 600_000),
            source.intValue("metrics.max-connections", 1, 10_000), tokenHash);
    }

    /** {@code admin.*}: the operators allowed the controls on the management port, each with a token hash. */
    private static AdminOperators admin(final PropertySource source)
    {
        final Map<String, String> hashes = new LinkedHashMap<>();
        for (final String name : source.list("admin.operators"))
        {
            source.compId("admin.operators", name);
            final String key = "admin.operator." + name + ".token-hash";
            final String hash = source.optionalString(key, "");
            if (!MetricsSettings.isSha256Hex(hash))
            {
                // Never echo the value: an operator may have pasted the token itself.
                throw new ConfigException(key, (hash.isEmpty() ? "is required for an operator listed in " +
                    "admin.operators" : "must be the 64 hex digits of the token's SHA-256, never the token itself") +
                    " (printf %s \"$TOKEN\" | sha256sum; set by " + source.origin(key) + ")");
            }
            if (hashes.put(name, hash) != null)
            {
                throw source.bad("admin.operators", source.raw("admin.operators"), "lists " + name + " twice");
            }
        }
        return new AdminOperators(hashes);
    }

    /** {@code server.threading}: as written, or for {@code auto} what the CPUs allow. */
    private static ThreadingChoice threading(final PropertySource source, final CpuBudget cpus)
    {
        final String key = "server.threading";
        final String value = source.string(key);
        if (!"auto".equals(value))
        {
            return ThreadingChoice.explicit(source.choice(key, Threading.class, List.of("auto", "compact",
                "dedicated")));
        }
        final List<String> hot = new ArrayList<>(List.of("Framer", "kairos-fix-gateway", "kairos-md-gateway"));
        if ("cluster".equals(source.raw("engine.replication")))
        {
            hot.add("kairos-cluster-client");
        }
        else
        {
            final String hosted = source.optionalString("engine.hosted-partitions", "");
            final int partitions = hosted.isBlank() ? source.intValue("engine.partition-count", 1,
                EngineConfig.MAX_PARTITIONS) : hosted.split(",").length;
            final boolean separateJournal = "separate".equals(source.raw("journal.stage"));
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
            zone = ZoneId.of(source.string("trading.time-zone"));
        }
        catch (final DateTimeException ex)
        {
            throw source.bad("trading.time-zone", source.raw("trading.time-zone"),
                "must be a time zone id such as UTC, Europe/Berlin or America/New_York");
        }
        final Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (final String day : source.list("trading.days"))
        {
            days.add(dayOfWeek(source, day));
        }
        final LocalTime open = localTime(source, "trading.open");
        final LocalTime close = localTime(source, "trading.close");
        try
        {
            return new TradingSchedule(zone, days, open, close);
        }
        catch (final IllegalArgumentException ex)
        {
            throw source.bad(open == null ? "trading.open" : "trading.close",
                source.optionalString(open == null ? "trading.open" : "trading.close", ""), ex.getMessage());
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
        throw source.bad("trading.days", source.raw("trading.days"),
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
        final int partitionCount = source.intValue("engine.partition-count", 1, EngineConfig.MAX_PARTITIONS);
        final List<Integer> hosted = new ArrayList<>();
        for (final String item : source.list("engine.hosted-partitions"))
        {
            try
            {
                hosted.add(Integer.parseInt(item));
            }
            catch (final NumberFormatException ex)
            {
                throw source.bad("engine.hosted-partitions", source.raw("engine.hosted-partitions"),
                    "must be a comma-separated list of partition numbers");
            }
        }
        final int ringSize = source.intValue("engine.ring-size", 2, 1 << 30);
        final WaitStrategyType wait = source.choice("engine.wait-strategy", WaitStrategyType.class,
            List.of("parking", "blocking", "yielding", "sleeping", "busy-spin"));
        final SelfTradePrevention stp = source.choice("engine.self-trade-prevention", SelfTradePrevention.class,
            List.of("off", "cancel-aggressor", "cancel-resting"));
        final JournalMode journalMode =
            source.choice("journal.mode", JournalMode.class, List.of("sync", "async", "off"));
        final JournalStage journalStage =
            source.choice("journal.stage", JournalStage.class, List.of("inline", "separate"));
        final Path journalDir = source.path("journal.dir");
        final long segmentBytes = source.longValue("journal.segment-bytes", 1, Long.MAX_VALUE);
        final Path snapshotDir = source.path("snapshot.dir");
        final long snapshotEvery = source.longValue("snapshot.every-commands", 0, Long.MAX_VALUE);
        final long forceDelayUs = source.longValue("journal.force-delay-us", 0, Long.MAX_VALUE);
        final ReferenceData referenceData = referenceData(source, partitionCount);
        try
        {
            return new EngineConfig(referenceData, partitionCount, hosted, ringSize, wait, stp, journalMode,
                journalStage, journalDir, segmentBytes, snapshotDir, snapshotEvery, forceDelayUs);
        }
        catch (final IllegalArgumentException ex)
        {
            final String key = firstWord(ex.getMessage());
            throw source.bad(key, String.valueOf(source.raw(key)), ex.getMessage().substring(key.length()).trim());
        }
    }

    private static ClusterConfig cluster(final PropertySource source)
    {
        final Replication replication =
            source.choice("engine.replication", Replication.class, List.of("none", "cluster"));
        final String memberIdText = source.optionalString("cluster.member-id", "");
        final int memberId = memberIdText.isEmpty() ? ClusterConfig.NOT_A_MEMBER
            : (int)source.longValue("cluster.member-id", 0, 4);
        final int history = source.intValue("cluster.history-commands", 1, 1 << 24);
        final boolean fileSync = "sync".equals(source.choice("cluster.file-sync", List.of("sync", "none")));
        String key = "cluster.members";
        try
        {
            final List<MemberEndpoint> members = new ArrayList<>();
            for (final String item : source.list("cluster.members"))
            {
                members.add(MemberEndpoint.parse(item));
            }
            key = "cluster.dir";
            final Path dir = source.path(key);
            key = "cluster.client-host";
            final String clientHost = source.string(key);
            key = "cluster.leader-heartbeat-timeout-ms";
            final ClusterTimeouts timeouts = ClusterTimeouts.ofMillis(source.longValue(key, 1, 3_600_000),
                source.longValue("cluster.leader-heartbeat-interval-ms", 1, 3_600_000),
                source.longValue("cluster.election-timeout-ms", 1, 3_600_000));
            // read always (the shipped file lists the key); required, and checked, only for a cluster
            final ClusterSecret secret = clusterSecret(source, replication == Replication.CLUSTER);
            return new ClusterConfig(replication, members, memberId, dir, clientHost, history, fileSync, timeouts,
                replication == Replication.CLUSTER ? secret : null);
        }
        catch (final IllegalArgumentException ex)
        {
            key = firstWord(ex.getMessage());
            throw source.bad(key, String.valueOf(source.raw(key)), ex.getMessage().substring(key.length()).trim());
        }
    }

    /**
     * {@code cluster.client-secret}, checked without ever putting its value in a message; null when it is empty
     * (refused later, by {@link ClusterConfig}, only with {@code engine.replication=cluster}).
     */
    private static ClusterSecret clusterSecret(final PropertySource source, final boolean required)
    {
        final String key = "cluster.client-secret";
        final String value = source.optionalString(key, "");
        if (!required && value.isEmpty())
        {
            return null;
        }
        try
        {
            return ClusterSecret.of(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ConfigException(key, ex.getMessage().substring(key.length()).trim() + " (set by " +
                source.origin(key) + ")");
        }
    }

    private static ReferenceData referenceData(final PropertySource source, final int partitionCount)
    {
        final List<String> symbols = source.list("instruments");
        if (symbols.isEmpty())
        {
            throw new ConfigException("instruments", "at least one instrument is required");
        }
        final List<Instrument> instruments = new ArrayList<>();
        final Map<Integer, String> symbolById = new HashMap<>();
        final Set<String> seen = new HashSet<>();
        for (final String symbol : symbols)
        {
            final String prefix = "instrument." + symbol + ".";
            if (!seen.add(symbol))
            {
                throw source.bad("instruments", source.raw("instruments"), "lists " + symbol + " twice");
            }
            final int id = source.intValue(prefix + "id", 0, 1_000_000);
            final String clash = symbolById.putIfAbsent(id, symbol);
            if (clash != null)
            {
                throw source.bad(prefix + "id", String.valueOf(id), "is already the id of " + clash);
            }
            final int partition = source.intValue(prefix + "partition", 0, partitionCount - 1);
            final long tickSize = source.price(prefix + "tick-size");
            final long lotSize = source.longValue(prefix + "lot-size", 1, Long.MAX_VALUE);
            final long referencePrice = source.price(prefix + "reference-price");
            final int band = source.intValue(prefix + "price-band-percent", 0, 1000);
            final long maxOrderQty = source.raw(prefix + "max-order-qty") == null ? Instrument.DEFAULT_MAX_ORDER_QTY
                : source.longValue(prefix + "max-order-qty", 1, Instrument.MAX_ORDER_QTY_LIMIT);
            final long maxNotional = source.raw(prefix + "max-notional") == null ? Instrument.DEFAULT_MAX_NOTIONAL
                : source.price(prefix + "max-notional");
            try
            {
                instruments.add(new Instrument(symbol, id, partition, tickSize, lotSize, referencePrice, band,
                    maxOrderQty, maxNotional));
            }
            catch (final IllegalArgumentException ex)
            {
                final String field = ex.getMessage().split(" ")[1];
                final String key = prefix + field;
                throw source.bad(key, String.valueOf(source.raw(key)),
                    ex.getMessage().substring(("instrument " + field).length()).trim());
            }
        }
        try
        {
            return new ReferenceData(instruments, partitionCount);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ConfigException("instruments", ex.getMessage());
        }
    }

    private static ThreadPinning cpuAffinity(final PropertySource source)
    {
        final String rules = source.optionalString("server.cpu-affinity", "");
        try
        {
            return ThreadPinning.parse(rules);
        }
        catch (final IllegalArgumentException ex)
        {
            throw source.bad("server.cpu-affinity", rules, ex.getMessage());
        }
    }

    private static FixGatewayConfig fix(final PropertySource source)
    {
        final String compId = source.compId("fix.comp-id");
        final List<String> names = sessionNames(source, "fix.sessions", compId);
        final List<FixSessionConfig> sessions = new ArrayList<>();
        for (int i = 0; i < names.size(); i++)
        {
            final String name = names.get(i);
            final PasswordHash passwordHash = source.passwordHash("fix.session." + name + ".");
            final boolean cancelOnDisconnect = source.booleanValue("fix.session." + name + ".cancel-on-disconnect");
            final String firm = source.compId("fix.session." + name + ".firm",
                source.optionalString("fix.session." + name + ".firm", name));
            final int sessionId = i + 1;
            sessions.add(gatewayConfig(source, "fix.session." + name + ".",
                () -> new FixSessionConfig(name, passwordHash, sessionId, cancelOnDisconnect, firm)));
        }
        final String bindAddress = source.bindAddress("fix.bind-address");
        final int port = source.integer("fix.port");
        final Path dataDir = source.path("fix.data-dir");
        final int maxSessions = source.integer("fix.max-sessions");
        final int heartbeat = source.integer("fix.heartbeat-interval-seconds");
        final int throttle = source.integer("fix.throttle.messages-per-second");
        final int disconnectAfter = source.integer("fix.throttle.disconnect-after-rejects");
        final IdleMode idleMode =
            source.choice("fix.idle-strategy", IdleMode.class, List.of("backoff", "busy-spin"));
        final int maxHeartBtInt = source.integer("fix.max-heart-bt-int-seconds");
        final DoorLimits limits = doorLimits(source, "fix.");
        final List<DropCopySessionConfig> dropCopies = dropCopySessions(source, compId, sessions);
        return gatewayConfig(source, "fix.", () -> new FixGatewayConfig(bindAddress, port, compId, dataDir, sessions,
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
                    warnings.add("fix.drop-copy-session." + dropCopy.compId() + ".firms names " + firm +
                        ", which no session of fix.sessions trades for (fix.session.<ID>.firm): none copied");
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
        final String key = "fix.drop-copy-sessions";
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
            final String prefix = "fix.drop-copy-session." + name + ".";
            final PasswordHash passwordHash = source.passwordHash(prefix);
            final String firmsKey = prefix + "firms";
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
            dropCopies.add(gatewayConfig(source, prefix,
                () -> new DropCopySessionConfig(name, passwordHash, sessionId, ofSession)));
        }
        return dropCopies;
    }

    private static MarketDataGatewayConfig md(final PropertySource source)
    {
        final String compId = source.compId("md.comp-id");
        final List<MdSessionConfig> sessions = new ArrayList<>();
        for (final String name : sessionNames(source, "md.sessions", compId))
        {
            final PasswordHash passwordHash = source.passwordHash("md.session." + name + ".");
            sessions.add(gatewayConfig(source, "md.session." + name + ".",
                () -> new MdSessionConfig(name, passwordHash)));
        }
        final String bindAddress = source.bindAddress("md.bind-address");
        final int port = source.integer("md.port");
        final int heartbeat = source.integer("md.heartbeat-interval-seconds");
        final int maxDepth = source.integer("md.max-depth");
        final int queueLimit = source.integer("md.outbound-queue-limit-messages");
        final MdIdleMode idleMode =
            source.choice("md.idle-strategy", MdIdleMode.class, List.of("block", "busy-spin"));
        final int maxSubscriptions = source.integer("md.max-subscriptions-per-session");
        final DoorLimits limits = doorLimits(source, "md.");
        final int snapshotsPerSecond = source.integer("md.max-snapshot-requests-per-second");
        return gatewayConfig(source, "md.", () -> new MarketDataGatewayConfig(bindAddress, port, compId, sessions,
            heartbeat, maxDepth, queueLimit, idleMode, maxSubscriptions, logonLockout(source), limits,
            snapshotsPerSecond));
    }

    /** A door's connection limits: {@code <prefix>max-unauthenticated-connections} and friends. */
    private static DoorLimits doorLimits(final PropertySource source, final String prefix)
    {
        final int unauthenticated = source.integer(prefix + "max-unauthenticated-connections");
        final int perSecond = source.integer(prefix + "max-new-connections-per-second-per-address");
        final int logonTimeoutMs = source.integer(prefix + "logon-timeout-ms");
        return gatewayConfig(source, prefix,
            () -> new DoorLimits(prefix, unauthenticated, perSecond, logonTimeoutMs));
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
        catch (final IllegalArgumentException ex)
        {
            final String key = ex.getMessage().substring(0, ex.getMessage().indexOf(' '));
            throw source.bad(key, source.raw(key), ex.getMessage().substring(key.length() + 1));
        }
    }

    /**
     * Builds a gateway's config record, whose constructor holds the valid ranges (here they would drift), and
     * refuses what it refuses as a {@link ConfigException} naming the operator's key ({@link GatewayConfigKeys}).
     *
     * @param keyPrefix the keys of what is built: {@code fix.}, {@code md.} or a session's
     *                  {@code fix.session.<ID>.}
     */
    private static <T> T gatewayConfig(final PropertySource source, final String keyPrefix, final Supplier<T> build)
    {
        try
        {
            return build.get();
        }
        catch (final IllegalArgumentException ex)
        {
            throw GatewayConfigKeys.refusal(source, keyPrefix, ex.getMessage());
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
        if (fix.port() != 0 && fix.port() == md.port())
        {
            throw source.bad("md.port", String.valueOf(md.port()), "is also fix.port");
        }
        if (metrics.port() != 0 && (metrics.port() == fix.port() || metrics.port() == md.port()))
        {
            throw source.bad("metrics.port", String.valueOf(metrics.port()), "is also used by fix.port or md.port");
        }
    }

    /**
     * A door's TLS listener: {@code <prefix>tls-port} empty or 0 is none; otherwise its certificate and key files
     * must be set and readable (their contents are decoded when the door starts, which refuses bad ones by key).
     */
    private static TlsListenerConfig tls(final PropertySource source, final String prefix)
    {
        final String portKey = prefix + "tls-port";
        final String port = source.optionalString(portKey, "0");
        for (final String file : new String[] {"tls.cert-file", "tls.key-file", "tls.client-ca-file"})
        {
            source.raw(prefix + file); // known keys whether or not the listener is on
        }
        if ("0".equals(port))
        {
            return TlsListenerConfig.off(prefix);
        }
        final int tlsPort = source.intValue(portKey, 1, 65_535);
        final Path cert = readableFile(source, prefix + "tls.cert-file", portKey);
        final Path key = readableFile(source, prefix + "tls.key-file", portKey);
        final Path clientCa = source.optionalString(prefix + "tls.client-ca-file", "").isEmpty() ? null :
            readableFile(source, prefix + "tls.client-ca-file", portKey);
        return gatewayConfig(source, prefix, () -> new TlsListenerConfig(prefix, tlsPort, cert, key, clientCa));
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
        for (final int taken : new int[] {fix.port(), md.port(), metrics.port(), mdTls})
        {
            if (fixTls > 0 && fixTls == taken)
            {
                throw source.bad("fix.tls-port", String.valueOf(fixTls),
                    "is also used by fix.port, md.port, metrics.port or md.tls-port");
            }
        }
        for (final int taken : new int[] {fix.port(), md.port(), metrics.port()})
        {
            if (mdTls > 0 && mdTls == taken)
            {
                throw source.bad("md.tls-port", String.valueOf(mdTls),
                    "is also used by fix.port, md.port or metrics.port");
            }
        }
    }

    private static String firstWord(final String message)
    {
        final int space = message.indexOf(' ');
        return space < 0 ? message : message.substring(0, space);
    }
}
