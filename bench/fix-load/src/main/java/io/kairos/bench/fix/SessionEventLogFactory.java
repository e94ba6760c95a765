package io.kairos.bench.fix;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import quickfix.Log;
import quickfix.LogFactory;
import quickfix.SessionID;

/**
 * QuickFIX/J session log of the load's initiators: session events (logon, logout, resets, errors) go to SLF4J
 * (logger {@code quickfixj.event}, prefixed with the session), messages are not logged at all. SLF4J's simple
 * backend writes to stderr, or to the file {@code bin/fix-load} names ({@code org.slf4j.simpleLogger.logFile}), so
 * the console keeps the progress lines and the result table (ScreenLog printed events to stdout, between them).
 * Thread-safe (SLF4J loggers are).
 */
final class SessionEventLogFactory implements LogFactory
{
    private static final Logger EVENTS = LoggerFactory.getLogger("quickfixj.event");

    @Override
    public Log create(final SessionID sessionId)
    {
        final String prefix = sessionId.getSenderCompID() + "->" + sessionId.getTargetCompID() + ": ";
        return new Log()
        {
            @Override
            public void clear()
            {
            }

            @Override
            public void onIncoming(final String message)
            {
            }

            @Override
            public void onOutgoing(final String message)
            {
            }

            @Override
            public void onEvent(final String text)
            {
                EVENTS.info("{}{}", prefix, text);
            }

            @Override
            public void onErrorEvent(final String text)
            {
                EVENTS.error("{}{}", prefix, text);
            }

            @Override
            public void onWarnEvent(final String text)
            {
                EVENTS.warn("{}{}", prefix, text);
            }
        };
    }
}
