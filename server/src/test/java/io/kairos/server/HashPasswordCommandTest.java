package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.kairos.access.PasswordHash;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HashPasswordCommandTest
{
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void shouldPrintAHashOfTheFirstLineOfStandardInputThatTheServerReads()
    {
        assertEquals(0, run("client11pass\r\nignored\n", "--iterations", "1000"));
        final String line = out.toString(StandardCharsets.US_ASCII).strip();
        assertTrue(line.startsWith("pbkdf2-sha256$1000$"), line);
        assertFalse(line.contains("client11pass"));
        final PasswordHash hash = PasswordHash.parse(line, "fix.session.CLIENT11.password-hash");
        assertTrue(hash.matches("client11pass".toCharArray(), 12));
    }

    @Test
    void shouldUseOwaspsIterationsByDefault()
    {
        assertEquals(0, run("pw\n"));
        assertTrue(out.toString(StandardCharsets.US_ASCII).startsWith("pbkdf2-sha256$600000$"));
    }

    @Test
    void shouldRefuseAnEmptyPasswordOrTooFewIterations()
    {
        assertEquals(ToolExit.BAD_USAGE, run("\n", "--iterations", "1000"));
        assertTrue(err.toString(StandardCharsets.US_ASCII).contains("no password given"));
        assertEquals(ToolExit.BAD_USAGE, run("pw\n", "--iterations", "10"));
        assertTrue(err.toString(StandardCharsets.US_ASCII).contains("--iterations must be in [1000, 10000000]"),
            err.toString(StandardCharsets.US_ASCII));
        assertEquals("", out.toString(StandardCharsets.US_ASCII));
    }

    private int run(final String stdin, final String... args)
    {
        final HashPasswordCommand command = new HashPasswordCommand(null,
            new ByteArrayInputStream(stdin.getBytes(StandardCharsets.US_ASCII)),
            new PrintStream(out, true, StandardCharsets.US_ASCII),
            new PrintStream(err, true, StandardCharsets.US_ASCII));
        return new CommandLine(command).execute(args);
    }
}
