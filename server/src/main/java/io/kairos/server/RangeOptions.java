package io.kairos.server;

import picocli.CommandLine.Option;

/** The record-range options both journal tools take (a picocli mixin); {@link #range()} validates them. */
final class RangeOptions
{
    @Option(names = "--from", paramLabel = "TIME",
        description = "First engine-in time to report: ISO-8601 (2026-03-01T09:30:00.000000123Z) or epoch ns.")
    private String from;

    @Option(names = "--to", paramLabel = "TIME", description = "Last engine-in time to report (inclusive).")
    private String to;

    @Option(names = "--from-index", paramLabel = "INDEX", defaultValue = "1",
        description = "First journal record (command index) to report (default: ${DEFAULT-VALUE}).")
    private long fromIndex;

    @Option(names = "--to-index", paramLabel = "INDEX", description = "Last journal record to report (inclusive).")
    private Long toIndex;

    /** @throws IllegalArgumentException naming the option that is wrong */
    ReplayRange range()
    {
        return new ReplayRange(fromIndex, toIndex == null ? Long.MAX_VALUE : toIndex,
            from == null ? Long.MIN_VALUE : ReplayRange.parseTime("--from", from),
            to == null ? Long.MAX_VALUE : ReplayRange.parseTime("--to", to));
    }
}
