package io.kairos.server;

import io.kairos.engine.JournalReadException;

/**
 * Exit statuses of the journal tools ({@code kairos-server journal}, {@code kairos-server replay}): one per kind of
 * bad input, so that a script can tell them apart. Written once here; the server README lists them.
 */
final class ToolExit
{
    static final int OK = 0;
    /** Everything up to a torn last record was read; the torn tail was reported on stderr. */
    static final int TORN_TAIL = 1;
    static final int BAD_USAGE = 2;
    static final int NO_DIRECTORY = 3;
    static final int NOT_A_JOURNAL = 4;
    static final int IN_USE = 5;
    static final int CORRUPT = 6;
    static final int NOT_FROM_START = 7;
    static final int IO_ERROR = 8;
    /** {@code replay --compare}: the other matcher's events differ (the first difference was printed). */
    static final int DIFFERENT = 9;

    private ToolExit()
    {
    }

    static int of(final JournalReadException.Kind kind)
    {
        return switch (kind)
        {
            case NO_DIRECTORY -> NO_DIRECTORY;
            case NOT_A_JOURNAL -> NOT_A_JOURNAL;
            case IN_USE -> IN_USE;
            case CORRUPT -> CORRUPT;
            case NOT_FROM_START -> NOT_FROM_START;
            case IO -> IO_ERROR;
        };
    }
}
