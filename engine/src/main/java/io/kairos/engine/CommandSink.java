package io.kairos.engine;

/**
 * Where a gateway puts its commands: the in-process engine's rings ({@link CommandPublisher}) or a replicated
 * engine's client. Results are values: a positive number is how many partitions will answer the command (a mass
 * cancel of {@link EngineCommand#ALL_INSTRUMENTS} reaches every hosted partition, each answering with one
 * {@link ExecutionEvent.Kind#MASS_CANCEL_REPORT}); {@link #BACK_PRESSURED} means nothing was taken and the caller
 * may answer with a reject or try again; {@link #CLOSED} means the engine stops and takes nothing more. The command
 * is copied: the caller keeps and reuses its instance. Implementations say which threads may call.
 */
public interface CommandSink
{
    int BACK_PRESSURED = -1;
    int CLOSED = -2;

    /** Takes the command, waiting for room if needed. @return partitions reached, or {@link #CLOSED}. */
    int publish(EngineCommand command);

    /**
     * Takes the command only if there is room now. @return partitions reached, {@link #BACK_PRESSURED} or
     * {@link #CLOSED}.
     */
    int tryPublish(EngineCommand command);

    /** Number of partitions a command with this instrument id goes to. */
    int partitionsFor(int instrumentId);

    /**
     * The routing rule both engines answer {@link #partitionsFor} with: a command for every instrument reaches each
     * hosted partition, any other command one.
     */
    static int partitionsReached(final int instrumentId, final int hostedPartitions)
    {
        return instrumentId == EngineCommand.ALL_INSTRUMENTS ? hostedPartitions : 1;
    }
}
