package io.kairos.engine;

/** Journal durability, as TRADExpress offers it. Immutable. */
public enum JournalMode
{
    /** No journal: nothing survives a restart (benchmarks and tests only). */
    OFF,
    /** Records are written to the mapped file; the OS flushes them. A crash of the machine may lose the tail. */
    ASYNC,
    /** An acknowledgement is released only after its record has been forced to disk (group commit per batch). */
    SYNC
}
