package io.kairos.engine;

/**
 * Where a partition's journal runs. Immutable.
 */
public enum JournalStage
{
    /**
     * On the matcher thread: at the start of each batch the matcher appends (and in sync mode forces) the
     * whole batch, then matches it. One thread and one hand-off fewer per partition: the better choice
     * when cores are few.
     */
    INLINE,
    /**
     * On a thread of its own ({@code kairos-journal-pN}) ahead of the matcher, which sees a batch once it
     * is journalled: journalling overlaps matching, the better choice with a core to spare per stage.
     */
    SEPARATE
}
