package io.kairos.server;

/**
 * The metrics and health endpoint's settings ({@code metrics.*}). Immutable.
 *
 * @param bindAddress address to listen on
 * @param port        TCP port (0 = any free port)
 */
public record MetricsSettings(String bindAddress, int port)
{
}
