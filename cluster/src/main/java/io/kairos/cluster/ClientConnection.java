package io.kairos.cluster;

import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.AgentInvoker;

/**
 * The cluster client's link to the cluster: its embedded media driver and Aeron client, launched at {@link #connect},
 * and its Aeron cluster session, connected then (waiting, bounded, for a leader) and again, without waiting, when the
 * session is closed ({@link #reconnect}). Egress goes to the {@link EgressListener} given. The driver and the Aeron
 * client's conductor run in invoker mode on the client's duty cycle ({@link #invoke}): an offered command goes out in
 * the cycle that offered it, and arrived egress is polled in the next, instead of waiting for a driver thread's park
 * and a CPU each way. Owned by the thread that runs the client's duty cycle ({@link #connect} and {@link #close} by
 * the lifecycle thread while no duty cycle runs).
 */
final class ClientConnection implements AutoCloseable
{
    private final ClusterConfig cluster;
    private final ErrorHandler errors;
    private final EgressListener egress;
    private MediaDriver driver;
    private AgentInvoker driverInvoker;
    private Aeron aeron;
    private AgentInvoker conductorInvoker;
    private AeronCluster client;
    private AeronCluster.AsyncConnect connecting;

    ClientConnection(final ClusterConfig cluster, final ErrorHandler errors, final EgressListener egress)
    {
        this.cluster = cluster;
        this.errors = errors;
        this.egress = egress;
    }

    /** Launches the driver and connects, retrying until a leader answers or {@code timeoutNs} passed (then throws). */
    void connect(final long timeoutNs)
    {
        driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
            .aeronDirectoryName(cluster.aeronDirectory("client"))
            .threadingMode(ThreadingMode.INVOKER)
            .termBufferSparseFile(true)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(errors));
        ReusedIteratorPollers.install(driver); // the driver runs on this client's (hot) thread
        driverInvoker = driver.sharedAgentInvoker();
        aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .driverAgentInvoker(driverInvoker) // invoked whenever the client waits for the driver
            .useConductorAgentInvoker(true)
            .errorHandler(errors));
        conductorInvoker = aeron.conductorAgentInvoker();
        final long deadline = System.nanoTime() + timeoutNs;
        while (client == null)
        {
            try
            {
                client = AeronCluster.connect(clientContext());
            }
            catch (final RuntimeException ex)
            {
                if (System.nanoTime() > deadline)
                {
                    throw new IllegalStateException("no cluster leader answered at " + cluster.ingressEndpoints() +
                        " within " + TimeUnit.NANOSECONDS.toSeconds(timeoutNs) + " s: " + ex, ex);
                }
            }
        }
    }

    /** One duty cycle of the driver and of the Aeron client's conductor. @return the work they did */
    int invoke()
    {
        return driverInvoker.invoke() + conductorInvoker.invoke();
    }

    /** The session, or null while there is none (closed by the cluster, not connected again yet). */
    AeronCluster client()
    {
        return client == null || client.isClosed() ? null : client;
    }

    /**
     * The session was closed (a long election, a timeout): one step of connecting again, without waiting.
     * @return the new session once connected (the caller resumes as after a leader change), else null
     */
    AeronCluster reconnect()
    {
        try
        {
            if (connecting == null)
            {
                CloseHelper.quietClose(client);
                client = null;
                connecting = AeronCluster.asyncConnect(clientContext());
            }
            final AeronCluster connected = connecting.poll();
            if (connected != null)
            {
                client = connected;
                connecting = null;
            }
            return connected;
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(connecting);
            connecting = null;
            errors.onError(ex);
            return null;
        }
    }

    private AeronCluster.Context clientContext()
    {
        return new AeronCluster.Context()
            .aeron(aeron)
            .ownsAeronClient(false)
            .agentInvoker(driverInvoker) // with the conductor, while connecting or waiting for an answer
            .ingressChannel("aeron:udp")
            .ingressEndpoints(cluster.ingressEndpoints())
            .egressChannel("aeron:udp?endpoint=" + cluster.clientHost() + ":0|term-length=" +
                ClusterMember.TERM_LENGTH)
            .egressListener(egress)
            .credentialsSupplier(new GatewayCredentials(cluster.clientSecret()))
            .errorHandler(errors);
    }

    @Override
    public void close()
    {
        CloseHelper.quietCloseAll(connecting, client, aeron, driver);
        client = null;
        connecting = null;
        aeron = null;
        driver = null;
    }
}
