package io.kairos.latency;

/**
 * A set of TCP ports parsed from "9880", "9880,9890" or "9880-9889,9990" (ranges inclusive). Immutable after
 * parsing; thread-safe.
 */
public final class PortSet
{
    private final boolean[] ports = new boolean[65536];
    private final String text;

    private PortSet(final String text)
    {
        this.text = text;
    }

    /** @throws IllegalArgumentException naming the bad part when {@code text} is not a port list. */
    public static PortSet parse(final String text)
    {
        final PortSet set = new PortSet(text.trim());
        if (set.text.isEmpty())
        {
            throw new IllegalArgumentException("empty port list");
        }
        for (final String part : set.text.split(","))
        {
            final String item = part.trim();
            final int dash = item.indexOf('-');
            final int from = port(dash < 0 ? item : item.substring(0, dash), item);
            final int to = dash < 0 ? from : port(item.substring(dash + 1), item);
            if (to < from)
            {
                throw new IllegalArgumentException("port range '" + item + "' ends before it starts");
            }
            for (int p = from; p <= to; p++)
            {
                set.ports[p] = true;
            }
        }
        return set;
    }

    private static int port(final String value, final String item)
    {
        try
        {
            final int port = Integer.parseInt(value.trim());
            if (port < 1 || port > 65535)
            {
                throw new IllegalArgumentException("port " + port + " in '" + item + "' is not in 1-65535");
            }
            return port;
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + item + "' is not a port or a port range like 9880-9889", ex);
        }
    }

    public boolean contains(final int port)
    {
        return ports[port];
    }

    /** True when the two sets share a port. */
    public boolean overlaps(final PortSet other)
    {
        for (int p = 1; p < ports.length; p++)
        {
            if (ports[p] && other.ports[p])
            {
                return true;
            }
        }
        return false;
    }

    public String toString()
    {
        return text;
    }
}
