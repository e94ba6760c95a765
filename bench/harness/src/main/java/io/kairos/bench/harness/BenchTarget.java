package io.kairos.bench.harness;

import org.HdrHistogram.Histogram;

/**
 * An engine under test, fed command by command from an {@link OrderFlow}. {@link #send} is
 * called by the single driver thread; results arrive on the engine's own threads, which count
 * completions and, while recording, record publish-to-result latency against the planned send
 * time the driver passed in.
 */
public interface BenchTarget extends AutoCloseable
{
    /** Label for the results table, saying which durability mode runs. */
    String label();

    /** Builds and starts the engine, creates its users and books. May allocate and block. */
    void start() throws Exception;

    /**
     * Publishes command {@code index} of the flow; {@code plannedSendNs} is its planned send time (System.nanoTime), 0
     * when not measured.
     */
    void send(int index, long plannedSendNs);

    /** Commands of the flow whose result has arrived (completed, traded or rejected). */
    long completed();

    /**
     * Commands the engine rejected (any reject or cancel-reject): the flow's late cancels when the engine agrees with
     * the generator.
     */
    long rejects();

    /** Fills of resting orders (one per match): equal for both engines when they match the same way. */
    long fills();

    /** Starts recording latency of commands sent with a planned time. */
    void startRecording();

    /** Stops recording and returns what was recorded since {@link #startRecording()}. */
    Histogram stopRecording();

    /**
     * Stops the engine. Throws nothing checked: both engines stop without one, and an AutoCloseable whose close may
     * throw InterruptedException is what javac's "try" lint warns about.
     */
    @Override
    void close();
}
