package io.kairos.fix;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixGatewayConfigTest
{
    private static final Path DATA = Path.of("data");

    @Test
    void shouldDefaultToTheDocumentedContract()
    {
        final FixGatewayConfig config = FixGatewayConfig.defaults(DATA);
        assertEquals("127.0.0.1", config.bindAddress());
        assertEquals(9880, config.port());
        assertEquals("KAIROS", config.compId());
        assertEquals(10, config.sessions().size());
        assertEquals(new FixSessionConfig("CLIENT01", "client01pass", 1, false), config.sessions().get(0));
        assertEquals(new FixSessionConfig("CLIENT10", "client10pass", 10, false), config.sessions().get(9));
        assertEquals(150, config.throttleMessagesPerSecond());
        assertEquals(450, config.throttleDisconnectAfterRejects());
    }

    @Test
    void shouldNameTheFieldAtFault()
    {
        final FixGatewayConfig defaults = FixGatewayConfig.defaults(DATA);
        assertMessage("fix.port must be in [0, 65535], was 70000", () -> defaults.withPort(70_000));
        assertMessage("fix.throttle.messages-per-second must be >= 1, was 0", () -> defaults.withThrottle(0, 1));
        assertMessage("fix.max-sessions must be >= 1, was 0", () -> defaults.withMaxSessions(0));
        assertMessage("fix.sessions duplicate comp-id A", () -> defaults.withSessions(List.of(
            new FixSessionConfig("A", "p", 1, false), new FixSessionConfig("A", "p", 2, false))));
        assertMessage("fix.sessions duplicate session-id 1", () -> defaults.withSessions(List.of(
            new FixSessionConfig("A", "p", 1, false), new FixSessionConfig("B", "p", 1, false))));
        assertMessage("session A session-id must be >= 1, was 0", () -> new FixSessionConfig("A", "p", 0, false));
        assertMessage("session A password must be non-empty printable ASCII", () ->
            new FixSessionConfig("A", "", 1, false));
    }

    @Test
    void shouldNeverPrintPasswords()
    {
        final String text = new FixSessionConfig("CLIENT01", "secret", 1, true).toString();
        assertFalse(text.contains("secret"));
        assertTrue(text.contains("CLIENT01"));
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable executable)
    {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}
