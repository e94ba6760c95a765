package io.kairos.server;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.kairos.engine.TradingAction;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.QueryStringDecoder;

/**
 * One authenticated request to the operator controls, checked: the path names the action, the method must be the
 * action's (GET to read, POST to act), the query holds exactly the parameters the action takes, each once. What does
 * not check out is answered at once (400, 404, 405) and reaches nothing. Immutable; any thread.
 *
 * <pre>
 *   GET  /admin/sessions
 *   POST /admin/halt?instrument=SYMBOL      POST /admin/halt?venue
 *   POST /admin/resume?instrument=SYMBOL    POST /admin/resume?venue
 *   POST /admin/cancel-all?session=COMPID   POST /admin/cancel-all?firm=FIRM
 *   POST /admin/disconnect?session=COMPID
 * </pre>
 */
final class AdminRequest
{
    static final String PREFIX = "/admin/";
    static final String USAGE = """
        GET  /admin/sessions
        POST /admin/halt?instrument=SYMBOL | /admin/halt?venue
        POST /admin/resume?instrument=SYMBOL | /admin/resume?venue
        POST /admin/cancel-all?session=COMPID | /admin/cancel-all?firm=FIRM
        POST /admin/disconnect?session=COMPID
        """;

    private final Function<OperatorConsole, CompletableFuture<OperatorConsole.Answer>> action;

    private AdminRequest(final Function<OperatorConsole, CompletableFuture<OperatorConsole.Answer>> action)
    {
        this.action = action;
    }

    /** The request as {@code operator} sent it; never null (a bad one answers its refusal). */
    static AdminRequest of(final HttpMethod method, final String uri, final String operator)
    {
        final QueryStringDecoder query = new QueryStringDecoder(uri);
        final String action = query.path().substring(PREFIX.length());
        final Map<String, List<String>> parameters = query.parameters();
        return switch (action)
        {
            case "sessions" -> checked(method, HttpMethod.GET, parameters, Set.of(), Set.of(),
                console -> console.sessions());
            case "halt", "resume" -> checked(method, HttpMethod.POST, parameters, Set.of("instrument", "venue"),
                Set.of("instrument", "venue"), console -> console.trading(operator, "halt".equals(action) ?
                    TradingAction.HALT : TradingAction.RESUME, value(parameters, "instrument")));
            case "cancel-all" -> checked(method, HttpMethod.POST, parameters, Set.of("session", "firm"),
                Set.of("session", "firm"), console -> console.cancelAll(operator, value(parameters, "session"),
                    value(parameters, "firm")));
            case "disconnect" -> checked(method, HttpMethod.POST, parameters, Set.of("session"), Set.of("session"),
                console -> console.disconnect(operator, value(parameters, "session")));
            default -> refused(404, "no operator control " + query.path() + "; there are:\n" + USAGE);
        };
    }

    /** Carries the request out (or answers its refusal). */
    CompletableFuture<OperatorConsole.Answer> perform(final OperatorConsole console)
    {
        return action.apply(console);
    }

    /**
     * @param allowed  the parameters the action reads
     * @param oneOf    of these exactly one must be given (empty: none is required)
     */
    private static AdminRequest checked(final HttpMethod method, final HttpMethod expected,
        final Map<String, List<String>> parameters, final Set<String> allowed, final Set<String> oneOf,
        final Function<OperatorConsole, CompletableFuture<OperatorConsole.Answer>> action)
    {
        if (!expected.equals(method))
        {
            return refused(405, "use " + expected + " for this control; the controls are:\n" + USAGE);
        }
        for (final Map.Entry<String, List<String>> parameter : parameters.entrySet())
        {
            if (!allowed.contains(parameter.getKey()))
            {
                return refused(400, "unknown parameter " + parameter.getKey() + "; the controls are:\n" + USAGE);
            }
            if (parameter.getValue().size() > 1)
            {
                return refused(400, "parameter " + parameter.getKey() + " given more than once\n");
            }
        }
        final long given = oneOf.stream().filter(parameters::containsKey).count();
        if (!oneOf.isEmpty() && given != 1)
        {
            return refused(400, "give exactly one of " + oneOf.stream().sorted().toList() + "; the controls are:\n" +
                USAGE);
        }
        for (final String name : oneOf)
        {
            final String value = value(parameters, name);
            if (value != null && !"venue".equals(name) && value.isEmpty())
            {
                return refused(400, "parameter " + name + " is empty\n");
            }
        }
        return new AdminRequest(action);
    }

    private static String value(final Map<String, List<String>> parameters, final String name)
    {
        final List<String> values = parameters.get(name);
        return values == null ? null : values.get(0);
    }

    private static AdminRequest refused(final int status, final String text)
    {
        final CompletableFuture<OperatorConsole.Answer> answer =
            CompletableFuture.completedFuture(new OperatorConsole.Answer(status, text));
        return new AdminRequest(console -> answer);
    }
}
