package io.kairos.latency.capture;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Collects what was wrong with the input, with where it was found. Problems (the input is corrupt: truncated file or
 * packet, corrupt record, garbage inside a FIX stream) make the run end with {@code PARTIALLY_CORRUPT_INPUT};
 * warnings (expected capture artefacts such as a capture starting mid-stream or lost segments) are reported only.
 * Keeps the first {@link #MAX_DETAILS} texts of each kind and counts the rest. Allocates only when something is wrong.
 * Owned by the analysis thread.
 */
public final class CaptureProblems
{
    public static final int MAX_DETAILS = 25;

    private final List<String> problems = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private long problemCount;
    private long warningCount;

    public void problem(final String text)
    {
        if (problemCount++ < MAX_DETAILS)
        {
            problems.add(text);
        }
    }

    public void warning(final String text)
    {
        if (warningCount++ < MAX_DETAILS)
        {
            warnings.add(text);
        }
    }

    public long problemCount()
    {
        return problemCount;
    }

    public long warningCount()
    {
        return warningCount;
    }

    public List<String> problems()
    {
        return Collections.unmodifiableList(problems);
    }

    public List<String> warnings()
    {
        return Collections.unmodifiableList(warnings);
    }
}
