package io.kairos.engine;

import java.util.List;

/**
 * Reference matchers for partitions 0 and 1, fed the same commands as an engine under test, so that the books it
 * recovers can be compared with the books they hold. Test thread only.
 */
final class ReferenceBooks
{
    private final EngineConfig config;
    private final MatchingCore partition0;
    private final MatchingCore partition1;
    private final EngineCommand command = new EngineCommand();

    ReferenceBooks(final EngineConfig config)
    {
        this.config = config;
        partition0 = new MatchingCore(0, config, () -> 0);
        partition1 = new MatchingCore(1, config, () -> 0);
    }

    /** Publishes the next {@code count} commands of {@code stream} to {@code engine}, each applied to its reference. */
    void publish(final Engine engine, final RandomCommandStream stream, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            stream.next(command);
            engine.publisher().publish(command);
            final Instrument instrument = config.instruments().byId(command.instrumentId);
            if (command.type == CommandType.MASS_CANCEL || instrument == null || instrument.partition() == 0)
            {
                partition0.apply(command);
            }
            if (command.type == CommandType.MASS_CANCEL || (instrument != null && instrument.partition() == 1))
            {
                partition1.apply(command);
            }
        }
    }

    /** The books of both references as recovered ADD events, as a recovering engine describes its books. */
    List<String> recoveredBooks()
    {
        final EventRecorder expected = new EventRecorder();
        partition0.listener(expected);
        partition0.emitRecoveredBooks();
        partition1.listener(expected);
        partition1.emitRecoveredBooks();
        return expected.drain();
    }
}
