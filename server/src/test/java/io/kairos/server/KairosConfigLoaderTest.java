package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.kairos.access.LockoutConfig;
import io.kairos.access.PasswordHash;
import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterTimeouts;
import io.kairos.cluster.MemberEndpoint;
import io.kairos.cluster.Replication;
import io.kairos.engine.ConfigValueException;
import io.kairos.engine.Instrument;
import io.kairos.engine.JournalMode;
import io.kairos.engine.JournalStage;
import io.kairos.engine.Prices;
import io.kairos.engine.SelfTradePrevention;
import io.kairos.engine.WaitStrategyType;
import io.kairos.fix.DropCopySessionConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.fix.IdleMode;
import io.kairos.md.MdSessionConfig;
import io.kairos.md.MdIdleMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KairosConfigLoaderTest
{
    private static final String A_HASH = PasswordHash.create("a".toCharArray(), PasswordHash.MIN_ITERATIONS).encoded();
    private static final String B_HASH = PasswordHash.create("b".toCharArray(), PasswordHash.MIN_ITERATIONS).encoded();
    private static final String S3CRET_HASH =
        PasswordHash.create("s3cret".toCharArray(), PasswordHash.MIN_ITERATIONS).encoded();

    private static void assertSession(final FixSessionConfig session, final String compId, final String password,
        final int sessionId, final boolean cancelOnDisconnect)
    {
        assertEquals(compId, session.compId());
        assertEquals(sessionId, session.sessionId());
        assertEquals(cancelOnDisconnect, session.cancelOnDisconnect());
        assertTrue(session.passwordHash().matches(password.toCharArray(), password.length()), compId);
    }

    @TempDir
    Path dir;

    @Test
    void shouldServeTheDefaultContractWithoutAnyFile()
    {
        final KairosConfig config =
            KairosConfigLoader.load(null, Map.of(), new CpuBudget(List.of(0, 1), Double.POSITIVE_INFINITY));

        assertEquals("127.0.0.1", config.fix().bindAddress());
        assertEquals(9880, config.fix().port());
        assertEquals("KAIROS", config.fix().compId());
        assertEquals(10, config.fix().sessions().size());
        assertSession(config.fix().sessions().get(0), "CLIENT01", "client01pass", 1, false);
        assertSession(config.fix().sessions().get(9), "CLIENT10", "client10pass", 10, false);
        assertEquals(600_000, config.fix().sessions().get(0).passwordHash().iterations());
        assertEquals(LockoutConfig.defaults(), config.fix().logonLockout());
        assertEquals(LockoutConfig.defaults(), config.md().logonLockout());
        assertEquals(150, config.fix().throttleMessagesPerSecond());
        assertEquals(450, config.fix().throttleDisconnectAfterRejects());
        assertEquals(30, config.fix().heartbeatIntervalSeconds());
        assertEquals(Path.of("data/fix"), config.fix().dataDir());
        assertEquals(9881, config.md().port());
        assertEquals("KAIROS-MD", config.md().compId());
        assertEquals("MD07", config.md().sessions().get(6).compId());
        assertTrue(config.md().sessions().get(6).passwordHash().matches("md07pass".toCharArray(), 8));
        assertEquals(10, config.md().maxDepth());
        assertEquals(100, config.md().maxSubscriptionsPerSession());
        assertEquals(10_000, config.md().outboundQueueLimitMessages());
        assertEquals(new MetricsSettings("127.0.0.1", 9090), config.metrics());
        assertEquals(2, config.engine().partitionCount());
        assertEquals(List.of(), config.engine().hostedPartitions());
        assertEquals(JournalMode.SYNC, config.engine().journalMode());
        assertEquals(Path.of("data/journal"), config.engine().journalDir());
        assertEquals(WaitStrategyType.PARKING, config.engine().waitStrategy());
        assertEquals(JournalStage.INLINE, config.engine().journalStage());
        assertEquals(MdIdleMode.BLOCK, config.md().idleMode());
        assertEquals(Threading.COMPACT, config.threading());
        assertTrue(config.cpuAffinity().isEmpty());
        assertEquals(SelfTradePrevention.OFF, config.engine().selfTradePrevention());
        assertEquals(6, config.engine().instruments().instruments().size());
        assertEquals(new Instrument("AAPL", 1, 0, Prices.parse("0.01"), 1, Prices.parse("190"), 10),
            config.engine().instruments().bySymbol("AAPL"));
        assertEquals(List.of(), config.warnings());
    }

    @Test
    void shouldLetTheFileOverrideDefaultsAndTheEnvironmentOverrideTheFile() throws IOException
    {
        final Path file = write("fix.port=7001\nmd.port=7002\njournal.mode=async\nengine.wait-strategy=busy-spin\n");
        final Map<String, String> env = Map.of(
            "KAIROS_MD_PORT", "7003",
            "KAIROS_FIX_SESSION_CLIENT02_PASSWORD_HASH", S3CRET_HASH,
            "KAIROS_ENGINE_SELF_TRADE_PREVENTION", "cancel-resting",
            "KAIROS_JOURNAL_STAGE", "separate",
            "KAIROS_FIX_IDLE_STRATEGY", "busy-spin",
            "KAIROS_MD_IDLE_STRATEGY", "busy-spin",
            "KAIROS_SERVER_THREADING", "dedicated",
            "KAIROS_SERVER_CPU_AFFINITY", "kairos-hot=0 kairos-matcher=0-1");

        final KairosConfig config = KairosConfigLoader.load(file, env);

        assertEquals(7001, config.fix().port());
        assertEquals(7003, config.md().port());
        assertTrue(config.fix().sessions().get(1).passwordHash().matches("s3cret".toCharArray(), 6));
        assertEquals(JournalMode.ASYNC, config.engine().journalMode());
        assertEquals(WaitStrategyType.BUSY_SPIN, config.engine().waitStrategy());
        assertEquals(SelfTradePrevention.CANCEL_RESTING, config.engine().selfTradePrevention());
        assertEquals(JournalStage.SEPARATE, config.engine().journalStage());
        assertEquals(IdleMode.BUSY_SPIN, config.fix().idleMode());
        assertEquals(MdIdleMode.BUSY_SPIN, config.md().idleMode());
        assertEquals(Threading.DEDICATED, config.threading());
        assertEquals("kairos-hot=0 kairos-matcher=0-1", config.cpuAffinity().toString());
        assertEquals(file.toString(), config.source());
    }

    @Test
    void shouldReadTheFileNamedByKairosConfigWhenNoOptionIsGiven() throws IOException
    {
        final Path file = write("fix.comp-id=VENUE\n");

        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_CONFIG", file.toString()));

        assertEquals("VENUE", config.fix().compId());
    }

    @Test
    void shouldReplaceSessionsAndInstrumentsWhenTheFileListsItsOwn() throws IOException
    {
        final Path file = write("""
            fix.sessions=ALPHA,BETA
            fix.session.ALPHA.password-hash=%s
            fix.session.ALPHA.cancel-on-disconnect=true
            fix.session.BETA.password-hash=%s
            fix.session.BETA.cancel-on-disconnect=false
            instruments=XYZ
            instrument.XYZ.id=77
            instrument.XYZ.partition=1
            instrument.XYZ.tick-size=0.5
            instrument.XYZ.lot-size=100
            instrument.XYZ.reference-price=10.5
            instrument.XYZ.price-band-percent=0
            """.formatted(A_HASH, B_HASH));

        final KairosConfig config = KairosConfigLoader.load(file, Map.of());

        assertEquals(2, config.fix().sessions().size());
        assertSession(config.fix().sessions().get(0), "ALPHA", "a", 1, true);
        assertSession(config.fix().sessions().get(1), "BETA", "b", 2, false);
        assertEquals(List.of(new Instrument("XYZ", 77, 1, 500_000, 100, 10_500_000, 0)),
            config.engine().instruments().instruments());
    }

    @Test
    void shouldRefuseABadPortNamingTheKeyTheValueAndWhereItCameFrom()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_FIX_PORT", "98x0")));

        assertEquals("fix.port", ex.key());
        assertTrue(ex.getMessage().contains("'98x0'"), ex.getMessage());
        assertTrue(ex.getMessage().contains("KAIROS_FIX_PORT"), ex.getMessage());
    }

    @Test
    void shouldRefuseAnUnknownKeyInTheFile() throws IOException
    {
        final Path file = write("fix.prot=9999\n");

        final ConfigException ex = assertThrows(ConfigException.class, () -> KairosConfigLoader.load(file, Map.of()));

        assertEquals("fix.prot", ex.key());
    }

    @Test
    void shouldRefuseSettingsOfASessionThatIsNotListed() throws IOException
    {
        final Path file = write("fix.session.CLIENT99.password-hash=" + A_HASH + "\n");

        assertEquals("fix.session.CLIENT99.password-hash",
            assertThrows(ConfigException.class, () -> KairosConfigLoader.load(file, Map.of())).key());
    }

    @Test
    void shouldRefuseAListedSessionWithoutPassword()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_FIX_SESSIONS", "CLIENT01,NEWBIE")));

        assertEquals("fix.session.NEWBIE.password-hash", ex.key());
        assertTrue(ex.getMessage().contains("KAIROS_FIX_SESSION_NEWBIE_PASSWORD_HASH"), ex.getMessage());
    }

    @Test
    void shouldRefuseValuesTheEngineCannotUse()
    {
        assertRefused("instrument.AAPL.tick-size", "KAIROS_INSTRUMENT_AAPL_TICK_SIZE", "0.0000001");
        assertRefused("instrument.AAPL.reference-price", "KAIROS_INSTRUMENT_AAPL_TICK_SIZE", "0.3");
        assertRefused("instrument.MSFT.id", "KAIROS_INSTRUMENT_MSFT_ID", "1");
        assertRefused("instrument.MSFT.partition", "KAIROS_ENGINE_PARTITION_COUNT", "1");
        assertRefused("engine.ring-size", "KAIROS_ENGINE_RING_SIZE", "1000");
        assertRefused("journal.segment-bytes", "KAIROS_JOURNAL_SEGMENT_BYTES", "1024");
        assertRefused("journal.mode", "KAIROS_JOURNAL_MODE", "sometimes");
        assertRefused("engine.hosted-partitions", "KAIROS_ENGINE_HOSTED_PARTITIONS", "0,7");
        assertRefused("fix.session.CLIENT03.cancel-on-disconnect", "KAIROS_FIX_SESSION_CLIENT03_CANCEL_ON_DISCONNECT",
            "yes");
        assertRefused("fix.sessions", "KAIROS_FIX_SESSIONS", "CLIENT01,CLIENT01");
        assertRefused("md.port", "KAIROS_MD_PORT", "9880");
        assertRefused("fix.comp-id", "KAIROS_FIX_COMP_ID", "A=B");
        assertRefused("fix.idle-strategy", "KAIROS_FIX_IDLE_STRATEGY", "sleepy");
        assertRefused("md.idle-strategy", "KAIROS_MD_IDLE_STRATEGY", "backoff");
        assertRefused("server.threading", "KAIROS_SERVER_THREADING", "shared");
        assertRefused("server.cpu-affinity", "KAIROS_SERVER_CPU_AFFINITY", "kairos-hot");
        assertRefused("md.max-subscriptions-per-session", "KAIROS_MD_MAX_SUBSCRIPTIONS_PER_SESSION", "0");
        assertRefused("fix.max-heart-bt-int-seconds", "KAIROS_FIX_MAX_HEART_BT_INT_SECONDS", "0");
        assertRefused("instrument.AAPL.max-order-qty", "KAIROS_INSTRUMENT_AAPL_MAX_ORDER_QTY", "1000000001");
        assertRefused("instrument.AAPL.max-notional", "KAIROS_INSTRUMENT_AAPL_MAX_NOTIONAL", "0");
        assertRefused("instrument.AAPL.max-notional", "KAIROS_INSTRUMENT_AAPL_MAX_NOTIONAL", "1e6");
        assertRefused("md.max-subscriptions-per-session", "KAIROS_MD_MAX_SUBSCRIPTIONS_PER_SESSION", "1e3");
    }

    @Test
    void shouldReadAClusterMembersSettingsAndRefuseWhatAClusterCannotUse()
    {
        final Map<String, String> member = new HashMap<>(Map.of("KAIROS_ENGINE_REPLICATION", "cluster",
            "KAIROS_CLUSTER_MEMBERS", "10.0.1.5:9100,10.0.2.5:9100,10.0.3.5:9100", "KAIROS_CLUSTER_MEMBER_ID", "2",
            "KAIROS_CLUSTER_CLIENT_SECRET", "sixteen-chars-at-least"));
        final ClusterConfig cluster = KairosConfigLoader.load(null, member).cluster();
        assertEquals(Replication.CLUSTER, cluster.replication());
        assertEquals(new MemberEndpoint("10.0.3.5", 9100), cluster.members().get(2));
        assertEquals(2, cluster.memberId());
        assertTrue(cluster.fileSync(), "the log is forced to disk by default");
        assertEquals(ClusterTimeouts.DEFAULTS, cluster.timeouts(), "sub-second failover by default");
        assertEquals("(secret)", String.valueOf(cluster.clientSecret()), "never printed");
        member.put("KAIROS_CLUSTER_LEADER_HEARTBEAT_TIMEOUT_MS", "2000");
        member.put("KAIROS_CLUSTER_LEADER_HEARTBEAT_INTERVAL_MS", "200");
        member.put("KAIROS_CLUSTER_ELECTION_TIMEOUT_MS", "1000");
        assertEquals(ClusterTimeouts.ofMillis(2000, 200, 1000), KairosConfigLoader.load(null, member).cluster()
            .timeouts(), "the settings for a noisy host");
        assertEquals(Replication.NONE, KairosConfigLoader.load(null, Map.of()).cluster().replication());

        assertEquals("engine.replication", refused(member, "KAIROS_ENGINE_REPLICATION", "raft"));
        assertEquals("cluster.members", refused(member, "KAIROS_CLUSTER_MEMBERS", "10.0.1.5:9100,10.0.2.5:9100"));
        assertEquals("cluster.members", refused(member, "KAIROS_CLUSTER_MEMBERS", "a:1,b:2,c"));
        assertEquals("cluster.members", refused(member, "KAIROS_CLUSTER_MEMBERS",
            "127.0.0.1:9100,127.0.0.1:9103,127.0.0.1:9110"));
        assertEquals("cluster.member-id", refused(member, "KAIROS_CLUSTER_MEMBER_ID", "3"));
        assertEquals("cluster.member-id", refused(member, "KAIROS_CLUSTER_MEMBER_ID", "one"));
        assertEquals("cluster.file-sync", refused(member, "KAIROS_CLUSTER_FILE_SYNC", "always"));
        assertEquals("cluster.history-commands", refused(member, "KAIROS_CLUSTER_HISTORY_COMMANDS", "0"));
        assertEquals("cluster.member-id", refused(Map.of(), "KAIROS_CLUSTER_MEMBER_ID", "0"),
            "a member id without engine.replication=cluster");
        assertEquals("cluster.leader-heartbeat-timeout-ms",
            refused(member, "KAIROS_CLUSTER_LEADER_HEARTBEAT_TIMEOUT_MS", "700"), "fewer than 4 heartbeats");
        assertEquals("cluster.leader-heartbeat-interval-ms",
            refused(member, "KAIROS_CLUSTER_LEADER_HEARTBEAT_INTERVAL_MS", "5"));
        assertEquals("cluster.election-timeout-ms", refused(member, "KAIROS_CLUSTER_ELECTION_TIMEOUT_MS", "50"));
        assertEquals("cluster.election-timeout-ms", refused(member, "KAIROS_CLUSTER_ELECTION_TIMEOUT_MS", "soon"));
    }

    @Test
    void shouldReadTheOperatorsAndRefuseOneWithoutATokenHashOrWithTheTokenItselfWithoutPrintingIt()
    {
        final String hash = "ab".repeat(32);
        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_ADMIN_OPERATORS", "alice,bob",
            "KAIROS_ADMIN_OPERATOR_ALICE_TOKEN_HASH", hash, "KAIROS_ADMIN_OPERATOR_BOB_TOKEN_HASH", "CD".repeat(32)));
        final ConfigException missing = assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null,
            Map.of("KAIROS_ADMIN_OPERATORS", "alice")));
        final ConfigException token = assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null,
            Map.of("KAIROS_ADMIN_OPERATORS", "alice", "KAIROS_ADMIN_OPERATOR_ALICE_TOKEN_HASH", "my-secret-token")));
        final ConfigException twice = assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null,
            Map.of("KAIROS_ADMIN_OPERATORS", "alice,alice", "KAIROS_ADMIN_OPERATOR_ALICE_TOKEN_HASH", hash)));

        assertEquals(List.of("alice", "bob"), List.copyOf(config.admin().tokenHashes().keySet()));
        assertEquals("cd".repeat(32), config.admin().tokenHashes().get("bob"));
        assertFalse(KairosConfigLoader.load(null, Map.of()).admin().enabled(), "off unless operators are listed");
        assertEquals("admin.operator.alice.token-hash", missing.key());
        assertEquals("admin.operator.alice.token-hash", token.key());
        assertFalse(token.getMessage().contains("my-secret-token"), token.getMessage());
        assertEquals("admin.operators", twice.key());
        final String printed = ConfigPrinter.describe(config);
        assertTrue(printed.contains("admin: operators alice,bob (token hashes not shown)"), printed);
        assertFalse(printed.contains(hash), printed);
    }

    @Test
    void shouldRequireAClusterClientSecretWithoutEverPrintingIt()
    {
        final Map<String, String> gateway = new HashMap<>(Map.of("KAIROS_ENGINE_REPLICATION", "cluster",
            "KAIROS_CLUSTER_MEMBERS", "10.0.1.5:9100,10.0.2.5:9100,10.0.3.5:9100"));

        final ConfigException missing = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, gateway));
        gateway.put("KAIROS_CLUSTER_CLIENT_SECRET", "short-Secret-99");
        final ConfigException tooShort = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, gateway));

        assertEquals("cluster.client-secret", missing.key());
        assertEquals("cluster.client-secret", tooShort.key());
        assertTrue(tooShort.getMessage().contains("at least 16 characters"), tooShort.getMessage());
        assertFalse(tooShort.getMessage().contains("short-Secret-99"), "the value is never in a message");
        gateway.put("KAIROS_CLUSTER_CLIENT_SECRET", "a-secret-long-enough");
        final String printed = ConfigPrinter.describe(KairosConfigLoader.load(null, gateway));
        assertFalse(printed.contains("a-secret-long-enough"), printed);
        assertTrue(printed.contains("client-secret=(set, not shown)"), printed);
        assertEquals(null, KairosConfigLoader.load(null, Map.of()).cluster().clientSecret(),
            "not needed without replication");
    }

    @Test
    void shouldAcceptTheShippedPropertiesFileAsTheOperatorsFileWithEveryKeyKnown(@TempDir final Path dir)
        throws IOException
    {
        final Path shipped = dir.resolve("kairos.properties");
        try (java.io.InputStream in = KairosConfigLoader.class.getResourceAsStream("/" +
            KairosConfigLoader.DEFAULTS_RESOURCE))
        {
            Files.copy(in, shipped);
        }

        final KairosConfig config = KairosConfigLoader.load(shipped, Map.of());

        assertEquals(Replication.NONE, config.cluster().replication(), "as the image and the distribution ship it");
        assertEquals(null, config.cluster().clientSecret());
    }

    @Test
    void shouldLeaveTheEventDigestOffUnlessAskedAndRefuseAValueThatIsNoBoolean()
    {
        assertFalse(KairosConfigLoader.load(null, Map.of()).eventDigest(), "off by default");
        assertTrue(KairosConfigLoader.load(null, Map.of("KAIROS_ENGINE_EVENT_DIGEST", "true")).eventDigest());
        assertEquals("engine.event-digest", refused(Map.of(), "KAIROS_ENGINE_EVENT_DIGEST", "yes"));
        assertEquals("engine.event-digest", refused(Map.of("KAIROS_ENGINE_REPLICATION", "cluster",
            "KAIROS_CLUSTER_MEMBERS", "10.0.1.5:9100,10.0.2.5:9100,10.0.3.5:9100",
            "KAIROS_CLUSTER_CLIENT_SECRET", "sixteen-chars-at-least"), "KAIROS_ENGINE_EVENT_DIGEST", "true"),
            "the cluster's client has no engine of its own to digest");
    }

    private static String refused(final Map<String, String> base, final String name, final String value)
    {
        final Map<String, String> env = new HashMap<>(base);
        env.put(name, value);
        return assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, env)).key();
    }

    @Test
    void shouldRefuseAGatewayValueOutOfRangeNamingTheKeyTheValueAndWhereItCameFrom()
    {
        // the gateways' config records hold these ranges; the loader only parses the numbers
        final Map<String, String> outOfRange = new LinkedHashMap<>();
        outOfRange.put("fix.port", "65536");
        outOfRange.put("fix.max-sessions", "100001");
        outOfRange.put("fix.heartbeat-interval-seconds", "3601");
        outOfRange.put("fix.throttle.messages-per-second", "1000001");
        outOfRange.put("fix.throttle.disconnect-after-rejects", "0");
        outOfRange.put("fix.max-heart-bt-int-seconds", "86401");
        outOfRange.put("md.port", "-1");
        outOfRange.put("md.heartbeat-interval-seconds", "0");
        outOfRange.put("md.max-depth", "1001");
        outOfRange.put("md.outbound-queue-limit-messages", "15");
        outOfRange.put("md.max-subscriptions-per-session", "100001");
        outOfRange.forEach((key, value) ->
        {
            final String env = PropertySource.envName(key);
            final ConfigException ex = assertThrows(ConfigException.class, () -> load(env, value), key);
            assertEquals(key, ex.key());
            assertTrue(ex.getMessage().contains("'" + value + "'"), ex.getMessage());
            assertTrue(ex.getMessage().contains(env), ex.getMessage());
        });
        assertEquals("fix.port: value '65536' must be in [0, 65535] (set by environment variable KAIROS_FIX_PORT)",
            assertThrows(ConfigException.class, () -> load("KAIROS_FIX_PORT", "65536")).getMessage());
    }

    @Test
    void shouldRefuseAGatewayValueThatIsNotANumberNamingTheKey()
    {
        for (final String key : List.of("fix.max-sessions", "fix.heartbeat-interval-seconds",
            "fix.throttle.messages-per-second", "fix.throttle.disconnect-after-rejects", "md.port",
            "md.heartbeat-interval-seconds", "md.max-depth", "md.outbound-queue-limit-messages"))
        {
            final ConfigException ex = assertThrows(ConfigException.class,
                () -> load(PropertySource.envName(key), "1x"));
            assertEquals(key, ex.key());
            assertTrue(ex.getMessage().contains("'1x' must be an integer"), ex.getMessage());
        }
    }

    @Test
    void shouldRefuseAClearTextPasswordInTheFileOrTheEnvironmentSayingHowToConvertIt() throws IOException
    {
        final Path file = write("fix.session.CLIENT01.password=client01pass\n");
        final ConfigException fromFile = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(file, Map.of()));
        assertEquals("fix.session.CLIENT01.password", fromFile.key());
        assertTrue(fromFile.getMessage().contains("kairos-server hash-password"), fromFile.getMessage());
        assertTrue(fromFile.getMessage().contains("fix.session.CLIENT01.password-hash"), fromFile.getMessage());
        assertFalse(fromFile.getMessage().contains("client01pass"), fromFile.getMessage());

        final ConfigException fromEnv = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_MD_SESSION_MD01_PASSWORD", "md01pass")));
        assertEquals("md.session.MD01.password", fromEnv.key());
        assertTrue(fromEnv.getMessage().contains("KAIROS_MD_SESSION_MD01_PASSWORD_HASH"), fromEnv.getMessage());
        assertFalse(fromEnv.getMessage().contains("md01pass"), fromEnv.getMessage());
    }

    @Test
    void shouldRefuseAPasswordHashThatIsNotOneWithoutEchoingIt()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_FIX_SESSION_CLIENT03_PASSWORD_HASH", "client03pass")));
        assertEquals("fix.session.CLIENT03.password-hash", ex.key());
        assertTrue(ex.getMessage().contains("pbkdf2-sha256$<iterations>"), ex.getMessage());
        assertFalse(ex.getMessage().contains("client03pass"), ex.getMessage());
        final String cheap = "pbkdf2-sha256$10$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        final ConfigException tooCheap = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_MD_SESSION_MD02_PASSWORD_HASH", cheap)));
        assertTrue(tooCheap.getMessage().contains("iterations must be in [1000, 10000000]"), tooCheap.getMessage());
    }

    @Test
    void shouldNeverPrintAPasswordHashWhenCheckingTheConfig()
    {
        final String printed = ConfigPrinter.describe(KairosConfigLoader.load(null, Map.of()));
        assertFalse(printed.contains("pbkdf2"), printed);
        assertTrue(printed.contains("session CLIENT01 id=1 password=***"), printed);
        assertTrue(printed.contains("logon: max-failures-per-comp-id=5 max-failures-per-address=20 lockout=900s"),
            printed);
    }

    @Test
    void shouldRefuseBadLockoutSettingsNamingTheKey()
    {
        for (final String key : List.of("logon.max-failures-per-comp-id", "logon.max-failures-per-address",
            "logon.lockout-seconds", "logon.max-tracked-addresses", "logon.verify-queue-capacity"))
        {
            final ConfigException ex = assertThrows(ConfigException.class,
                () -> KairosConfigLoader.load(null, Map.of(PropertySource.envName(key), "0")));
            assertEquals(key, ex.key());
        }
        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_LOGON_MAX_FAILURES_PER_ADDRESS", "7",
            "KAIROS_LOGON_LOCKOUT_SECONDS", "60"));
        assertEquals(7, config.md().logonLockout().maxFailuresPerHost());
        assertEquals(60_000, config.fix().logonLockout().lockoutMs());
    }

    /** A drop copy DC01 for FIRM1 (password "a"), as the shipped file's commented example sets one. */
    private static Map<String, String> withDc01(final Map<String, String> env)
    {
        final Map<String, String> all = new HashMap<>(Map.of("KAIROS_FIX_DROP_COPY_SESSIONS", "DC01",
            "KAIROS_FIX_DROP_COPY_SESSION_DC01_PASSWORD_HASH", A_HASH,
            "KAIROS_FIX_DROP_COPY_SESSION_DC01_FIRMS", "FIRM1"));
        all.putAll(env);
        return all;
    }

    @Test
    void shouldShipNoDropCopySessionAndReadOneForFirm1()
    {
        assertEquals(List.of(), KairosConfigLoader.load(null, Map.of()).fix().dropCopySessions(),
            "none shipped: a drop copy nobody logs on as would hold its copies in memory");
        final KairosConfig config = KairosConfigLoader.load(null, withDc01(Map.of()));

        assertEquals(1, config.fix().dropCopySessions().size());
        final DropCopySessionConfig dc01 = config.fix().dropCopySessions().get(0);
        assertEquals("DC01", dc01.compId());
        assertEquals(List.of("FIRM1"), dc01.firms());
        assertEquals(DropCopySessionConfig.sessionIdAt(0), dc01.sessionId());
        assertTrue(dc01.passwordHash().matches("a".toCharArray(), 1));
        final String printed = ConfigPrinter.describe(config);
        assertTrue(printed.contains("drop-copy session DC01 password=*** firms=FIRM1"), printed);
    }

    @Test
    void shouldReadDropCopySessionsAndTheirFirms()
    {
        final KairosConfig config = KairosConfigLoader.load(null, withDc01(Map.of(
            "KAIROS_FIX_DROP_COPY_SESSIONS", "DC01,BACKOFFICE",
            "KAIROS_FIX_DROP_COPY_SESSION_BACKOFFICE_PASSWORD_HASH", A_HASH,
            "KAIROS_FIX_DROP_COPY_SESSION_BACKOFFICE_FIRMS", "FIRM2, FIRM1")));

        final DropCopySessionConfig backOffice = config.fix().dropCopySessions().get(1);
        assertEquals("BACKOFFICE", backOffice.compId());
        assertEquals(List.of("FIRM2", "FIRM1"), backOffice.firms());
        assertEquals(DropCopySessionConfig.sessionIdAt(1), backOffice.sessionId());
        assertTrue(backOffice.passwordHash().matches("a".toCharArray(), 1));
        assertEquals(List.of(), config.warnings());
        assertEquals(List.of(), KairosConfigLoader.load(null, Map.of("KAIROS_FIX_DROP_COPY_SESSIONS", ""))
            .fix().dropCopySessions());
    }

    @Test
    void shouldRefuseBadDropCopySessionsNamingTheKey()
    {
        final Map<String, String> cases = new LinkedHashMap<>();
        cases.put("fix.drop-copy-sessions", "KAIROS_FIX_DROP_COPY_SESSIONS=CLIENT01");
        cases.put("fix.drop-copy-sessions ", "KAIROS_FIX_DROP_COPY_SESSIONS=KAIROS");
        cases.put("fix.drop-copy-sessions  ", "KAIROS_FIX_DROP_COPY_SESSIONS=DC01,DC01");
        cases.put("fix.drop-copy-sessions   ", "KAIROS_FIX_DROP_COPY_SESSIONS=A B");
        cases.put("fix.drop-copy-session.DC01.firms", "KAIROS_FIX_DROP_COPY_SESSION_DC01_FIRMS=");
        cases.put("fix.drop-copy-session.DC01.firms ", "KAIROS_FIX_DROP_COPY_SESSION_DC01_FIRMS=FIRM1,FIRM1");
        cases.put("fix.drop-copy-session.DC01.firms  ", "KAIROS_FIX_DROP_COPY_SESSION_DC01_FIRMS=FIRM 1");
        cases.put("fix.drop-copy-session.DC01.password-hash", "KAIROS_FIX_DROP_COPY_SESSION_DC01_PASSWORD_HASH=x");
        cases.put("fix.drop-copy-session.DC01.password", "KAIROS_FIX_DROP_COPY_SESSION_DC01_PASSWORD=dc01pass");
        cases.forEach((key, variable) ->
        {
            final String[] nameValue = variable.split("=", 2);
            final Map<String, String> env = withDc01(Map.of(nameValue[0], nameValue[1]));
            final ConfigException ex = assertThrows(ConfigException.class,
                () -> KairosConfigLoader.load(null, env), variable);
            assertEquals(key.trim(), ex.key(), ex.getMessage());
            assertFalse(ex.getMessage().contains("dc01pass"), ex.getMessage());
        });
    }

    @Test
    void shouldWarnAboutADropCopyFirmThatNoSessionTradesFor()
    {
        final KairosConfig config = KairosConfigLoader.load(null, withDc01(Map.of(
            "KAIROS_FIX_DROP_COPY_SESSION_DC01_FIRMS", "FIRM1,FRIM2")));

        assertEquals(List.of("fix.drop-copy-session.DC01.firms names FRIM2, which no session of fix.sessions trades " +
            "for (fix.session.<ID>.firm): none copied"), config.warnings());
    }

    @Test
    void shouldNameTheSessionsListWhenAGatewayRefusesASessionsCompId()
    {
        final PropertySource source = new PropertySource(KairosConfigLoader.embeddedDefaults(), null, "test", Map.of());
        final ConfigValueException fixRefusal = assertThrows(ConfigValueException.class,
            () -> FixSessionConfig.withPassword("A B", "p", 1, false));
        final ConfigValueException mdRefusal = assertThrows(ConfigValueException.class,
            () -> MdSessionConfig.withPassword("A B", "p"));

        assertEquals("fix.sessions", GatewayConfigKeys.refusal(source, fixRefusal).key());
        assertEquals("md.sessions", GatewayConfigKeys.refusal(source, mdRefusal).key());
        assertEquals("A B", fixRefusal.entry(), "the session, as data");
        assertEquals("A B", mdRefusal.entry(), "the session, as data");
        assertEquals("comp-id", fixRefusal.field(), "the field, as data");
        assertEquals("comp-id", mdRefusal.field(), "the field, as data");
        assertEquals("session A B comp-id must be printable ASCII without '='", fixRefusal.getMessage());
    }

    @Test
    void shouldWarnAboutEnvironmentVariablesThatMatchNoKey()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_FIX_PROT", "1", "KAIROS_CONFIG", ""));

        assertEquals(List.of("environment variable KAIROS_FIX_PROT matches no configuration key; ignored"),
            config.warnings());
    }

    @Test
    void shouldNameTheEnvironmentVariableOfAKey()
    {
        assertEquals("KAIROS_FIX_BIND_ADDRESS", PropertySource.envName("fix.bind-address"));
        assertEquals("KAIROS_FIX_THROTTLE_MESSAGES_PER_SECOND",
            PropertySource.envName("fix.throttle.messages-per-second"));
        assertEquals("KAIROS_INSTRUMENT_AAPL_REFERENCE_PRICE",
            PropertySource.envName("instrument.AAPL.reference-price"));
    }

    @Test
    void shouldRefuseAMissingConfigFile()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(dir.resolve("nope.properties"), Map.of()));

        assertTrue(ex.getMessage().contains("nope.properties"), ex.getMessage());
        assertFalse(ex.getMessage().isEmpty());
    }

    @Test
    void shouldReadTheManagementEndpointLimitsAndRefuseBadOnesNamingTheKey()
    {
        final String hash = "9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08";
        final KairosConfig config = KairosConfigLoader.load(null, Map.of("KAIROS_METRICS_REQUEST_TIMEOUT_MS", "250",
            "KAIROS_METRICS_MAX_CONNECTIONS", "3", "KAIROS_METRICS_BEARER_TOKEN_HASH", hash));
        assertEquals(new MetricsSettings("127.0.0.1", 9090, 250, 3, hash.toLowerCase(Locale.ROOT)),
            config.metrics());
        assertEquals(12, config.metrics().connectionCeiling());
        assertRefused("metrics.request-timeout-ms", "KAIROS_METRICS_REQUEST_TIMEOUT_MS", "99");
        assertRefused("metrics.request-timeout-ms", "KAIROS_METRICS_REQUEST_TIMEOUT_MS", "600001");
        assertRefused("metrics.max-connections", "KAIROS_METRICS_MAX_CONNECTIONS", "0");
        assertRefused("metrics.max-connections", "KAIROS_METRICS_MAX_CONNECTIONS", "10001");
        assertRefused("metrics.bearer-token-hash", "KAIROS_METRICS_BEARER_TOKEN_HASH", hash.substring(1));
        // the token itself pasted in place of its hash: refused, and not repeated in the message
        final ConfigException pasted = assertThrows(ConfigException.class,
            () -> load("KAIROS_METRICS_BEARER_TOKEN_HASH", "my-secret-token"));
        assertEquals("metrics.bearer-token-hash", pasted.key());
        assertFalse(pasted.getMessage().contains("my-secret-token"), pasted.getMessage());
        assertTrue(pasted.getMessage().contains("sha256sum"), pasted.getMessage());
    }

    /** {@code name=value} in the environment is refused with a {@link ConfigException} naming {@code key}. */
    private void assertRefused(final String key, final String name, final String value)
    {
        assertEquals(key, assertThrows(ConfigException.class, () -> load(name, value)).key(), name + "=" + value);
    }

    private KairosConfig load(final String name, final String value)
    {
        final Map<String, String> env = new HashMap<>();
        env.put(name, value);
        return KairosConfigLoader.load(null, env);
    }

    private Path write(final String content) throws IOException
    {
        final Path file = dir.resolve("kairos.properties");
        Files.writeString(file, content);
        return file;
    }
}
