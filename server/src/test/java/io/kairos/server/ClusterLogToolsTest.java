package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.agrona.CloseHelper;
import org.agrona.concurrent.SystemEpochNanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.kairos.cluster.ClusterConfig;
import io.kairos.cluster.ClusterEngine;
import io.kairos.cluster.ClusterLog;
import io.kairos.cluster.ClusterMember;
import io.kairos.cluster.MemberThreading;
import io.kairos.cluster.ClusterSecret;
import io.kairos.cluster.ClusterTimeouts;
import io.kairos.cluster.MemberEndpoint;
import io.kairos.cluster.Replication;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.EngineConfig;
import io.kairos.engine.EngineEventListener;
import io.kairos.engine.OrderType;
import io.kairos.engine.Prices;
import io.kairos.engine.Side;
import io.kairos.engine.TimeInForce;
import io.kairos.testsupport.Await;
import io.kairos.testsupport.FreePorts;

/**
 * {@code kairos-server journal} and {@code replay} (real processes) read a stopped cluster member's consensus log as
 * they read a journal: every command with its events, per hosted partition; every member's log replays to the same
 * event streams; a running member's directory is refused.
 */
class ClusterLogToolsTest
{
    private static final String SECRET = "cluster-log-tools-test-secret";

    @TempDir
    Path dir;

    @Test
    void shouldExportAndReplayEachMembersLogAlikeAndRefuseARunningMember() throws Exception
    {
        final Path configFile = dir.resolve("kairos.properties");
        Files.writeString(configFile, "journal.dir=" + dir.resolve("unused-journal") + "\n");
        final EngineConfig engine = KairosConfigLoader.load(configFile, Map.of()).engine();
        final List<MemberEndpoint> endpoints = new ArrayList<>();
        for (final int base : FreePorts.udpRanges(3, MemberEndpoint.PORTS))
        {
            endpoints.add(new MemberEndpoint("127.0.0.1", base));
        }
        final ClusterMember[] members = new ClusterMember[3];
        ClusterEngine client = null;
        try
        {
            for (int i = 0; i < 3; i++)
            {
                members[i] = ClusterMember.launch(config(endpoints, i), engine, MemberThreading.COMPACT,
                    Throwable::printStackTrace, ClusterLog.NONE);
            }
            client = new ClusterEngine(config(endpoints, ClusterConfig.NOT_A_MEMBER), engine,
                new SystemEpochNanoClock(), Throwable::printStackTrace, ClusterLog.NONE)
                .start(EngineEventListener.NO_OP);
            final EngineCommand command = new EngineCommand();
            client.publish(command.newOrder(1, "S1", 1, Side.SELL, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("190.00"), 1));
            client.publish(command.newOrder(2, "B1", 1, Side.BUY, OrderType.LIMIT, TimeInForce.IOC,
                Prices.parse("190.01"), 3));
            client.publish(command.newOrder(2, "M1", 2, Side.BUY, OrderType.LIMIT, TimeInForce.DAY,
                Prices.parse("419.50"), 5));
            client.publish(command.massCancel(2, "X1", 2));
            final ClusterEngine polled = client;
            Await.until("4 commands applied on every member", () ->
            {
                polled.doWork();
                return java.util.Arrays.stream(members).allMatch(m -> m.appliedCommands() == 4);
            });

            final ServerCli.Result refused = ServerCli.run(dir, "journal", dir.resolve("m0").toString(), "--config",
                configFile.toString());
            assertEquals(5, refused.exit(), "a running member's directory: " + refused.err());
        }
        finally
        {
            CloseHelper.close(client);
            CloseHelper.closeAll(members);
        }

        final ServerCli.Result export = ServerCli.run(dir, "journal", dir.resolve("m0").toString(), "--config",
            configFile.toString());
        assertEquals(0, export.exit(), export.err());
        final List<String> commands = export.out().lines().filter(line -> line.startsWith("command,")).toList();
        assertEquals(4, commands.size(), export.out());
        assertTrue(commands.get(0).startsWith("command,0,1,") && commands.get(1).startsWith("command,0,2,"),
            "AAPL's commands are partition 0's, with the log's command indexes: " + commands);
        assertTrue(commands.get(2).startsWith("command,1,3,") && commands.get(3).startsWith("command,1,4,"),
            "MSFT's are partition 1's: " + commands);
        assertTrue(export.out().contains("TRADE"), "the IOC buy traded with the resting sell: " + export.out());

        final List<String> digests = new ArrayList<>();
        for (int m = 0; m < 3; m++)
        {
            final ServerCli.Result replay = ServerCli.run(dir, "replay", dir.resolve("m" + m).toString(), "--config",
                configFile.toString());
            assertEquals(0, replay.exit(), replay.err());
            digests.add(String.join("\n", replay.out().lines().filter(line -> line.startsWith("event digest"))
                .map(line -> line.replaceAll(" records .*", "")).toList()));
        }
        assertEquals(2, digests.get(0).lines().count(), "one digest per hosted partition: " + digests.get(0));
        assertEquals(digests.get(0), digests.get(1), "every member's log gives the same events");
        assertEquals(digests.get(0), digests.get(2));
    }

    private ClusterConfig config(final List<MemberEndpoint> endpoints, final int id)
    {
        return new ClusterConfig(Replication.CLUSTER, endpoints, id,
            dir.resolve(id == ClusterConfig.NOT_A_MEMBER ? "client" : "m" + id), "127.0.0.1", 1024, false,
            ClusterTimeouts.DEFAULTS, ClusterSecret.of(SECRET));
    }
}
