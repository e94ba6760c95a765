package io.kairos.latency.testing;

/** An IPv4 or IPv6 address with a port, for test traffic. */
public record Endpoint(byte[] address, int port)
{
    public static Endpoint ipv4(final int a, final int b, final int c, final int d, final int port)
    {
        return new Endpoint(new byte[] {(byte)a, (byte)b, (byte)c, (byte)d}, port);
    }

    /** fd00::{@code last}. */
    public static Endpoint ipv6(final int last, final int port)
    {
        final byte[] address = new byte[16];
        address[0] = (byte)0xFD;
        address[15] = (byte)last;
        return new Endpoint(address, port);
    }

    public int ipVersion()
    {
        return address.length == 4 ? 4 : 6;
    }
}
