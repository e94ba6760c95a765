package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.handler.codec.http.HttpMethod;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What an operator's request must look like before it reaches the console: the action's method, exactly its
 * parameters, each once. The console here has no venue attached, so a request that gets through is answered 503 by it
 * (and one refused here never gets that far); the operators' tokens are checked against their hashes.
 */
class AdminRequestTest
{
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private final OperatorConsole console = new OperatorConsole(AdminOperators.NONE,
        new PrintStream(log, true, StandardCharsets.UTF_8), new SimpleMeterRegistry());

    @AfterEach
    void close()
    {
        console.close();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "GET, /admin/sessions",
        "POST, /admin/halt?instrument=GOOG",
        "POST, /admin/halt?venue",
        "POST, /admin/resume?instrument=GOOG",
        "POST, /admin/resume?venue",
        "POST, /admin/cancel-all?session=CLIENT01",
        "POST, /admin/cancel-all?firm=FIRM1",
        "POST, /admin/disconnect?session=CLIENT01"})
    void shouldPassAWellFormedRequestToTheConsole(final String method, final String uri) throws Exception
    {
        final OperatorConsole.Answer answer = answer(method, uri);

        assertEquals(503, answer.status(), answer.text());
        assertTrue(answer.text().startsWith("no order entry in this process"), answer.text());
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "POST, /admin/sessions, 405, use GET",
        "GET, /admin/halt?instrument=GOOG, 405, use POST",
        "DELETE, /admin/disconnect?session=CLIENT01, 405, use POST",
        "POST, /admin/halt, 400, give exactly one of [instrument, venue]",
        "POST, /admin/halt?instrument=GOOG&venue, 400, give exactly one of [instrument, venue]",
        "POST, /admin/halt?instrument=GOOG&instrument=MSFT, 400, parameter instrument given more than once",
        "POST, /admin/halt?instrument=, 400, parameter instrument is empty",
        "POST, /admin/cancel-all?session=CLIENT01&firm=FIRM1, 400, give exactly one of [firm, session]",
        "POST, /admin/cancel-all?session=CLIENT01&force=1, 400, unknown parameter force",
        "GET, /admin/sessions?all=1, 400, unknown parameter all",
        "POST, /admin/disconnect, 400, give exactly one of [session]",
        "POST, /admin/shutdown, 404, no operator control /admin/shutdown",
        "GET, /admin/, 404, no operator control /admin/"})
    void shouldRefuseAMalformedRequestWithoutReachingTheConsole(final String method, final String uri,
        final int status, final String text) throws Exception
    {
        final OperatorConsole.Answer answer = answer(method, uri);

        assertEquals(status, answer.status(), answer.text());
        assertTrue(answer.text().startsWith(text), answer.text());
        assertEquals("", log.toString(StandardCharsets.UTF_8), "nothing was done");
    }

    @Test
    void shouldNameTheOperatorWhoseTokenIsPresentedAndNobodyForAnyOtherToken()
    {
        final AdminOperators operators = new AdminOperators(Map.of(
            "alice", hex(ManagementHandler.sha256("alice-token")), "bob", hex(ManagementHandler.sha256("bob-token"))));

        assertEquals("alice", operators.operatorOf("Bearer alice-token"));
        assertEquals("bob", operators.operatorOf("bearer bob-token"));
        assertNull(operators.operatorOf("Bearer alice-token2"));
        assertNull(operators.operatorOf("Basic YWxpY2U6YWxpY2U="));
        assertNull(operators.operatorOf("Bearer "));
        assertNull(operators.operatorOf(null));
        assertTrue(operators.enabled());
        assertTrue(!AdminOperators.NONE.enabled());
        assertEquals("AdminOperators[alice, bob]".length(), operators.toString().length(), "no hash printed");
    }

    private OperatorConsole.Answer answer(final String method, final String uri) throws Exception
    {
        return AdminRequest.of(HttpMethod.valueOf(method), uri, "alice").perform(console).get();
    }

    private static String hex(final byte[] bytes)
    {
        return java.util.HexFormat.of().formatHex(bytes);
    }
}
