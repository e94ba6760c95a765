package io.kairos.bench.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * A result as it travels between the bench's JVMs: a UTF-8 properties file that the child that measured writes and
 * the parent that reports reads ({@link RunResult}, {@link ReplayResult}). Each result names its keys; this is the
 * file and the refusal of a missing key, written once. An instance is read by one thread.
 *
 * @param file   where it was read from
 * @param what   what it holds, e.g. "run result", for messages
 * @param values its keys and values, as loaded
 */
record ResultFile(Path file, String what, Properties values)
{
    /** Writes {@code values} to {@code file}; {@code what} (e.g. "run result") goes into its header comment. */
    static void write(final Properties values, final Path file, final String what) throws IOException
    {
        try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            values.store(out, "Kairos bench " + what);
        }
    }

    /** Loads {@code file}; {@code what} (e.g. "run result") names it in the refusal of a missing key. */
    static ResultFile read(final Path file, final String what) throws IOException
    {
        final Properties values = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            values.load(in);
        }
        return new ResultFile(file, what, values);
    }

    /** @throws IOException naming the file and the key when the file lacks it */
    String required(final String key) throws IOException
    {
        final String value = values.getProperty(key);
        if (value == null)
        {
            throw new IOException(file + ": " + what + " lacks '" + key + "'");
        }
        return value;
    }
}
