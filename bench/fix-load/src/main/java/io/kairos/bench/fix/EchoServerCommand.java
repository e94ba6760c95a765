package io.kairos.bench.fix;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fix-load echo-server}: runs the raw TCP FIX echo server in the foreground until killed. */
@Command(
    name = "echo-server",
    mixinStandardHelpOptions = true,
    description = {
        "Raw TCP FIX echo server, the floor of a FIX round trip: frames by BodyLength/CheckSum, answers Logon,",
        "TestRequest and Logout, and each NewOrderSingle/OrderCancelRequest/OrderCancelReplaceRequest with an",
        "ExecutionReport of the venue's size. No matching, no persistence. Runs until SIGTERM/Ctrl-C."})
public final class EchoServerCommand implements Callable<Integer>
{
    @Option(names = "--bind-address", defaultValue = "127.0.0.1", description = "(default: ${DEFAULT-VALUE})")
    String bindAddress;

    @Option(names = "--port", defaultValue = "19890", description = "(default: ${DEFAULT-VALUE})")
    int port;

    public Integer call() throws Exception
    {
        final FixEchoServer server = new FixEchoServer(bindAddress, port, System.err);
        final CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() ->
        {
            try
            {
                server.close();
                System.out.printf("fix-echo: stopped after %d messages (%d bad frames)%n", server.messages(),
                    server.badFrames());
            }
            catch (final java.io.IOException ex)
            {
                System.err.println("fix-echo: close failed: " + ex);
            }
            stopped.countDown();
        }));
        System.out.println("fix-echo: listening on " + bindAddress + ":" + server.port());
        stopped.await();
        return 0;
    }
}
