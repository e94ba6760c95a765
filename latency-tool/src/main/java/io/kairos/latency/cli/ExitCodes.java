package io.kairos.latency.cli;

/** Process exit codes of latency-tool (also listed in {@code --help} and the README). Constants; thread-safe. */
public final class ExitCodes
{
    /** Analysed; the input had no problems (warnings such as lost segments may still be reported). */
    public static final int OK = 0;
    /** A failure of the tool or its environment (e.g. the report directory cannot be written). */
    public static final int SOFTWARE_ERROR = 1;
    /** Wrong command-line usage (picocli's default). */
    public static final int USAGE = 2;
    /** The input cannot be analysed at all: missing, unreadable, empty, wrong magic, unsupported link type. */
    public static final int UNUSABLE_INPUT = 3;
    /** The input is partly corrupt (truncated file or packet, corrupt record, garbage in a FIX stream): everything
     * readable was analysed and reported, and the problems are listed with their location. */
    public static final int PARTIALLY_CORRUPT_INPUT = 4;

    public static final String HELP_TEXT = "%nExit codes:%n" +
        "  0  analysed, input clean (warnings such as lost segments may be listed)%n" +
        "  1  software or environment error (e.g. cannot write --out)%n" +
        "  2  usage error%n" +
        "  3  unusable input: missing or unreadable file, wrong magic, truncated%n" +
        "     header, unsupported link type%n" +
        "  4  partially corrupt input (truncated file or packet, corrupt record,%n" +
        "     garbage inside a FIX stream): everything readable was analysed and%n" +
        "     reported; each problem is listed with its byte offset and packet";

    private ExitCodes()
    {
    }
}
