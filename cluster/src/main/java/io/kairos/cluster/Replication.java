package io.kairos.cluster;

/** How a partition's commands are made durable ({@code engine.replication}). */
public enum Replication
{
    /** One process per partition with its local journal (the engine's own recovery). */
    NONE,
    /** A 3- or 5-member Aeron Cluster per partition group: a command is matched once a majority has it. */
    CLUSTER
}
