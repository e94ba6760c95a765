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
    /* The server keys of these settings; their defaults are below where the code has one of its own. */
    public static final String PARTITION_COUNT_PROP_NAME = "engine.partition-count";
    public static final String HOSTED_PARTITIONS_PROP_NAME = "engine.hosted-partitions";
    public static final String RING_SIZE_PROP_NAME = "engine.ring-size";
    public static final String WAIT_STRATEGY_PROP_NAME = "engine.wait-strategy";
    public static final String SELF_TRADE_PREVENTION_PROP_NAME = "engine.self-trade-prevention";
    public static final String JOURNAL_MODE_PROP_NAME = "journal.mode";
    public static final String JOURNAL_STAGE_PROP_NAME = "journal.stage";
    public static final String JOURNAL_DIR_PROP_NAME = "journal.dir";
    public static final String JOURNAL_SEGMENT_BYTES_PROP_NAME = "journal.segment-bytes";
    public static final String JOURNAL_FORCE_DELAY_US_PROP_NAME = "journal.force-delay-us";
    public static final String SNAPSHOT_DIR_PROP_NAME = "snapshot.dir";
    public static final String SNAPSHOT_EVERY_COMMANDS_PROP_NAME = "snapshot.every-commands";

    public static final int MAX_PARTITIONS = 256;
    public static final int DEFAULT_PARTITION_COUNT = 2;
    public static final int DEFAULT_RING_SIZE = 16 * 1024;
    public static final WaitStrategyType DEFAULT_WAIT_STRATEGY = WaitStrategyType.PARKING;
    public static final SelfTradePrevention DEFAULT_SELF_TRADE_PREVENTION = SelfTradePrevention.OFF;
    public static final JournalStage DEFAULT_JOURNAL_STAGE = JournalStage.INLINE;
    public static final long DEFAULT_JOURNAL_SEGMENT_BYTES = 64L * 1024 * 1024;
    public static final long DEFAULT_SNAPSHOT_EVERY_COMMANDS = 1_000_000L;
    public static final long DEFAULT_JOURNAL_FORCE_DELAY_US = 0;
    /** The longest simulated force delay, in microseconds: one second. */
    public static final long MAX_JOURNAL_FORCE_DELAY_US = 1_000_000L;
    /** Finished orders each partition keeps answering status requests for (about 250 bytes each). */
    public static final int FINISHED_ORDERS_RETAINED = 100_000;

    public EngineConfig
    {
        Objects.requireNonNull(instruments, "instruments");
        requireInRange(partitionCount, 1, MAX_PARTITIONS, PARTITION_COUNT_PROP_NAME);
        hostedPartitions = List.copyOf(Objects.requireNonNull(hostedPartitions, "hostedPartitions"));
        for (final int p : hostedPartitions)
        {
            require(p >= 0 && p < partitionCount, HOSTED_PARTITIONS_PROP_NAME, "partition " + p + " is outside [0, "
                + partitionCount + ")");
        }
        require(ringSize >= 2 && Integer.bitCount(ringSize) == 1, RING_SIZE_PROP_NAME,
            "must be a power of two >= 2, was " + ringSize);
        Objects.requireNonNull(waitStrategy, WAIT_STRATEGY_PROP_NAME);
        Objects.requireNonNull(selfTradePrevention, SELF_TRADE_PREVENTION_PROP_NAME);
        Objects.requireNonNull(journalMode, JOURNAL_MODE_PROP_NAME);
        Objects.requireNonNull(journalStage, JOURNAL_STAGE_PROP_NAME);
        require(journalMode == JournalMode.OFF || journalDir != null, JOURNAL_DIR_PROP_NAME,
            "is required when the journal is on");
        requireInRange(journalSegmentBytes, 64 * 1024, Integer.MAX_VALUE, JOURNAL_SEGMENT_BYTES_PROP_NAME);
        require(snapshotEveryCommands >= 0, SNAPSHOT_EVERY_COMMANDS_PROP_NAME, "must be >= 0");
        requireInRange(journalForceDelayUs, 0, MAX_JOURNAL_FORCE_DELAY_US, JOURNAL_FORCE_DELAY_US_PROP_NAME);
        require(snapshotEveryCommands == 0 || journalMode == JournalMode.OFF || snapshotDir != null,
            SNAPSHOT_DIR_PROP_NAME, "is required when snapshots are on");
        for (final Instrument instrument : instruments.instruments())
        {
            require(instrument.partition() < partitionCount,
                Instrument.propName(instrument.symbol(), Instrument.PARTITION_FIELD),
                "is outside [0, " + partitionCount + ")");
        }
    }

    /** In-memory defaults (journal off) for the given instruments; use the withers to change them. */
    public static EngineConfig defaults(final List<Instrument> instruments)
    {
        final int partitions =
            Math.max(DEFAULT_PARTITION_COUNT, 1 + instruments.stream().mapToInt(Instrument::partition).max().orElse(0));
        return new EngineConfig(new ReferenceData(instruments, partitions), partitions, List.of(), DEFAULT_RING_SIZE,
            DEFAULT_WAIT_STRATEGY, DEFAULT_SELF_TRADE_PREVENTION, JournalMode.OFF, DEFAULT_JOURNAL_STAGE, null,
            DEFAULT_JOURNAL_SEGMENT_BYTES, null, DEFAULT_SNAPSHOT_EVERY_COMMANDS, DEFAULT_JOURNAL_FORCE_DELAY_US);
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
