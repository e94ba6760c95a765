package io.kairos.testsupport;

import quickfix.Application;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.LogFactory;
import quickfix.MessageStoreFactory;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;

/**
 * Starts the tests' QuickFIX/J initiators, each with its own application, store, settings and log: a settings error
 * is a bug of the test, so it comes out unchecked rather than as a {@link ConfigError} every caller declares.
 * Stateless.
 */
public final class Initiators
{
    private Initiators()
    {
    }

    /**
     * A {@link SocketInitiator} with QuickFIX/J's default message factory, started: it connects (and reconnects as
     * {@code settings} say) until it is stopped. @return the started initiator, for the caller to stop
     */
    public static SocketInitiator start(final Application application, final MessageStoreFactory store,
        final SessionSettings settings, final LogFactory log)
    {
        try
        {
            final SocketInitiator initiator = new SocketInitiator(application, store, settings, log,
                new DefaultMessageFactory());
            initiator.start();
            return initiator;
        }
        catch (final ConfigError ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
