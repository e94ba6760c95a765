package io.kairos.cluster;

import java.nio.file.Path;
import java.util.List;

import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.aeron.cluster.client.AeronCluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.aeron.security.AuthenticationException;
import io.aeron.security.CredentialsSupplier;
import io.aeron.security.NullCredentialsSupplier;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.Instrument;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The members take commands only from clients that prove they know {@code cluster.client-secret}: a client without
 * credentials, with Aeron's default ones, or answering the challenge with another secret is refused at connect,
 * counted by the leader, and has nothing applied; a gateway with the secret trades on meanwhile.
 */
class ClusterAuthenticationTest
{
    private static final EngineConfig ENGINE = EngineConfig.defaults(
        List.of(new Instrument("AAPL", 1, 0, Prices.parse("0.01"), 1, Prices.parse("100"), 0)));

    @TempDir
    Path dir;

    private InProcessCluster cluster;
    private MediaDriver driver;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(driver, cluster);
    }

    @Test
    void shouldRefuseAndCountClientsThatDoNotKnowTheSecretWhileTheGatewayTradesOn()
    {
        cluster = new InProcessCluster(dir).launch(ENGINE);
        final Recorder recorder = new Recorder();
        final ClusterEngine gateway = cluster.startClient(ENGINE, recorder, true);
        final int leader = cluster.leader();
        final long appliedBefore = cluster.members[leader].appliedCommands();
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context().threadingMode(ThreadingMode.SHARED)
            .aeronDirectoryName(dir.resolve("intruder-aeron").toString()).dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));

        assertRefused(NullCredentialsSupplier::new);
        assertRefused(() -> new GatewayCredentials(ClusterSecret.of("not-the-cluster-client-secret")));
        assertRefused(() -> new CredentialsSupplier()
        {
            public byte[] encodedCredentials()
            {
                return GatewayCredentials.HELLO.clone();
            }

            public byte[] onChallenge(final byte[] challenge)
            {
                return challenge; // echoing the challenge proves nothing
            }
        });

        assertEquals(3, cluster.members[leader].rejectedClients(), "each refusal counted once, by the leader");
        assertEquals(appliedBefore, cluster.members[leader].appliedCommands(), "nothing applied for them");
        gateway.publish(new EngineCommand().newOrder(1, "AFTER", 1, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
            Prices.parse("99"), 1));
        Await.until("the gateway's order acknowledged", () -> recorder.newOrders() == 1);
        assertTrue(cluster.members[leader].appliedCommands() > appliedBefore);
    }

    private void assertRefused(final java.util.function.Supplier<CredentialsSupplier> credentials)
    {
        final AeronCluster.Context context = new AeronCluster.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .ingressChannel("aeron:udp")
            .ingressEndpoints(cluster.config(ClusterConfig.NOT_A_MEMBER, dir).ingressEndpoints())
            .egressChannel("aeron:udp?endpoint=127.0.0.1:0")
            .credentialsSupplier(credentials.get());
        assertThrows(AuthenticationException.class, () -> AeronCluster.connect(context).close());
    }
}
