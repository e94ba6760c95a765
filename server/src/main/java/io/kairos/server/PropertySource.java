package io.kairos.server;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

import io.kairos.access.PasswordHash;
import io.kairos.engine.ConfigChecks;
import io.kairos.engine.ConfigValueException;
import io.kairos.engine.Prices;
import io.kairos.fix.FixSessionConfig;

/**
 * Layered key/value settings: an environment variable {@code KAIROS_<KEY>} wins over the operator's
 * file, which wins over what {@code server.threading=auto} chose ({@link #chooseDefaults}), which wins over the
 * embedded defaults. Typed accessors refuse bad values with a
 * {@link ConfigException} naming the key, the value and its origin. Remembers every key it was
 * asked for so that unknown keys in the operator's file can be refused. Not thread-safe: used by
 * the loading thread only.
 */
final class PropertySource
{
    private static final String ENV_PREFIX = "KAIROS_";
    /** {@link #origin} of a value no layer above the embedded defaults set. */
    static final String EMBEDDED_DEFAULT = "the embedded default";
    /** {@link #origin} of a key no layer sets. */
    static final String NOTHING = "nothing";

    private final Properties defaults;
    private final Properties file;
    private final String fileName;
    private final Map<String, String> env;
    private final Properties chosen = new Properties();
    private final Set<String> consulted = new LinkedHashSet<>();

    PropertySource(
        final Properties defaults, final Properties file, final String fileName, final Map<String, String> env)
    {
        this.defaults = defaults;
        this.file = file == null ? new Properties() : file;
        this.fileName = fileName;
        this.env = env;
    }

    /** {@code fix.bind-address} → {@code KAIROS_FIX_BIND_ADDRESS}. */
    static String envName(final String key)
    {
        return ENV_PREFIX + key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** The trimmed value, or null when no layer sets the key. */
    String raw(final String key)
    {
        consulted.add(key);
        String value = env.get(envName(key));
        if (value == null)
        {
            value = file.getProperty(key);
        }
        if (value == null)
        {
            value = chosen.getProperty(key);
        }
        if (value == null)
        {
            value = defaults.getProperty(key);
        }
        return value == null ? null : value.trim();
    }

    String string(final String key)
    {
        final String value = raw(key);
        if (value == null || value.isEmpty())
        {
            throw new ConfigException(key, "is required but not set" + originHint(key));
        }
        return value;
    }

    String optionalString(final String key, final String fallback)
    {
        final String value = raw(key);
        return value == null || value.isEmpty() ? fallback : value;
    }

    long longValue(final String key, final long min, final long max)
    {
        final String value = string(key);
        final long parsed = parse(key, value, "must be an integer in [" + min + ", " + max + "]");
        if (parsed < min || parsed > max)
        {
            throw bad(key, value, "must be in [" + min + ", " + max + "]");
        }
        return parsed;
    }

    /** An int whose valid range its consumer checks (a gateway's config record), not this source. */
    int integer(final String key)
    {
        final String value = string(key);
        final long parsed = parse(key, value, "must be an integer");
        if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE)
        {
            throw bad(key, value, "must be an integer");
        }
        return (int)parsed;
    }

    private long parse(final String key, final String value, final String refusal)
    {
        try
        {
            return Long.parseLong(value);
        }
        catch (final NumberFormatException ex)
        {
            throw bad(key, value, refusal);
        }
    }

    int intValue(final String key, final int min, final int max)
    {
        return (int)longValue(key, min, max);
    }

    boolean booleanValue(final String key)
    {
        final String value = string(key);
        if ("true".equalsIgnoreCase(value))
        {
            return true;
        }
        if ("false".equalsIgnoreCase(value))
        {
            return false;
        }
        throw bad(key, value, "must be true or false");
    }

    /** A comma-separated list; empty entries are refused, an empty value is an empty list. */
    List<String> list(final String key)
    {
        final String value = optionalString(key, "");
        if (value.isEmpty())
        {
            return List.of();
        }
        final List<String> items = new ArrayList<>();
        for (final String item : value.split(",", -1))
        {
            final String trimmed = item.trim();
            if (trimmed.isEmpty())
            {
                throw bad(key, value, "has an empty entry");
            }
            items.add(trimmed);
        }
        return Collections.unmodifiableList(items);
    }

    /** One of {@code allowed} (case-insensitive), returned lower-case. */
    String choice(final String key, final List<String> allowed)
    {
        final String value = string(key);
        final String lower = value.toLowerCase(Locale.ROOT);
        if (!allowed.contains(lower))
        {
            throw bad(key, value, "must be one of " + String.join(" | ", allowed));
        }
        return lower;
    }

    /** One of {@code allowed} (case-insensitive) as the constant of {@code type} it names ('-' for '_'). */
    <E extends Enum<E>> E choice(final String key, final Class<E> type, final List<String> allowed)
    {
        return Enum.valueOf(type, choice(key, allowed).toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** The value of {@code key} if it is a FIX CompID. */
    String compId(final String key)
    {
        return compId(key, string(key));
    }

    /** {@code value} (of {@code key}, or an entry of its list) if it is a FIX CompID. */
    String compId(final String key, final String value)
    {
        if (value.isEmpty() || value.length() > FixSessionConfig.MAX_COMP_ID_LENGTH
            || !ConfigChecks.isPrintableToken(value))
        {
            throw bad(key, value, "is not a CompID (1.." + FixSessionConfig.MAX_COMP_ID_LENGTH
                + " printable ASCII characters, no '=' or spaces)");
        }
        return value;
    }

    /**
     * A stored password hash ({@link PasswordHash}; the value itself is never put in a message). A clear-text
     * {@code clearKey} next to it, in the file or the environment, is refused with how to convert it.
     *
     * @param key      the session's hash key, e.g. {@code fix.session.<ID>.password-hash}
     * @param clearKey the session's clear-text password key, no longer read, e.g. {@code fix.session.<ID>.password}
     */
    PasswordHash passwordHash(final String key, final String clearKey)
    {
        if (raw(clearKey) != null)
        {
            throw new ConfigException(clearKey, "clear-text passwords are no longer read (set by " + origin(clearKey) +
                "): run 'kairos-server hash-password' (it reads the password without echo, or from stdin), set " +
                key + " (or " + envName(key) + ") to the line it prints and remove " + clearKey);
        }
        final String value = string(key);
        try
        {
            return PasswordHash.parse(value, key);
        }
        catch (final ConfigValueException ex)
        {
            throw new ConfigException(ex.key(), ex.detail() + " (set by " + origin(ex.key()) + ")");
        }
    }

    /** An address of this machine or a host name that resolves. */
    String bindAddress(final String key)
    {
        final String value = string(key);
        try
        {
            InetAddress.getByName(value);
        }
        catch (final UnknownHostException | SecurityException ex)
        {
            throw bad(key, value, "is not an address of this machine or a resolvable host name");
        }
        return value;
    }

    /** A decimal price as Kairos's fixed-point {@link Prices} value. */
    long price(final String key)
    {
        final String value = string(key);
        try
        {
            return Prices.parse(value);
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            throw bad(key, value, "is not a decimal price with at most " + Prices.DECIMALS + " decimals");
        }
    }

    Path path(final String key)
    {
        final String value = string(key);
        try
        {
            return Path.of(value);
        }
        catch (final InvalidPathException ex)
        {
            throw bad(key, value, "is not a valid path: " + ex.getReason());
        }
    }

    ConfigException bad(final String key, final String value, final String message)
    {
        return new ConfigException(key, "value '" + value + "' " + message + " (set by " + origin(key) + ")");
    }

    /** Settings {@code server.threading=auto} chose: beneath the operator's file and environment, above defaults. */
    void chooseDefaults(final Map<String, String> settings)
    {
        chosen.putAll(settings);
    }

    /** Where the effective value of {@code key} comes from, for messages. */
    String origin(final String key)
    {
        if (env.containsKey(envName(key)))
        {
            return "environment variable " + envName(key);
        }
        if (file.containsKey(key))
        {
            return fileName;
        }
        if (chosen.containsKey(key))
        {
            return ConfigKeys.THREADING + "=auto";
        }
        return defaults.containsKey(key) ? EMBEDDED_DEFAULT : NOTHING;
    }

    /** Every key consulted so far, with its effective value and origin. */
    EffectiveSettings effective()
    {
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, String> origins = new LinkedHashMap<>();
        for (final String key : List.copyOf(consulted))
        {
            values.put(key, raw(key));
            origins.put(key, origin(key));
        }
        return new EffectiveSettings(values, origins);
    }

    /** Keys of the operator's file that no setting consulted: typos or leftovers. */
    Set<String> unknownFileKeys()
    {
        final Set<String> unknown = new TreeSet<>(file.stringPropertyNames());
        unknown.removeAll(consulted);
        return unknown;
    }

    /** {@code KAIROS_*} environment variables that match no consulted key (besides {@code ignored}). */
    Set<String> unknownEnvNames(final Set<String> ignored)
    {
        final Set<String> known = new TreeSet<>(ignored);
        for (final String key : consulted)
        {
            known.add(envName(key));
        }
        final Set<String> unknown = new TreeSet<>();
        for (final String name : env.keySet())
        {
            if (name.startsWith(ENV_PREFIX) && !known.contains(name))
            {
                unknown.add(name);
            }
        }
        return unknown;
    }

    private String originHint(final String key)
    {
        return " (set it in " + fileName + " or as environment variable " + envName(key) + ")";
    }
}
