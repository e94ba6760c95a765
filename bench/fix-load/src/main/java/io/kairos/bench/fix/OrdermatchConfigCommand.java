package io.kairos.bench.fix;

import static io.kairos.bench.fix.SessionNames.CLIENT_COMP_ID_FORMAT;
import static io.kairos.bench.fix.SessionNames.SHIPPED_SESSIONS;
import static io.kairos.bench.fix.SessionNames.VENUE_COMP_ID;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fix-load ordermatch-config}: writes the session settings that QuickFIX/J's ordermatch example
 * ({@code quickfix.examples.ordermatch.Main CONFIG}) needs to accept the load's sessions.
 */
@Command(
    name = "ordermatch-config",
    mixinStandardHelpOptions = true,
    description = {
        "Writes a QuickFIX/J acceptor config for the ordermatch example (FIX 4.2, which is all it implements):",
        "SenderCompID = the venue CompID the load targets, one session per load CompID, file store in --data-dir,",
        "screen log off (the example logs every message to the console by default), no password check."})
public final class OrdermatchConfigCommand implements Callable<Integer>
{
    @Option(names = "--out", required = true, description = "config file to write")
    Path out;

    @Option(names = "--port", defaultValue = "19876", description = "(default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--comp-id", defaultValue = VENUE_COMP_ID, description = "(default: ${DEFAULT-VALUE})")
    String compId;

    @Option(names = "--sessions", defaultValue = SHIPPED_SESSIONS, description = "(default: ${DEFAULT-VALUE})")
    int sessions;

    @Option(names = "--comp-id-format", defaultValue = CLIENT_COMP_ID_FORMAT,
        description = "(default: ${DEFAULT-VALUE})")
    String compIdFormat;

    @Option(names = "--data-dir", required = true, description = "QuickFIX/J file store directory")
    Path dataDir;

    public Integer call() throws IOException
    {
        Files.writeString(out, render(port, compId, SessionNames.compIds(compIdFormat, 1, sessions), dataDir),
            StandardCharsets.UTF_8);
        return 0;
    }

    static String render(final int port, final String compId, final java.util.List<String> clients,
        final Path dataDir)
    {
        final StringBuilder text = new StringBuilder(512)
            .append("[default]\n")
            .append("ConnectionType=acceptor\n")
            .append("SocketAcceptAddress=127.0.0.1\n")
            .append("SocketAcceptPort=").append(port).append('\n')
            .append("FileStorePath=").append(dataDir).append('\n')
            .append("BeginString=FIX.4.2\n")
            .append("DataDictionary=FIX42.xml\n")
            .append("ValidateUserDefinedFields=N\n")
            .append("AllowUnknownMsgFields=Y\n")
            .append("StartTime=00:00:00\n")
            .append("EndTime=00:00:00\n")
            .append("SocketTcpNoDelay=Y\n")
            .append("ScreenLogShowIncoming=N\n")
            .append("ScreenLogShowOutgoing=N\n")
            .append("ScreenLogShowEvents=N\n")
            .append("SenderCompID=").append(compId).append('\n');
        for (final String client : clients)
        {
            text.append("\n[session]\nTargetCompID=").append(client).append('\n');
        }
        return text.toString();
    }
}
