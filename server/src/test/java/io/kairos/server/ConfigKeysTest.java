package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.kairos.access.PasswordHash;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key table ({@link ConfigKeys}) against the shipped {@code kairos-default.properties}, {@link ConfigPrinter}, the
 * loader and the server's README: every key the shipped file sets, and every key its comments show as an example
 * ({@code #   fix.drop-copy-sessions=DC01}), is in the table, printed by {@code --check-config} and documented in the
 * README's "Configuration" section; every key of the table is in the shipped file or said here why not; the loader
 * reads no key outside the table; and where a component's record has a default of its own, it is the shipped one.
 */
class ConfigKeysTest
{
    /** Keys of the table the shipped file neither sets nor shows as an example, and why. */
    private static final Map<String, String> NOT_IN_SHIPPED_FILE = Map.of(
        "admin.operator.<NAME>.token-hash",
        "one per operator, and the shipped file lists no operator (the controls are off); its comment names the key");

    /** A commented-out example setting: {@code #   key=value}, the key with at least one '.' and no spaces. */
    private static final Pattern EXAMPLE = Pattern.compile("^#\\s+([A-Za-z0-9-]+(?:\\.[A-Za-z0-9<>-]+)+)=(\\S*)$");

    @Test
    void shouldKnowPrintAndDocumentEveryKeyOfTheShippedFile(@TempDir final Path dir) throws IOException
    {
        final Map<String, String> shipped = shippedKeys(true);
        final String readme = configurationSection();
        final Path withExamples = dir.resolve("kairos.properties");
        final StringBuilder file = new StringBuilder();
        shipped.forEach((key, value) -> file.append(key).append('=').append(value).append('\n'));
        Files.writeString(withExamples, file, StandardCharsets.UTF_8);
        final String printed = ConfigPrinter.describe(KairosConfigLoader.load(withExamples, Map.of()));

        final Set<String> faults = new LinkedHashSet<>();
        for (final String key : shipped.keySet())
        {
            final ConfigKeys.Key row = ConfigKeys.find(key);
            if (row == null)
            {
                faults.add(key + ": not in the key table (ConfigKeys)");
                continue;
            }
            if (!readme.contains("`" + row.name() + "`"))
            {
                faults.add("`" + row.name() + "` not in server/README.md's Configuration section");
            }
            if (!printed.contains("\n  " + key + "="))
            {
                faults.add(key + ": not printed by --check-config");
            }
        }
        assertEquals(Set.of(), faults);
    }

    @Test
    void shouldFindEveryKeyOfTheTableInTheShippedFileOrSayWhyNot() throws IOException
    {
        final Map<String, String> shipped = shippedKeys(true);
        final List<String> faults = new ArrayList<>();
        for (final ConfigKeys.Key row : ConfigKeys.all())
        {
            final boolean inFile = shipped.keySet().stream().anyMatch(row::matches);
            if (inFile == NOT_IN_SHIPPED_FILE.containsKey(row.name()))
            {
                faults.add(row.name() + (inFile ? ": in the shipped file, yet listed as not" : ": not in the shipped " +
                    "file (set it there, or say why in NOT_IN_SHIPPED_FILE)"));
            }
        }
        assertEquals(List.of(), faults);
    }

    @Test
    void shouldReadNoKeyOutsideTheTable(@TempDir final Path dir) throws IOException
    {
        final Path withExamples = dir.resolve("kairos.properties");
        final StringBuilder file = new StringBuilder();
        shippedKeys(true).forEach((key, value) -> file.append(key).append('=').append(value).append('\n'));
        Files.writeString(withExamples, file, StandardCharsets.UTF_8);
        final KairosConfig config = KairosConfigLoader.load(withExamples, Map.of(
            "KAIROS_ADMIN_OPERATORS", "alice", "KAIROS_ADMIN_OPERATOR_ALICE_TOKEN_HASH", "ab".repeat(32)));

        final List<String> unknown = new ArrayList<>();
        for (final String key : config.settings().keys())
        {
            // a clear-text password is read only to be refused, with how to make its hash
            if (ConfigKeys.find(key) == null && !key.endsWith("." + PasswordHash.CLEAR_TEXT_PROP_FIELD))
            {
                unknown.add(key);
            }
        }
        assertEquals(List.of(), unknown, "keys the loader reads that the table does not list");
        assertTrue(ConfigPrinter.describe(config).contains("\n  admin.operator.alice.token-hash=(set, not shown)   " +
            "(environment variable KAIROS_ADMIN_OPERATOR_ALICE_TOKEN_HASH)\n"));
    }

    @Test
    void shouldShipTheDefaultOfEveryComponentThatHasOne() throws IOException
    {
        final Map<String, String> shipped = shippedKeys(false);
        final List<String> faults = new ArrayList<>();
        int compared = 0;
        for (final ConfigKeys.Key row : ConfigKeys.all())
        {
            if (row.codeDefault() == null)
            {
                continue;
            }
            for (final Map.Entry<String, String> entry : shipped.entrySet())
            {
                if (row.matches(entry.getKey()))
                {
                    compared++;
                    if (!row.codeDefault().equals(entry.getValue()))
                    {
                        faults.add(entry.getKey() + ": shipped " + entry.getValue() + ", the " + row.component() +
                            "'s default " + row.codeDefault());
                    }
                }
            }
        }
        assertEquals(List.of(), faults);
        assertTrue(compared > 40, "compared " + compared);
    }

    @Test
    void shouldFindPerEntryKeysAndNoUnknownOnes()
    {
        assertEquals("fix.session.<ID>.firm", ConfigKeys.find("fix.session.CLIENT01.firm").name());
        assertEquals("fix.sessions", ConfigKeys.find("fix.session.CLIENT01.firm").list());
        assertEquals("instrument.<SYM>.tick-size", ConfigKeys.find("instrument.AAPL.tick-size").name());
        assertEquals("fix.drop-copy-session.<ID>.firms", ConfigKeys.find("fix.drop-copy-session.DC01.firms").name());
        assertNotNull(ConfigKeys.find("md.session.MD01.password-hash"));
        assertNull(ConfigKeys.find("fix.prot"));
        assertNull(ConfigKeys.find("fix.session..firm"), "no entry");
        assertNull(ConfigKeys.find("instrument.AAPL.tick"));
    }

    @Test
    void shouldNeverPrintASecretOfTheTable()
    {
        final String printed = ConfigPrinter.describe(KairosConfigLoader.load(null, Map.of(
            "KAIROS_METRICS_BEARER_TOKEN_HASH", "cd".repeat(32),
            "KAIROS_FIX_PORT", "9990")));

        assertFalse(printed.contains("pbkdf2"), printed);
        assertFalse(printed.contains("cd".repeat(32)), printed);
        assertTrue(printed.contains("\n  fix.session.CLIENT01.password-hash=(set, not shown)\n"), printed);
        assertTrue(printed.contains("\n  metrics.bearer-token-hash=(set, not shown)   (environment variable " +
            "KAIROS_METRICS_BEARER_TOKEN_HASH)\n"), printed);
        assertTrue(printed.contains("\n  cluster.client-secret=\n"), printed);
        assertTrue(printed.contains("\n  fix.port=9990   (environment variable KAIROS_FIX_PORT)\n"), printed);
        assertTrue(printed.contains("\n  instrument.NVDA.lot-size=10\n"), printed);
    }

    /**
     * The shipped file's keys and values, in file order; with {@code examples}, also those of its commented-out example
     * settings, an example's value over the shipped one (which then must be keys too: a misspelt example would mislead
     * an operator who copies it).
     */
    static Map<String, String> shippedKeys(final boolean examples) throws IOException
    {
        final String text;
        try (InputStream in = KairosConfigLoader.class.getResourceAsStream("/" + KairosConfigLoader.DEFAULTS_RESOURCE))
        {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        final Properties properties = new Properties();
        properties.load(new java.io.StringReader(text));
        final Map<String, String> keys = new LinkedHashMap<>();
        final Map<String, String> exampleKeys = new LinkedHashMap<>();
        for (final String line : text.split("\n"))
        {
            final int equals = line.indexOf('=');
            if (!line.startsWith("#") && equals > 0)
            {
                final String key = line.substring(0, equals).trim();
                keys.put(key, properties.getProperty(key));
            }
            final Matcher example = EXAMPLE.matcher(line);
            if (examples && example.matches())
            {
                exampleKeys.put(example.group(1), example.group(2));
            }
        }
        keys.putAll(exampleKeys);
        assertTrue(keys.keySet().containsAll(properties.stringPropertyNames()), "one key per line in the shipped file");
        return keys;
    }

    /** server/README.md from "## Configuration" to the next "## ". */
    private static String configurationSection() throws IOException
    {
        final String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        final int start = readme.indexOf("\n## Configuration");
        if (start < 0)
        {
            fail("server/README.md has no Configuration section");
        }
        final int end = readme.indexOf("\n## ", start + 1);
        return end < 0 ? readme.substring(start) : readme.substring(start, end);
    }
}
