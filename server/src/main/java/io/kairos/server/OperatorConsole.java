package io.kairos.server;

import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.kairos.engine.CommandSink;
import io.kairos.engine.EngineCommand;
import io.kairos.engine.Instrument;
import io.kairos.engine.ReferenceData;
import io.kairos.engine.TradingAction;
import io.kairos.fix.FixGateway;
import io.kairos.fix.FixSessionConfig;
import io.kairos.fix.OrderEntrySessionState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Carries out an operator's controls: halt and resume an instrument or the venue, the kill switch (cancel every order
 * of a session or a member firm: the owners get their cancels), throw a session out, list the sessions. Every action
 * goes through the engine's command path as a command marked {@link EngineCommand#byOperator} naming the operator, so
 * the journal (or the replicated log) records who asked and when, and replay reproduces it; each is also logged.
 *
 * <p>Actions run one at a time on a thread of the console's own ("kairos-admin"): publishing may wait for room in
 * the engine's rings, which no event loop may do. Until {@link #attach} (the engine and gateways start after the
 * management port) and in a cluster member's process (no gateways), actions are answered 503. Any thread may call.
 */
final class OperatorConsole implements AutoCloseable
{
    /** The longest an action waits for the gateway (a disconnect); then 503. */
    private static final long ACTION_TIMEOUT_MS = 5_000;
    private static final String LOGOUT_TEXT = "Disconnected by the venue's operator";

    /** An HTTP status and its text. */
    record Answer(int status, String text)
    {
    }

    /** What the console acts on, once the venue has started it. */
    private record Venue(CommandSink sink, ReferenceData referenceData, FixGateway fix)
    {
    }

    private final AdminOperators operators;
    private final PrintStream log;
    private final MeterRegistry registry;
    private final ExecutorService executor = Executors.newSingleThreadExecutor(runnable ->
    {
        final Thread thread = new Thread(runnable, "kairos-admin");
        thread.setDaemon(true);
        return thread;
    });
    /** Used on the executor's thread only. */
    private final EngineCommand command = new EngineCommand();
    private volatile Venue venue;

    /** @param registry where each action taken is counted ({@code kairos_admin_actions_total{action}}) */
    OperatorConsole(final AdminOperators operators, final PrintStream log, final MeterRegistry registry)
    {
        this.operators = operators;
        this.log = log;
        this.registry = registry;
    }

    private void count(final String action)
    {
        Counter.builder("kairos.admin.actions").description("operator actions carried out (each also journalled)")
            .tag("action", action).register(registry).increment();
    }

    AdminOperators operators()
    {
        return operators;
    }

    /** The engine's command path, its instruments and the order-entry gateway: actions are taken from now on. */
    void attach(final CommandSink sink, final ReferenceData referenceData, final FixGateway fix)
    {
        venue = new Venue(sink, referenceData, fix);
    }

    /** The order-entry sessions, one line each. */
    CompletableFuture<Answer> sessions()
    {
        return run(v ->
        {
            final StringBuilder text = new StringBuilder(String.format("%-16s %-16s %-10s %-24s %s%n", "session",
                "firm", "state", "address", "since"));
            for (final OrderEntrySessionState state : v.fix().sessionStates())
            {
                text.append(String.format("%-16s %-16s %-10s %-24s %s%n", state.compId(), state.firm(),
                    state.loggedOn() ? "logged-on" : "offline", state.loggedOn() ? state.remoteAddress() : "-",
                    Instant.ofEpochMilli(state.sinceEpochMs())));
            }
            return new Answer(200, text.toString());
        });
    }

    /**
     * Halts ({@link TradingAction#HALT}) or resumes ({@link TradingAction#RESUME}) one instrument, or every one when
     * {@code symbol} is null.
     */
    CompletableFuture<Answer> trading(final String operator, final TradingAction action, final String symbol)
    {
        return run(v ->
        {
            final int instrumentId;
            if (symbol == null)
            {
                instrumentId = EngineCommand.ALL_INSTRUMENTS;
            }
            else
            {
                final Instrument instrument = v.referenceData().bySymbol(symbol);
                if (instrument == null)
                {
                    return new Answer(400, "unknown instrument " + symbol + "; instruments: " +
                        v.referenceData().instruments().stream().map(Instrument::symbol).toList() + "\n");
                }
                instrumentId = instrument.id();
            }
            final String what = (action == TradingAction.HALT ? "halt " : "resume ") +
                (symbol == null ? "every instrument" : symbol);
            count(action == TradingAction.HALT ? "halt" : "resume");
            return publish(v, command.operatorTradingAction(instrumentId, action, operator), operator, what);
        });
    }

    /** The kill switch: every order of the session {@code compId}, or of every session of {@code firm}. */
    CompletableFuture<Answer> cancelAll(final String operator, final String compId, final String firm)
    {
        return run(v ->
        {
            final List<FixSessionConfig> targets = v.fix().config().sessions().stream()
                .filter(s -> compId != null ? s.compId().equals(compId) : s.firm().equals(firm)).toList();
            if (targets.isEmpty())
            {
                return compId != null ? unknownSession(v, compId) : new Answer(400, "no session trades for firm " +
                    firm + "; firms: " + v.fix().config().sessions().stream().map(FixSessionConfig::firm).distinct()
                    .toList() + "\n");
            }
            final StringBuilder text = new StringBuilder();
            for (final FixSessionConfig target : targets)
            {
                final String what = "cancel every order of " + target.compId() + " (firm " + target.firm() + ")";
                count("cancel-all");
                final int cancelled = await(v.fix().operatorCancelAll(target.compId(), operator));
                log.println("kairos admin: operator " + operator + ": " + what + ": " + cancelled + " cancelled");
                text.append(what).append(": ").append(cancelled).append(cancelled == 1 ? " order" : " orders")
                    .append(" cancelled (journalled as MASS_CANCEL by operator ").append(operator).append(")\n");
            }
            return new Answer(200, text + "each order's owner is sent its cancel (ExecutionReport 150=4)\n");
        });
    }

    /** A Logout to the session, then its connection is closed. */
    CompletableFuture<Answer> disconnect(final String operator, final String compId)
    {
        return run(v ->
        {
            final FixSessionConfig target = v.fix().config().sessions().stream()
                .filter(s -> s.compId().equals(compId)).findFirst().orElse(null);
            if (target == null)
            {
                return unknownSession(v, compId);
            }
            count("disconnect");
            final Answer recorded = publish(v, command.operatorDisconnect(target.sessionId(), operator), operator,
                "disconnect " + compId);
            if (recorded.status() != 200)
            {
                return recorded;
            }
            final boolean wasLoggedOn = await(v.fix().disconnect(compId, LOGOUT_TEXT));
            return new Answer(200, recorded.text() + (wasLoggedOn ? compId + " was sent a Logout and disconnected\n" :
                compId + " was not logged on\n"));
        });
    }

    private Answer publish(final Venue v, final EngineCommand operatorCommand, final String operator,
        final String what)
    {
        if (v.sink().publish(operatorCommand) == CommandSink.CLOSED)
        {
            return new Answer(503, "the engine is stopping; nothing was done\n");
        }
        log.println("kairos admin: operator " + operator + ": " + what);
        return new Answer(200, what + " (journalled as " + operatorCommand.type + " by operator " + operator + ")\n");
    }

    private static Answer unknownSession(final Venue v, final String compId)
    {
        return new Answer(400, "unknown session " + compId + "; sessions: " +
            v.fix().config().sessions().stream().map(FixSessionConfig::compId).toList() + "\n");
    }

    private static <T> T await(final CompletableFuture<T> done) throws Exception
    {
        try
        {
            return done.get(ACTION_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        catch (final ExecutionException ex)
        {
            throw ex.getCause() instanceof Exception cause ? cause : ex;
        }
    }

    /** An action on the console's thread, or 503 when there is no venue to act on. */
    private CompletableFuture<Answer> run(final Action action)
    {
        final CompletableFuture<Answer> answer = new CompletableFuture<>();
        try
        {
            executor.execute(() ->
            {
                final Venue v = venue;
                if (v == null)
                {
                    answer.complete(new Answer(503, "no order entry in this process (it is starting, or it is a " +
                        "cluster member: use the gateway process's management port)\n"));
                    return;
                }
                try
                {
                    answer.complete(action.apply(v));
                }
                catch (final TimeoutException ex)
                {
                    answer.complete(new Answer(503, "no answer from the engine or the gateway within " +
                        ACTION_TIMEOUT_MS + " ms: the action may still be carried out (the journal and the sessions' " +
                        "reports will say)\n"));
                }
                catch (final Exception ex)
                {
                    answer.complete(new Answer(503, "not done: " + ex.getMessage() + "\n"));
                }
            });
        }
        catch (final java.util.concurrent.RejectedExecutionException ex)
        {
            answer.complete(new Answer(503, "the venue is stopping\n"));
        }
        return answer;
    }

    /** One action against the started venue. */
    @FunctionalInterface
    private interface Action
    {
        Answer apply(Venue venue) throws Exception;
    }

    @Override
    public void close()
    {
        executor.shutdownNow();
    }
}
