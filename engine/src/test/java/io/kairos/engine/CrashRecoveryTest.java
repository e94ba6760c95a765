package io.kairos.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kill -9 of an engine with a sync journal loses no acknowledged order and none of its fills, also with a slow disk
 * (forces of 5 ms), where the kill falls while a force is outstanding.
 */
class CrashRecoveryTest
{
    /** Large enough that no resting sell can be filled completely in the child's lifetime, so each must still rest. */
    static final long SELL_QUANTITY = 1_000_000;

    @TempDir
    Path dir;

    static EngineConfig config(final Path dir)
    {
        return TestInstruments.config().withJournal(JournalMode.SYNC, dir.resolve("journal"), dir.resolve("snapshots"))
            .withSnapshotEveryCommands(2_000).withJournalSegmentBytes(1024 * 1024);
    }

    /**
     * @param forceDelayUs 5,000: a slow disk, so that the kill falls while a force is outstanding and the matcher has
     *                     matched commands it did not yet acknowledge
     */
    @ParameterizedTest
    @ValueSource(longs = {0, 0, 5_000, 5_000})
    void shouldRecoverEveryAcknowledgedOrderWithItsFillsAfterKillDashNine(final long forceDelayUs) throws Exception
    {
        final Map<String, Long> ackedOrderIds = new ConcurrentHashMap<>();
        final Map<String, Long> seenCumQty = new ConcurrentHashMap<>();
        final int killAfterAcks = 300 + new SplittableRandom().nextInt(3_000);
        final Process child = startChild(forceDelayUs);
        try (BufferedReader reader =
            new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII)))
        {
            String line;
            while (ackedOrderIds.size() < killAfterAcks && (line = reader.readLine()) != null)
            {
                final String[] parts = line.split(" ");
                if ("ACK".equals(parts[0]))
                {
                    ackedOrderIds.put(parts[1], Long.parseLong(parts[2]));
                }
                else if ("FILL".equals(parts[0]))
                {
                    seenCumQty.merge(parts[1], Long.parseLong(parts[2]), Math::max);
                }
            }
            child.destroyForcibly();
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "child killed");
        }
        finally
        {
            child.destroyForcibly();
        }
        assertEquals(killAfterAcks, ackedOrderIds.size(), "child acknowledged orders before the kill");

        final EventRecorder recovered = new EventRecorder();
        try (Engine engine = new Engine(config(dir)).start(recovered))
        {
            final Map<Long, Long> restingLeaves = new HashMap<>();
            for (final BookEvent add : recovered.bookEvents)
            {
                restingLeaves.put(add.orderId, add.quantity);
            }
            long fillsChecked = 0;
            for (final Map.Entry<String, Long> acked : ackedOrderIds.entrySet())
            {
                final Long leaves = restingLeaves.get(acked.getValue());
                assertNotNull(leaves, "acknowledged order " + acked.getKey() + " survived the crash; recovered "
                    + restingLeaves.size() + " of " + ackedOrderIds.size() + " " + engine.recoveryReports());
                final long seen = seenCumQty.getOrDefault(acked.getKey(), 0L);
                assertTrue(SELL_QUANTITY - leaves >= seen, "order " + acked.getKey() + " kept its fills: saw " + seen
                    + ", recovered " + (SELL_QUANTITY - leaves));
                fillsChecked += seen;
            }
            assertTrue(fillsChecked > 0, "some acknowledged orders had fills");
        }
    }

    private Process startChild(final long forceDelayUs) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String arg : ManagementFactory.getRuntimeMXBean().getInputArguments())
        {
            if (arg.startsWith("--add-") || arg.startsWith("--enable-native-access"))
            {
                command.add(arg);
            }
        }
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(CrashChild.class.getName());
        command.add(dir.toString());
        command.add(Long.toString(forceDelayUs));
        return new ProcessBuilder(command).redirectError(new File(dir.toFile(), "child.err")).start();
    }
}
