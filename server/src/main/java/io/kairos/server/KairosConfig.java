package io.kairos.server;

import java.util.List;

import io.kairos.cluster.ClusterConfig;
import io.kairos.engine.EngineConfig;
import io.kairos.fix.FixGatewayConfig;
import io.kairos.md.MarketDataGatewayConfig;

/**
 * The whole venue's configuration, validated. Immutable; built by {@link KairosConfigLoader} from
 * the embedded defaults, the operator's file and the environment.
 *
 * @param source    where the settings came from, for the start-up banner
 * @param threadingChoice where the hot path runs and why ({@code server.threading})
 * @param cpuAffinity which threads to pin to which CPUs once started ({@code server.cpu-affinity})
 * @param engine   the engine (instruments, partitions, journal)
 * @param cluster  replication: none, or the Aeron Cluster this process is a member or the client of
 * @param fix      the order-entry gateway's config, validated by the gateway's own record
 * @param md       the market-data gateway's config, likewise
 * @param tls      the doors' TLS listeners ({@code fix.tls-port}, {@code md.tls-port})
 * @param metrics  the metrics and health endpoint
 * @param eventDigest {@code engine.event-digest}: digest each partition's live events and print the hashes at stop
 * @param warnings things that did not stop the start but look wrong (e.g. unknown KAIROS_* variables)
 * @param settings the effective value and origin of every key read, for {@code --check-config} ({@link ConfigPrinter})
 */
public record KairosConfig(
    String source, ThreadingChoice threadingChoice, ThreadPinning cpuAffinity, EngineConfig engine,
    ClusterConfig cluster,
    FixGatewayConfig fix,
    MarketDataGatewayConfig md, TlsListeners tls, MetricsSettings metrics, boolean eventDigest,
    TradingSchedule trading,
    AdminOperators admin,
    List<String> warnings,
    EffectiveSettings settings)
{
    public KairosConfig
    {
        java.util.Objects.requireNonNull(tls, "tls");
        java.util.Objects.requireNonNull(threadingChoice, ConfigKeys.THREADING);
        java.util.Objects.requireNonNull(cpuAffinity, ConfigKeys.CPU_AFFINITY);
        java.util.Objects.requireNonNull(cluster, ClusterConfig.REPLICATION_PROP_NAME);
        java.util.Objects.requireNonNull(trading, ConfigKeys.TRADING_OPEN);
        java.util.Objects.requireNonNull(admin, AdminOperators.OPERATORS_PROP_NAME);
        warnings = List.copyOf(warnings);
        java.util.Objects.requireNonNull(settings, "settings");
    }

    /** The layout chosen (by the operator, or by {@code auto} for this machine). */
    public Threading threading()
    {
        return threadingChoice.layout();
    }
}
