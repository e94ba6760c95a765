package io.kairos.bench.fix;

import static io.kairos.bench.fix.SessionNames.CLIENT_COMP_ID_FORMAT;
import static io.kairos.bench.fix.SessionNames.CLIENT_PASSWORD_FORMAT;
import static io.kairos.bench.fix.SessionNames.MARKET_DATA_COMP_ID;
import static io.kairos.bench.fix.SessionNames.MARKET_DATA_PORT;
import static io.kairos.bench.fix.SessionNames.MD_COMP_ID_FORMAT;
import static io.kairos.bench.fix.SessionNames.MD_PASSWORD_FORMAT;
import static io.kairos.bench.fix.SessionNames.ORDER_ENTRY_PORT;
import static io.kairos.bench.fix.SessionNames.SHIPPED_SESSIONS;
import static io.kairos.bench.fix.SessionNames.VENUE_COMP_ID;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fix-load load}: runs one load against a FIX venue and reports client-side round trips. */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
        "Logs on N FIX initiator sessions (--client: lean or QuickFIX/J) and sends orders at a constant combined",
        "rate, round-robin over the sessions: the published order-to-tick model by default (market and limit",
        "orders, limit prices normally distributed around the mid, resting orders cancelled after their lifetime),",
        "or a mix of inserts, cancels and replaces. Measures each request to its first ExecutionReport/",
        "OrderCancelReject with the same ClOrdID from its PLANNED send time (no coordinated omission) and from its",
        "actual send time; prints the table and the intended vs actual send rate and the client's own CPU use;",
        "writes summary.properties and .hgrm files to --out."})
public final class LoadCommand implements Callable<Integer>
{
    @Option(names = "--client", defaultValue = "quickfixj",
        description = "lean (hand-written FIX sessions, pre-encoded orders, one sender and one receiver thread) or " +
            "quickfixj (QuickFIX/J initiators) (default: ${DEFAULT-VALUE})")
    String client;

    @Option(names = "--label", defaultValue = "load", description = "name of the run (default: ${DEFAULT-VALUE})")
    String label;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "order-entry host (default: ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--port", defaultValue = ORDER_ENTRY_PORT,
        description = "order-entry port (default: ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--begin-string", defaultValue = "FIX.4.4",
        description = "FIX version; FIX.4.2 for QuickFIX/J ordermatch (default: ${DEFAULT-VALUE})")
    String beginString;

    @Option(names = "--target-comp-id", defaultValue = VENUE_COMP_ID,
        description = "venue CompID (default: ${DEFAULT-VALUE})")
    String targetCompId;

    @Option(names = "--sessions", defaultValue = SHIPPED_SESSIONS,
        description = "order-entry sessions (default: ${DEFAULT-VALUE})")
    int sessions;

    @Option(names = "--first-session", defaultValue = "1",
        description = "number of the first session (default: ${DEFAULT-VALUE})")
    int firstSession;

    @Option(names = "--comp-id-format", defaultValue = CLIENT_COMP_ID_FORMAT,
        description = "SenderCompID of session number n (default: ${DEFAULT-VALUE})")
    String compIdFormat;

    @Option(names = "--password-format", defaultValue = CLIENT_PASSWORD_FORMAT,
        description = "Password (554) of session number n, Username (553) is the CompID (default: ${DEFAULT-VALUE})")
    String passwordFormat;

    @Option(names = "--no-password", description = "send no Username/Password on Logon")
    boolean noPassword;

    // 20/s per session with the 10 default sessions, well within the 150 messages/s per session the venue's
    // shipped throttle admits (fix.throttle.messages-per-second): a lifetime cancel beside every order doubles it,
    // and a sender that fell seconds behind plan catches up in a burst
    @Option(names = "--rate", defaultValue = "200",
        description = "planned requests per second, all sessions together; the venue's shipped throttle admits " +
            "150 messages/s per session (default: ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--duration", defaultValue = "20s", converter = DurationConverter.class,
        description = "measured time, e.g. 20s, 2m (default: 20s)")
    long durationNs;

    @Option(names = "--warmup", defaultValue = "5s", converter = DurationConverter.class,
        description = "load before measuring (default: 5s)")
    long warmupNs;

    @Option(names = "--drain-timeout", defaultValue = "5s", converter = DurationConverter.class,
        description = "wait for outstanding answers after the last request (default: 5s)")
    long drainTimeoutNs;

    @Option(names = "--prefill", defaultValue = "0",
        description = "passive orders to place (unmeasured) before the run (default: ${DEFAULT-VALUE})")
    int prefill;

    @Option(names = "--prefill-rate", defaultValue = "5000",
        description = "prefill orders/s (default: ${DEFAULT-VALUE})")
    double prefillRate;

    @Option(names = "--spin-us", defaultValue = "0",
        description = "spin instead of parking when the next request is due within this many us; 0 parks always " +
            "(a park overshoots by ~50 us; spinning takes a core) (default: ${DEFAULT-VALUE})")
    long spinUs;

    @Option(names = "--logon-timeout", defaultValue = "30s", converter = DurationConverter.class,
        description = "time for all sessions to log on (default: 30s)")
    long logonTimeoutNs;

    @Option(names = "--instruments", defaultValue = Instrument.DEMO_LIST,
        description = "SYM:MID:TICK:LOT,... or gen:COUNT (S0001.. at 100.00) (default: the server's demo instruments)")
    String instruments;

    @Option(names = "--market-ratio", defaultValue = "0.2",
        description = "share of inserts that are market orders (default: ${DEFAULT-VALUE})")
    double marketRatio;

    @Option(names = "--price-sigma-ticks", defaultValue = "20",
        description = "standard deviation of limit prices around the mid, in ticks (default: ${DEFAULT-VALUE})")
    double priceSigmaTicks;

    @Option(names = "--executing-ratio", defaultValue = "-1",
        description = "share of limit inserts priced through the mid (the rest passive); negative: prices " +
            "symmetric around the mid whatever the side, the published model (default: ${DEFAULT-VALUE})")
    double executingRatio;

    @Option(names = "--mix", defaultValue = "1:0:0",
        description = "insert:cancel:replace weights, e.g. 50:25:25 (default: ${DEFAULT-VALUE}, inserts only)")
    String mix;

    @Option(names = "--max-lots", defaultValue = "10", description = "quantities 1..N lots (default: ${DEFAULT-VALUE})")
    int maxLots;

    @Option(names = "--resting-lifetime", defaultValue = "60s", converter = DurationConverter.class,
        description = "cancel a resting order this long after its ack; 0 never (default: 60s)")
    long restingLifetimeNs;

    @Option(names = "--seed", defaultValue = "20231122", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--md-sessions", defaultValue = "0",
        description = "market-data subscribers (MarketDataRequest sessions of the --client) (default: " +
            "${DEFAULT-VALUE})")
    int mdSessions;

    @Option(names = "--md-port", defaultValue = MARKET_DATA_PORT,
        description = "market-data port (default: ${DEFAULT-VALUE})")
    int mdPort;

    @Option(names = "--md-target-comp-id", defaultValue = MARKET_DATA_COMP_ID,
        description = "market-data venue CompID (default: ${DEFAULT-VALUE})")
    String mdTargetCompId;

    @Option(names = "--md-comp-id-format", defaultValue = MD_COMP_ID_FORMAT,
        description = "(default: ${DEFAULT-VALUE})")
    String mdCompIdFormat;

    @Option(names = "--md-password-format", defaultValue = MD_PASSWORD_FORMAT,
        description = "(default: ${DEFAULT-VALUE})")
    String mdPasswordFormat;

    @Option(names = "--md-view", defaultValue = "l3",
        description = "l3 (order by order, 266=N, carries OrderID in 278) or l2 (price levels) (default: " +
            "${DEFAULT-VALUE})")
    String mdView;

    @Option(names = "--md-depth", defaultValue = "10",
        description = "MarketDepth of the l2 view (default: ${DEFAULT-VALUE})")
    int mdDepth;

    @Option(names = "--out", description = "directory for summary.properties and the .hgrm files")
    Path out;

    @Option(names = "--tls-trust",
        description = "order entry over TLS (lean client): a PKCS12 trust store of the venue's CA, e.g. the one " +
            "'fix-load tls-files' writes; market data stays plain")
    Path tlsTrust;

    @Option(names = "--tls-trust-password", defaultValue = "changeit",
        description = "password of --tls-trust (default: ${DEFAULT-VALUE})")
    String tlsTrustPassword;

    @Option(names = "--measure-start-file",
        description = "create this file when the measured part starts (after logon, prefill and warm-up)")
    Path measureStartFile;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public Integer call() throws Exception
    {
        final LoadConfig config;
        try
        {
            config = config();
            if (!"lean".equals(client) && !"quickfixj".equals(client))
            {
                throw new IllegalArgumentException("--client must be lean or quickfixj, was " + client);
            }
            if (tlsTrust != null && !"lean".equals(client))
            {
                throw new IllegalArgumentException("--tls-trust needs --client lean");
            }
        }
        catch (final IllegalArgumentException ex)
        {
            throw new CommandLine.ParameterException(spec.commandLine(), ex.getMessage(), ex);
        }
        final PrintStream stdout = System.out;
        // before the load starts: the load itself raises the load average
        final HostLoad host = HostLoad.sample();
        final LoadResult result;
        try
        {
            result = "lean".equals(client) ? new LeanLoadRunner(config, stdout,
                tlsTrust == null ? null : TlsChannel.clientContext(tlsTrust, tlsTrustPassword)).run() :
                new LoadRunner(config, stdout).run();
        }
        catch (final LoadException ex)
        {
            System.err.println("fix-load: " + ex.getMessage());
            return 3;
        }
        LoadReport.print(result, stdout);
        stdout.println("host      " + host.describe());
        if (host.busy())
        {
            stdout.println("host      " + host.warning());
        }
        if (out != null)
        {
            try
            {
                LoadReport.write(result, host, out);
            }
            catch (final IOException ex)
            {
                System.err.println("fix-load: cannot write " + out + ": " + ex);
                return 4;
            }
            stdout.println("files     " + out + ": summary.properties, *.hgrm (values in us)");
        }
        return result.unanswered() > 0 || result.outcome().capacityExhausted() ? 5 : 0;
    }

    LoadConfig config()
    {
        final String[] weights = mix.split(":");
        if (weights.length != 3)
        {
            throw new IllegalArgumentException("--mix must be insert:cancel:replace, e.g. 50:25:25, was " + mix);
        }
        final OrderModelConfig model = new OrderModelConfig(Instrument.parseList(instruments), marketRatio,
            priceSigmaTicks, executingRatio, Double.parseDouble(weights[0]), Double.parseDouble(weights[1]),
            Double.parseDouble(weights[2]), maxLots, restingLifetimeNs, seed);
        final LoadConfig.MarketDataConfig marketData = mdSessions <= 0 ? null : new LoadConfig.MarketDataConfig(host,
            mdPort, mdTargetCompId, SessionNames.compIds(mdCompIdFormat, 1, mdSessions),
            SessionNames.passwords(mdCompIdFormat, mdPasswordFormat, 1, mdSessions), !"l2".equalsIgnoreCase(mdView),
            mdDepth);
        return new LoadConfig(label, host, port, beginString, targetCompId,
            SessionNames.compIds(compIdFormat, firstSession, sessions),
            SessionNames.passwords(compIdFormat, noPassword ? null : passwordFormat, firstSession, sessions), rate,
            warmupNs, durationNs, drainTimeoutNs, prefill, prefillRate, spinUs * 1000, logonTimeoutNs, model,
            marketData, out, measureStartFile);
    }
}
