package io.kairos.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kairos-server admin}: the operator controls of a running venue from the command line, sent to its management
 * port ({@link AdminRequest} says what each is) with the operator's bearer token, the answer printed. Runs on the
 * calling thread.
 */
@Command(name = "admin", mixinStandardHelpOptions = true, sortOptions = false,
    subcommands = {AdminCommand.Sessions.class, AdminCommand.Halt.class, AdminCommand.Resume.class,
        AdminCommand.CancelAll.class, AdminCommand.Disconnect.class},
    description = {
        "Operator controls of a running venue, sent to its management port (metrics.port):",
        "list the sessions, halt or resume an instrument or the venue, cancel every order of a session",
        "or a member firm (kill switch), disconnect a session. Each action is journalled with the",
        "operator's name. The token is one of admin.operators' (its SHA-256 in",
        "admin.operator.<NAME>.token-hash), from --token-file or $" + AdminCommand.TOKEN_ENV + "."},
    footer = {"", "Exit status: 0 done, 1 refused or not reachable (the answer says why), 2 bad command line."})
final class AdminCommand implements Callable<Integer>
{
    static final String TOKEN_ENV = "KAIROS_ADMIN_TOKEN";
    static final String URL_ENV = "KAIROS_ADMIN_URL";

    @Override
    public Integer call()
    {
        System.err.println("kairos-server admin: name a control: sessions, halt, resume, cancel-all, disconnect " +
            "(kairos-server admin --help)");
        return KairosServer.EXIT_BAD_CONFIG;
    }

    /** Where the venue's management port is and whose token to send; sends one request. */
    static final class Connection
    {
        @Option(names = "--url", paramLabel = "URL",
            description = "The venue's management endpoint (default: $" + URL_ENV + ", else http://127.0.0.1:9090).")
        private String url;

        @Option(names = "--token-file", paramLabel = "FILE",
            description = "A file holding the operator's token (default: $" + TOKEN_ENV + ").")
        private Path tokenFile;

        PrintStream out = System.out;
        PrintStream err = System.err;

        /** @return the exit status: 0 for a 2xx answer, 1 otherwise, 2 for a missing token. */
        int send(final String method, final String action, final String parameter, final String value)
        {
            final String token;
            try
            {
                token = token();
            }
            catch (final IOException | IllegalArgumentException ex)
            {
                err.println("kairos-server admin: " + ex.getMessage());
                return KairosServer.EXIT_BAD_CONFIG;
            }
            final String base = url != null ? url : System.getenv().getOrDefault(URL_ENV, "http://127.0.0.1:9090");
            final String query = parameter == null ? "" :
                "?" + parameter + (value == null ? "" : "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
            final URI uri;
            try
            {
                uri = URI.create(base.replaceAll("/+$", "") + AdminRequest.PREFIX + action + query);
            }
            catch (final IllegalArgumentException ex)
            {
                err.println("kairos-server admin: --url " + base + " is not a URL: " + ex.getMessage());
                return KairosServer.EXIT_BAD_CONFIG;
            }
            final HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(15))
                .header("Authorization", "Bearer " + token)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
            try (HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build())
            {
                final HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
                final boolean done = response.statusCode() / 100 == 2;
                (done ? out : err).print((done ? "" : "kairos-server admin: " + response.statusCode() + " ") +
                    response.body());
                return done ? KairosServer.EXIT_OK : KairosServer.EXIT_START_FAILED;
            }
            catch (final IOException ex)
            {
                err.println("kairos-server admin: cannot reach " + base + ": " + ex);
                return KairosServer.EXIT_START_FAILED;
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return KairosServer.EXIT_START_FAILED;
            }
        }

        private String token() throws IOException
        {
            final String token = tokenFile != null ? Files.readString(tokenFile).trim() :
                System.getenv().getOrDefault(TOKEN_ENV, "").trim();
            if (token.isEmpty())
            {
                throw new IllegalArgumentException("no token: give --token-file FILE or set $" + TOKEN_ENV);
            }
            if (!token.chars().allMatch(c -> c > ' ' && c < 127))
            {
                throw new IllegalArgumentException("the token holds characters an HTTP header cannot carry");
            }
            return token;
        }
    }

    /** One instrument, or the whole venue. */
    static final class Scope
    {
        @Parameters(paramLabel = "SYMBOL", description = "The instrument.")
        private String symbol;

        @Option(names = "--venue", required = true, description = "Every instrument.")
        private boolean venue;
    }

    /** One session, or a member firm's. */
    static final class Owner
    {
        @Option(names = "--session", required = true, paramLabel = "COMPID", description = "The session's CompID.")
        private String session;

        @Option(names = "--firm", required = true, paramLabel = "FIRM", description = "Every session of the firm.")
        private String firm;
    }

    @Command(name = "sessions", mixinStandardHelpOptions = true,
        description = "Lists the order-entry sessions: firm, logged on or not, from where, since when.")
    static final class Sessions implements Callable<Integer>
    {
        @Mixin
        private Connection connection;

        @Override
        public Integer call()
        {
            return connection.send("GET", "sessions", null, null);
        }
    }

    /** Halt or resume: one instrument, or the venue. */
    abstract static class TradingControl implements Callable<Integer>
    {
        @Mixin
        private Connection connection;

        @ArgGroup(multiplicity = "1")
        private Scope scope;

        /** The control's name in the request path. */
        abstract String action();

        @Override
        public Integer call()
        {
            return scope.venue ? connection.send("POST", action(), "venue", null) :
                connection.send("POST", action(), "instrument", scope.symbol);
        }
    }

    @Command(name = "halt", mixinStandardHelpOptions = true,
        description = "Halts an instrument (or --venue: every one): new orders and replaces refused, cancels taken.")
    static final class Halt extends TradingControl
    {
        @Override
        String action()
        {
            return "halt";
        }
    }

    @Command(name = "resume", mixinStandardHelpOptions = true,
        description = "Ends the halt of an instrument (or --venue: of every one).")
    static final class Resume extends TradingControl
    {
        @Override
        String action()
        {
            return "resume";
        }
    }

    @Command(name = "cancel-all", mixinStandardHelpOptions = true,
        description = "Kill switch: cancels every order of a session or of every session of a member firm; the " +
            "owners are sent their cancels.")
    static final class CancelAll implements Callable<Integer>
    {
        @Mixin
        private Connection connection;

        @ArgGroup(multiplicity = "1")
        private Owner owner;

        @Override
        public Integer call()
        {
            return owner.session != null ? connection.send("POST", "cancel-all", "session", owner.session) :
                connection.send("POST", "cancel-all", "firm", owner.firm);
        }
    }

    @Command(name = "disconnect", mixinStandardHelpOptions = true,
        description = "Sends the session a Logout and closes its connection.")
    static final class Disconnect implements Callable<Integer>
    {
        @Mixin
        private Connection connection;

        @Parameters(paramLabel = "COMPID", description = "The session's CompID.")
        private String session;

        @Override
        public Integer call()
        {
            return connection.send("POST", "disconnect", "session", session);
        }
    }
}
