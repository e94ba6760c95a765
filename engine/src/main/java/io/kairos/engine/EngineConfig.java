package io.kairos.engine;

import static io.kairos.engine.ConfigChecks.require;
import static io.kairos.engine.ConfigChecks.requireInRange;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Everything the engine needs to start. Immutable; the constructor validates and names the field
 * at fault. Defaults live in {@link #defaults(List)} and only there.
 *
 * @param instruments              reference data
 * @param partitionCount           number of partitions (order ids encode the partition), 1..256
 * @param hostedPartitions         partitions this process runs; empty means all
 * @param ringSize                 command ring slots per partition, a power of two
 * @param waitStrategy             how matcher threads wait
 * @param selfTradePrevention      self-trade rule
 * @param journalMode              durability of commands
 * @param journalStage             whether the journal runs on the matcher thread or on its own
 * @param journalDir               directory of journal segments (one sub-directory per partition)
 * @param journalSegmentBytes      size of one memory-mapped journal segment
 * @param snapshotDir              directory of book snapshots (one sub-directory per partition)
 * @param snapshotEveryCommands    write a snapshot after this many journalled commands; 0 disables
 * @param journalForceDelayUs      microseconds added to every journal force in sync mode, to try what a slower
 *                                 disk would do to latency; 0 (the default) for production
 */
public record EngineConfig(
    ReferenceData instruments,
    int partitionCount,
    List<Integer> hostedPartitions,
    int ringSize,
    WaitStrategyType waitStrategy,
    SelfTradePrevention selfTradePrevention,
    JournalMode journalMode,
    JournalStage journalStage,
    Path journalDir,
    long journalSegmentBytes,
    Path snapshotDir,
    long snapshotEveryCommands,
    long journalForceDelayUs)
{
    public static final int MAX_PARTITIONS = 256;
    public static final int DEFAULT_PARTITION_COUNT = 2;
    public static final int DEFAULT_RING_SIZE = 16 * 1024;
    public static final long DEFAULT_JOURNAL_SEGMENT_BYTES = 64L * 1024 * 1024;
    public static final long DEFAULT_SNAPSHOT_EVERY_COMMANDS = 1_000_000L;
    /** The longest simulated force delay, in microseconds: one second. */
    public static final long MAX_JOURNAL_FORCE_DELAY_US = 1_000_000L;
    /** Finished orders each partition keeps answering status requests for (about 250 bytes each). */
    public static final int FINISHED_ORDERS_RETAINED = 100_000;

    public EngineConfig
    {
        Objects.requireNonNull(instruments, "instruments");
        requireInRange(partitionCount, 1, MAX_PARTITIONS, "engine.partition-count");
        hostedPartitions = List.copyOf(Objects.requireNonNull(hostedPartitions, "hostedPartitions"));
        for (final int p : hostedPartitions)
        {
            require(p >= 0 && p < partitionCount, "engine.hosted-partitions", "partition " + p + " is outside [0, "
                + partitionCount + ")");
        }
        require(ringSize >= 2 && Integer.bitCount(ringSize) == 1, "engine.ring-size",
            "must be a power of two >= 2, was " + ringSize);
        Objects.requireNonNull(waitStrategy, "engine.wait-strategy");
        Objects.requireNonNull(selfTradePrevention, "engine.self-trade-prevention");
        Objects.requireNonNull(journalMode, "journal.mode");
        Objects.requireNonNull(journalStage, "journal.stage");
        require(journalMode == JournalMode.OFF || journalDir != null, "journal.dir",
            "is required when the journal is on");
        requireInRange(journalSegmentBytes, 64 * 1024, Integer.MAX_VALUE, "journal.segment-bytes");
        require(snapshotEveryCommands >= 0, "snapshot.every-commands", "must be >= 0");
        requireInRange(journalForceDelayUs, 0, MAX_JOURNAL_FORCE_DELAY_US, "journal.force-delay-us");
        require(snapshotEveryCommands == 0 || journalMode == JournalMode.OFF || snapshotDir != null,
            "snapshot.dir", "is required when snapshots are on");
        for (final Instrument instrument : instruments.instruments())
        {
            require(instrument.partition() < partitionCount, "instrument." + instrument.symbol() + ".partition",
                "is outside [0, " + partitionCount + ")");
        }
    }

    /** In-memory defaults (journal off) for the given instruments; use the withers to change them. */
    public static EngineConfig defaults(final List<Instrument> instruments)
    {
        final int partitions =
            Math.max(DEFAULT_PARTITION_COUNT, 1 + instruments.stream().mapToInt(Instrument::partition).max().orElse(0));
        return new EngineConfig(new ReferenceData(instruments, partitions), partitions, List.of(), DEFAULT_RING_SIZE,
            WaitStrategyType.PARKING, SelfTradePrevention.OFF, JournalMode.OFF, JournalStage.INLINE, null,
            DEFAULT_JOURNAL_SEGMENT_BYTES, null, DEFAULT_SNAPSHOT_EVERY_COMMANDS, 0);
    }

    public boolean hosts(final int partition)
    {
        return hostedPartitions.isEmpty() || hostedPartitions.contains(partition);
    }

    /** The partitions this process runs, ascending: those of {@link #partitionCount} it {@link #hosts}. A new array. */
    public int[] hostedPartitionIds()
    {
        return java.util.stream.IntStream.range(0, partitionCount).filter(this::hosts).toArray();
    }

    public EngineConfig withJournal(final JournalMode mode, final Path dir, final Path snapshots)
    {
        final Draft draft = new Draft(this);
        draft.journalMode = mode;
        draft.journalDir = dir;
        draft.snapshotDir = snapshots;
        return draft.build();
    }

    public EngineConfig withJournalStage(final JournalStage stage)
    {
        final Draft draft = new Draft(this);
        draft.journalStage = stage;
        return draft.build();
    }

    public EngineConfig withSelfTradePrevention(final SelfTradePrevention stp)
    {
        final Draft draft = new Draft(this);
        draft.selfTradePrevention = stp;
        return draft.build();
    }

    public EngineConfig withWaitStrategy(final WaitStrategyType strategy)
    {
        final Draft draft = new Draft(this);
        draft.waitStrategy = strategy;
        return draft.build();
    }

    public EngineConfig withRingSize(final int size)
    {
        final Draft draft = new Draft(this);
        draft.ringSize = size;
        return draft.build();
    }

    public EngineConfig withSnapshotEveryCommands(final long every)
    {
        final Draft draft = new Draft(this);
        draft.snapshotEveryCommands = every;
        return draft.build();
    }

    public EngineConfig withJournalForceDelayUs(final long delayUs)
    {
        final Draft draft = new Draft(this);
        draft.journalForceDelayUs = delayUs;
        return draft.build();
    }

    public EngineConfig withJournalSegmentBytes(final long bytes)
    {
        final Draft draft = new Draft(this);
        draft.journalSegmentBytes = bytes;
        return draft.build();
    }

    /**
     * A config's components, changeable, for the withers: each changes its field(s) and builds, so the thirteen
     * components are listed once here instead of once per wither. The built config is validated as any other.
     * Used by one thread at a time (the wither's caller), then dropped.
     */
    private static final class Draft
    {
        private final ReferenceData instruments;
        private final int partitionCount;
        private final List<Integer> hostedPartitions;
        private int ringSize;
        private WaitStrategyType waitStrategy;
        private SelfTradePrevention selfTradePrevention;
        private JournalMode journalMode;
        private JournalStage journalStage;
        private Path journalDir;
        private long journalSegmentBytes;
        private Path snapshotDir;
        private long snapshotEveryCommands;
        private long journalForceDelayUs;

        private Draft(final EngineConfig config)
        {
            instruments = config.instruments;
            partitionCount = config.partitionCount;
            hostedPartitions = config.hostedPartitions;
            ringSize = config.ringSize;
            waitStrategy = config.waitStrategy;
            selfTradePrevention = config.selfTradePrevention;
            journalMode = config.journalMode;
            journalStage = config.journalStage;
            journalDir = config.journalDir;
            journalSegmentBytes = config.journalSegmentBytes;
            snapshotDir = config.snapshotDir;
            snapshotEveryCommands = config.snapshotEveryCommands;
            journalForceDelayUs = config.journalForceDelayUs;
        }

        private EngineConfig build()
        {
            return new EngineConfig(instruments, partitionCount, hostedPartitions, ringSize, waitStrategy,
                selfTradePrevention, journalMode, journalStage, journalDir, journalSegmentBytes, snapshotDir,
                snapshotEveryCommands, journalForceDelayUs);
        }
    }
}
