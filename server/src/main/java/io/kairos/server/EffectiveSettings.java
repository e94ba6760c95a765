package io.kairos.server;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The value every key the loader read ended up with, and where it came from, for {@link ConfigPrinter} to show
 * through the key table ({@link ConfigKeys}), which decides what may be shown. Holds secrets (password hashes, the
 * cluster's secret): {@link #toString()} shows none of them. Immutable; any thread.
 */
final class EffectiveSettings
{
    private final Map<String, String> values;
    private final Map<String, String> origins;

    EffectiveSettings(final Map<String, String> values, final Map<String, String> origins)
    {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.origins = Collections.unmodifiableMap(new LinkedHashMap<>(origins));
    }

    /** The trimmed value of {@code key}, or null when no layer sets it (or the loader never read it). */
    String value(final String key)
    {
        return values.get(key);
    }

    /** Where the value of {@code key} came from ({@link PropertySource#origin}), or null when never read. */
    String origin(final String key)
    {
        return origins.get(key);
    }

    /** Every key the loader read, in the order it read them. */
    java.util.Set<String> keys()
    {
        return values.keySet();
    }

    /** Never the values: they include secrets. */
    @Override
    public String toString()
    {
        return "EffectiveSettings[" + values.size() + " keys]";
    }
}
