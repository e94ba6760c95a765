package io.kairos.server;

import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.Callable;

import io.kairos.access.PasswordHash;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kairos-server hash-password}: reads a password, without echo from the terminal or as the first line of
 * standard input when that is not a terminal, and prints its stored form ({@link PasswordHash}) for
 * {@code fix.session.<ID>.password-hash} or {@code md.session.<ID>.password-hash}. Runs on the calling thread.
 */
@Command(name = "hash-password", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
        "Prints the stored form of a session's password: a salted PBKDF2-SHA256 hash for",
        "fix.session.<ID>.password-hash or md.session.<ID>.password-hash (or their KAIROS_* variables).",
        "The password is read without echo from the terminal, or as the first line of standard input",
        "when that is not a terminal (e.g. printf '%s' \"$PW\" | kairos-server hash-password)."},
    footer = {"", "Exit status: 0 printed, 2 bad command line or password."})
final class HashPasswordCommand implements Callable<Integer>
{
    @Option(names = "--iterations", paramLabel = "N", defaultValue = "" + PasswordHash.DEFAULT_ITERATIONS,
        description = "PBKDF2 iterations, " + PasswordHash.MIN_ITERATIONS + ".." + PasswordHash.MAX_ITERATIONS +
            " (default: ${DEFAULT-VALUE}, OWASP's for PBKDF2-SHA256; fewer only for tests).")
    private int iterations;

    private final Console console;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    HashPasswordCommand()
    {
        this(System.console(), System.in, System.out, System.err);
    }

    HashPasswordCommand(final Console console, final InputStream in, final PrintStream out, final PrintStream err)
    {
        this.console = console;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call()
    {
        char[] password = null;
        try
        {
            password = console != null ? fromConsole() : fromStream();
            if (password == null || password.length == 0)
            {
                err.println("kairos-server hash-password: no password given");
                return ToolExit.BAD_USAGE;
            }
            for (final char c : password)
            {
                if (c < ' ' || c >= 127)
                {
                    err.println("kairos-server hash-password: the password must be printable ASCII (FIX Password 554)");
                    return ToolExit.BAD_USAGE;
                }
            }
            out.println(PasswordHash.create(password, iterations).encoded());
            return 0;
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("kairos-server hash-password: --" + ex.getMessage());
            return ToolExit.BAD_USAGE;
        }
        catch (final IOException ex)
        {
            err.println("kairos-server hash-password: cannot read the password: " + ex.getMessage());
            return ToolExit.BAD_USAGE;
        }
        finally
        {
            if (password != null)
            {
                Arrays.fill(password, '\0');
            }
        }
    }

    private char[] fromConsole() throws IOException
    {
        final char[] first = console.readPassword("Password: ");
        final char[] second = first == null ? null : console.readPassword("Again: ");
        if (first == null || second == null)
        {
            return null;
        }
        final boolean same = Arrays.equals(first, second);
        Arrays.fill(second, '\0');
        if (!same)
        {
            Arrays.fill(first, '\0');
            throw new IOException("the two passwords differ");
        }
        return first;
    }

    /** The first line of standard input, without its line end. */
    private char[] fromStream() throws IOException
    {
        final BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
        final CharBuffer line = CharBuffer.allocate(1024);
        int c;
        while ((c = reader.read()) >= 0 && c != '\n')
        {
            if (!line.hasRemaining())
            {
                throw new IOException("the password line is longer than 1024 characters");
            }
            line.put((char)c);
        }
        line.flip();
        int length = line.remaining();
        if (length > 0 && line.get(length - 1) == '\r')
        {
            length--;
        }
        final char[] password = new char[length];
        line.get(password, 0, length);
        Arrays.fill(line.array(), '\0');
        return password;
    }
}
