package io.kairos.server;

import java.util.concurrent.TimeUnit;

import io.kairos.access.DoorLimits;
import io.kairos.access.LockoutConfig;
import io.kairos.access.TlsListenerConfig;
import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.Replication;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.Prices;
import io.kairos.fix.DropCopySessionConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.fix.FixSessionConfig;
import io.kairos.md.MarketDataGatewayConfig;

/**
 * Renders the effective configuration for {@code --check-config}: a summary per component, then every key of the
 * key table ({@link ConfigKeys}) with its effective value, each per-entry key once per entry of its list; what the
 * table marks secret (password and token hashes, the cluster's secret) is never shown. Stateless.
 */
final class ConfigPrinter
{
    private ConfigPrinter()
    {
    }

    /** A choice as the configuration spells it ({@code BUSY_SPIN} → {@code busy-spin}). */
    private static String spelling(final Enum<?> choice)
    {
        return ConfigKeys.spelling(choice);
    }

    private static void appendTls(final StringBuilder text, final String door, final TlsListenerConfig tls)
    {
        text.append(door).append(" tls: ");
        if (!tls.enabled())
        {
            text.append("off\n");
            return;
        }
        text.append("port=").append(tls.port()).append(" cert-file=").append(tls.certFile()).append(" key-file=")
            .append(tls.keyFile()).append(" client-ca-file=").append(tls.mutual() ? tls.clientCaFile() : "(none)")
            .append('\n');
    }

    static String describe(final KairosConfig config)
    {
        final StringBuilder text = new StringBuilder(1024);
        text.append("configuration OK (").append(config.source()).append(")\n");
        text.append("server: threading=").append(spelling(config.threading())).append(" (")
            .append(config.threadingChoice().reason()).append(") cpu-affinity=").append(config.cpuAffinity())
            .append('\n');
        final FixGatewayConfig fix = config.fix();
        text.append("fix: ").append(fix.bindAddress()).append(':').append(fix.port())
            .append(" comp-id=").append(fix.compId())
            .append(" data-dir=").append(fix.dataDir()).append(" max-sessions=").append(fix.maxSessions())
            .append(" heartbeat=").append(fix.heartbeatIntervalSeconds()).append("s throttle=")
            .append(fix.throttleMessagesPerSecond()).append("/s disconnect-after=")
            .append(fix.throttleDisconnectAfterRejects())
            .append(" idle=").append(spelling(fix.idleMode()))
            .append(" max-heart-bt-int=").append(fix.maxHeartBtIntSeconds()).append('s')
            .append('\n');
        for (final FixSessionConfig session : fix.sessions())
        {
            text.append("  session ").append(session.compId()).append(" id=").append(session.sessionId())
                .append(" password=*** cancel-on-disconnect=").append(session.cancelOnDisconnect())
                .append(" firm=").append(session.firm()).append('\n');
        }
        for (final DropCopySessionConfig dropCopy : fix.dropCopySessions())
        {
            text.append("  drop-copy session ").append(dropCopy.compId()).append(" password=*** firms=")
                .append(String.join(",", dropCopy.firms())).append('\n');
        }
        final MarketDataGatewayConfig md = config.md();
        text.append("md: ").append(md.bindAddress()).append(':').append(md.port())
            .append(" comp-id=").append(md.compId())
            .append(" max-depth=").append(md.maxDepth())
            .append(" outbound-queue-limit=").append(md.outboundQueueLimitMessages())
            .append(" max-subscriptions-per-session=").append(md.maxSubscriptionsPerSession())
            .append(" idle=").append(spelling(md.idleMode()))
            .append(" sessions=");
        md.sessions().forEach(s -> text.append(s.compId()).append(' '));
        text.append('\n');
        final LockoutConfig lockout = fix.logonLockout();
        text.append("logon: max-failures-per-comp-id=").append(lockout.maxFailuresPerCompId())
            .append(" max-failures-per-address=").append(lockout.maxFailuresPerHost())
            .append(" lockout=").append(lockout.lockoutMs() / 1_000).append('s')
            .append(" max-tracked-addresses=").append(lockout.maxTrackedHosts())
            .append(" verify-queue-capacity=").append(lockout.verifyQueueCapacity()).append('\n');
        appendTls(text, "fix", config.tls().fix());
        appendTls(text, "md", config.tls().md());
        text.append("metrics: ").append(config.metrics().bindAddress()).append(':')
            .append(config.metrics().port())
            .append(" request-timeout-ms=").append(config.metrics().requestTimeoutMs())
            .append(" max-connections=").append(config.metrics().maxConnections())
            .append(" bearer-token=").append(config.metrics().requiresToken() ? "required" : "none").append('\n');
        text.append("trading: ").append(config.trading().describe()).append('\n');
        text.append("admin: ").append(config.admin().enabled() ? "operators " +
            String.join(",", config.admin().tokenHashes().keySet()) + " (token hashes not shown)" : "off")
            .append('\n');
        text.append("door limits: fix ").append(limits(config.fix().limits())).append(", md ")
            .append(limits(config.md().limits())).append(", md snapshot requests <= ")
            .append(config.md().maxSnapshotRequestsPerSecond()).append("/s per session\n");
        final EngineConfig engine = config.engine();
        text.append("engine: partitions=").append(engine.partitionCount()).append(" hosted=")
            .append(engine.hostedPartitions().isEmpty() ? "all" : engine.hostedPartitions()).append(" ring-size=")
            .append(engine.ringSize()).append(" wait=").append(engine.waitStrategy()).append(" stp=")
            .append(engine.selfTradePrevention()).append('\n');
        text.append("journal: ").append(engine.journalMode()).append(' ').append(engine.journalDir())
            .append(" segment-bytes=").append(engine.journalSegmentBytes())
            .append(engine.journalForceDelayUs() > 0 ? " force-delay-us=" + engine.journalForceDelayUs() : "")
            .append(" snapshots=").append(engine.snapshotDir()).append(" every=")
            .append(engine.snapshotEveryCommands()).append('\n');
        final ClusterConfig cluster = config.cluster();
        text.append("replication: ").append(spelling(cluster.replication()));
        if (cluster.replication() == Replication.CLUSTER)
        {
            text.append(" members=").append(cluster.members()).append(" role=")
                .append(cluster.isMember() ? "member " + cluster.memberId() : "client (gateways)")
                .append(" dir=").append(cluster.dir()).append(" client-host=").append(cluster.clientHost())
                .append(" history-commands=").append(cluster.historyCommands())
                .append(" file-sync=").append(cluster.fileSync() ? "sync" : "none")
                .append(" leader-heartbeat-timeout-ms=")
                .append(TimeUnit.NANOSECONDS.toMillis(cluster.timeouts().leaderHeartbeatTimeoutNs()))
                .append(" leader-heartbeat-interval-ms=")
                .append(TimeUnit.NANOSECONDS.toMillis(cluster.timeouts().leaderHeartbeatIntervalNs()))
                .append(" election-timeout-ms=")
                .append(TimeUnit.NANOSECONDS.toMillis(cluster.timeouts().electionTimeoutNs()))
                .append(" client-secret=(set, not shown)");
        }
        text.append('\n');
        for (final Instrument i : engine.instruments().instruments())
        {
            text.append("  instrument ").append(i.symbol()).append(" id=").append(i.id())
                .append(" partition=").append(i.partition())
                .append(" tick=").append(Prices.toString(i.tickSize())).append(" lot=").append(i.lotSize())
                .append(" ref=").append(Prices.toString(i.referencePrice()))
                .append(" band=").append(i.priceBandPercent())
                .append("%\n");
        }
        appendSettings(text, config.settings());
        return text.toString();
    }

    /** Every key of the table, {@code key=value}, and where the value came from unless the embedded default. */
    private static void appendSettings(final StringBuilder text, final EffectiveSettings settings)
    {
        text.append("settings (key=value; where a value comes from other than the embedded default, said after it):\n");
        for (final ConfigKeys.Key key : ConfigKeys.all())
        {
            if (!key.perEntry())
            {
                appendSetting(text, key, key.name(), settings);
                continue;
            }
            final String list = settings.value(key.list());
            if (list == null || list.isEmpty())
            {
                continue;
            }
            for (final String entry : list.split(","))
            {
                appendSetting(text, key, key.of(entry.trim()), settings);
            }
        }
    }

    private static void appendSetting(
        final StringBuilder text, final ConfigKeys.Key key, final String name, final EffectiveSettings settings)
    {
        final String value = settings.value(name);
        text.append("  ").append(name).append('=');
        if (value == null)
        {
            text.append("(not set)");
        }
        else if (key.shown() == ConfigKeys.Shown.SECRET)
        {
            text.append(value.isEmpty() ? "" : "(set, not shown)");
        }
        else
        {
            text.append(value);
        }
        final String origin = settings.origin(name);
        if (origin != null && !origin.equals(PropertySource.EMBEDDED_DEFAULT) && !origin.equals(PropertySource.NOTHING))
        {
            text.append("   (").append(origin).append(')');
        }
        text.append('\n');
    }

    private static String limits(final DoorLimits limits)
    {
        return "unauthenticated <= " + limits.maxUnauthenticatedConnections() + ", new <= " +
            limits.maxNewConnectionsPerSecondPerAddress() + "/s per address, logon within " + limits.logonTimeoutMs() +
            " ms";
    }
}
