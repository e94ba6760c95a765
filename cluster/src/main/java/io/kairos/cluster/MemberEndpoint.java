package io.kairos.cluster;

import io.kairos.engine.ConfigValueException;

/**
 * Where one cluster member listens: a host and the first of {@link #PORTS} consecutive UDP ports (archive control,
 * client ingress, consensus, log, catch-up, in that order). Members on one host need bases at least {@link #PORTS}
 * apart; members on their own hosts (one pod each) may share a base.
 *
 * @param host     name or address the other members and the gateways reach this member at
 * @param portBase the first port
 */
public record MemberEndpoint(String host, int portBase)
{
    /** Ports a member uses from its base. */
    public static final int PORTS = 5;

    public MemberEndpoint
    {
        if (host == null || host.isBlank() || host.contains(",") || host.contains("|") || host.contains("="))
        {
            throw new ConfigValueException(ClusterConfig.MEMBERS_PROP_NAME, "has a bad host '" + host + "'");
        }
        if (portBase < 1 || portBase > 65535 - PORTS + 1)
        {
            throw new ConfigValueException(ClusterConfig.MEMBERS_PROP_NAME, "has port base " + portBase + " of " +
                host +
                " must be in [1, " + (65535 - PORTS + 1) + "]");
        }
    }

    /** Parses {@code host:portBase}. */
    public static MemberEndpoint parse(final String text)
    {
        final int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1)
        {
            throw new ConfigValueException(ClusterConfig.MEMBERS_PROP_NAME, "lists '" + text +
                "', which is not host:port-base");
        }
        final int port;
        try
        {
            port = Integer.parseInt(text.substring(colon + 1));
        }
        catch (final NumberFormatException ex)
        {
            throw new ConfigValueException(ClusterConfig.MEMBERS_PROP_NAME,
                "lists '" + text + "', which is not host:port-base", ex);
        }
        return new MemberEndpoint(text.substring(0, colon), port);
    }

    public int archiveControlPort()
    {
        return portBase;
    }

    public int ingressPort()
    {
        return portBase + 1;
    }

    public int consensusPort()
    {
        return portBase + 2;
    }

    public int logPort()
    {
        return portBase + 3;
    }

    public int catchupPort()
    {
        return portBase + 4;
    }

    String endpoint(final int port)
    {
        return host + ":" + port;
    }

    @Override
    public String toString()
    {
        return host + ":" + portBase;
    }
}
