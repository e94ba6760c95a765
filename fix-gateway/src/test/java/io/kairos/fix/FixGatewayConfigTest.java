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
        assertEquals("CLIENT01", config.sessions().get(0).compId());
        assertTrue(config.sessions().get(0).passwordHash().matches("client01pass".toCharArray(), 12));
        assertEquals("CLIENT10", config.sessions().get(9).compId());
        assertEquals(10, config.sessions().get(9).sessionId());
        assertTrue(config.sessions().get(9).passwordHash().matches("client10pass".toCharArray(), 12));
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
            FixSessionConfig.withPassword("A", "p", 1, false), FixSessionConfig.withPassword("A", "p", 2, false))));
        assertMessage("fix.sessions duplicate session-id 1", () -> defaults.withSessions(List.of(
            FixSessionConfig.withPassword("A", "p", 1, false), FixSessionConfig.withPassword("B", "p", 1, false))));
        assertMessage("session A session-id must be >= 1, was 0", () ->
            FixSessionConfig.withPassword("A", "p", 0, false));
    }

    @Test
    void shouldRefuseDropCopySessionsThatClashOrNameNoFirm()
    {
        final FixGatewayConfig defaults = FixGatewayConfig.defaults(DATA);
        assertMessage("fix.drop-copy-sessions comp-id CLIENT01 is already a session's", () ->
            defaults.withDropCopySessions(List.of(
                DropCopySessionConfig.withPassword("CLIENT01", "p", 0, List.of("FIRM1")))));
        assertMessage("fix.drop-copy-sessions comp-id DC01 is already a session's", () ->
            defaults.withDropCopySessions(List.of(
                DropCopySessionConfig.withPassword("DC01", "p", 0, List.of("FIRM1")),
                DropCopySessionConfig.withPassword("DC01", "p", 1, List.of("FIRM2")))));
        assertMessage("fix.drop-copy-sessions comp-id KAIROS is the gateway's own", () ->
            defaults.withDropCopySessions(List.of(
                DropCopySessionConfig.withPassword("KAIROS", "p", 0, List.of("FIRM1")))));
        assertMessage("drop-copy session DC01 firms must name at least one member firm", () ->
            DropCopySessionConfig.withPassword("DC01", "p", 0, List.of()));
        assertMessage("drop-copy session DC01 firms names FIRM1 twice", () ->
            DropCopySessionConfig.withPassword("DC01", "p", 0, List.of("FIRM1", "FIRM1")));
        final FixGatewayConfig withDropCopy = defaults.withDropCopySessions(List.of(
            DropCopySessionConfig.withPassword("DC01", "p", 0, List.of("FIRM1"))));
        assertEquals(11, withDropCopy.logons().size(), "the ten sessions and the drop copy log on");
        assertEquals(FixGatewayConfig.MAX_SESSION_ID, withDropCopy.logons().get(10).sessionId());
        assertEquals(withDropCopy.dropCopySessions(), withDropCopy.withPort(1).dropCopySessions(), "kept by with…");
        assertFalse(withDropCopy.dropCopySessions().get(0).toString().contains("pbkdf2"));
    }

    @Test
    void shouldNeverPrintPasswords()
    {
        final FixSessionConfig session = FixSessionConfig.withPassword("CLIENT01", "secret", 1, true);
        final String text = session.toString();
        assertFalse(text.contains("secret"));
        assertFalse(text.contains(session.passwordHash().encoded().substring(20)));
        assertTrue(text.contains("CLIENT01"));
    }

    private static void assertMessage(final String expected, final org.junit.jupiter.api.function.Executable executable)
    {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, executable).getMessage());
    }
}
