package io.kairos.server;

/**
 * Whether the venue is ready to serve (engine started, gateways listening) — what {@code /health/ready}
 * reports. Written by the lifecycle thread, read by the HTTP thread; thread-safe (volatile).
 */
final class HealthState
{
    private volatile boolean ready;
    private volatile String detail = "starting";

    void ready()
    {
        detail = "ready";
        ready = true;
    }

    void notReady(final String why)
    {
        ready = false;
        detail = why;
    }

    boolean isReady()
    {
        return ready;
    }

    String detail()
    {
        return detail;
    }
}
