package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterLog;
import io.kairos.cluster.ClusterMember;
import io.kairos.cluster.MemberThreading;
import io.kairos.cluster.ClusterSecret;
import io.kairos.cluster.ClusterTimeouts;
import io.kairos.cluster.MemberEndpoint;
import io.kairos.cluster.Replication;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cluster member's meters in Prometheus format, on a single-member cluster (its own leader). */
class ClusterMetersTest
{
    @TempDir
    Path dir;

    @Test
    void shouldExposeTheMembersTheLeaderSeesAndItsLossesAndReturns()
    {
        final MemberEndpoint endpoint =
            new MemberEndpoint("127.0.0.1", FreePorts.udpRanges(1, MemberEndpoint.PORTS)[0]);
        final ClusterConfig config = new ClusterConfig(Replication.CLUSTER, List.of(endpoint), 0, dir.resolve("m0"),
            "127.0.0.1", 1024, false, ClusterTimeouts.DEFAULTS, ClusterSecret.of("cluster-meters-test-secret"));
        final EngineConfig engine = EngineConfig.defaults(
            List.of(new Instrument("AAA", 1, 0, 10_000, 1, 100_000_000, 10)));
        final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (ClusterMember member = ClusterMember.launch(config, engine, MemberThreading.COMPACT,
            Throwable::printStackTrace, ClusterLog.NONE))
        {
            ClusterMeters.registerMember(member, registry);

            Await.until("the member leading and seeing itself", () -> registry.scrape().contains(
                "kairos_cluster_member_role 2") && registry.scrape().contains("kairos_cluster_members_connected 1"));
            final String text = registry.scrape();
            for (final String expected : List.of(
                "kairos_cluster_members_lost_total 0",
                "kairos_cluster_members_rejoined_total 0"))
            {
                assertTrue(text.contains(expected), () -> "missing " + expected + " in\n" + text);
            }
        }
        finally
        {
            registry.close();
        }
    }
}
