package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** {@code server.cpu-affinity}: real threads of this JVM pinned with the real taskset, read back from /proc. */
class ThreadPinningTest
{
    @Test
    void shouldPinEveryThreadWhoseNameStartsWithARulePrefixAndNoOther() throws Exception
    {
        final CountDownLatch stop = new CountDownLatch(1);
        final List<Thread> probes = List.of(parked("pin-probe-a", stop), parked("pin-probe-b", stop),
            parked("other-probe", stop));
        try
        {
            final List<String> pinned = ThreadPinning.parse("pin-probe=0").apply();

            assertEquals(2, pinned.size(), pinned.toString());
            assertEquals("0", allowedCpus("pin-probe-a"));
            assertEquals("0", allowedCpus("pin-probe-b"));
            assertTrue(!allowedCpus("other-probe").equals("0") || Runtime.getRuntime().availableProcessors() == 1,
                "a thread no rule names keeps the process's CPUs");
        }
        finally
        {
            stop.countDown();
            for (final Thread probe : probes)
            {
                probe.join();
            }
        }
    }

    @Test
    void shouldGiveEachThreadACpuOfItsOwnWhenTheRuleNamesAsManyCpusAsThreadsItMatches() throws Exception
    {
        final List<Integer> cpus = CpuBudget.ofThisProcess().allowedCpus();
        assumeTrue(cpus.size() >= 2, "needs two CPUs");
        final CountDownLatch stop = new CountDownLatch(1);
        final List<Thread> probes = List.of(parked("pin-each-a", stop), parked("pin-each-b", stop));
        try
        {
            final List<String> pinned = ThreadPinning.parse("pin-each=" + cpus.get(0) + "," + cpus.get(1)).apply();

            assertEquals(2, pinned.size(), pinned.toString());
            assertEquals(java.util.Set.of(cpus.get(0).toString(), cpus.get(1).toString()),
                java.util.Set.of(allowedCpus("pin-each-a"), allowedCpus("pin-each-b")), pinned.toString());
        }
        finally
        {
            stop.countDown();
            for (final Thread probe : probes)
            {
                probe.join();
            }
        }
    }

    @Test
    void shouldPinEveryThreadNoOtherRuleMatchesByTheStarRule() throws Exception
    {
        final String all = CpuBudget.toCpuList(CpuBudget.ofThisProcess().allowedCpus());
        final String first = CpuBudget.ofThisProcess().allowedCpus().get(0).toString();
        final CountDownLatch stop = new CountDownLatch(1);
        final List<Thread> probes = List.of(parked("pin-star-hot", stop), parked("pin-star-other", stop));
        try
        {
            // every other thread of this JVM gets all the CPUs it already had: nothing changes for them
            final List<String> pinned = ThreadPinning.parse("pin-star-hot=" + first + " *=" + all).apply();

            assertEquals(first, allowedCpus("pin-star-hot"));
            assertEquals(all, allowedCpus("pin-star-other"));
            assertTrue(pinned.stream().anyMatch(p -> p.startsWith("every other thread (")), pinned.toString());
            assertTrue(pinned.stream().noneMatch(p -> p.startsWith("pin-star-other")), pinned.toString());
        }
        finally
        {
            stop.countDown();
            for (final Thread probe : probes)
            {
                probe.join();
            }
        }
    }

    @Test
    void shouldRefuseARuleThatMatchesNoThread()
    {
        final IllegalStateException refused = assertThrows(IllegalStateException.class,
            () -> ThreadPinning.parse("no-such-thread=0").apply());
        assertEquals("server.cpu-affinity: no thread's name starts with no-such-thread", refused.getMessage());
    }

    @Test
    void shouldRefuseACpuTheProcessCannotUse() throws Exception
    {
        final CountDownLatch stop = new CountDownLatch(1);
        final Thread probe = parked("pin-far-probe", stop);
        try
        {
            final IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> ThreadPinning.parse("pin-far=4095").apply());
            assertTrue(refused.getMessage().startsWith("server.cpu-affinity: cannot pin pin-far-probe"),
                refused.getMessage());
        }
        finally
        {
            stop.countDown();
            probe.join();
        }
    }

    @Test
    void shouldRefuseRulesThatAreNotPrefixEqualsCpuList()
    {
        for (final String bad : List.of("kairos-hot", "kairos-hot=", "=2", "kairos-hot=two", "kairos-hot=1-",
            "kairos-hot=1;2", "kairos-hot=1 kairos-hot=2"))
        {
            assertThrows(IllegalArgumentException.class, () -> ThreadPinning.parse(bad), bad);
        }
        assertTrue(ThreadPinning.parse("  ").isEmpty());
        assertEquals("kairos-hot=2 kairos-matcher=3-4,6",
            ThreadPinning.parse(" kairos-hot=2   kairos-matcher=3-4,6 ").toString());
    }

    private static Thread parked(final String name, final CountDownLatch stop) throws InterruptedException
    {
        final CountDownLatch started = new CountDownLatch(1);
        final Thread thread = new Thread(() ->
        {
            started.countDown();
            try
            {
                stop.await();
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, name);
        thread.start();
        started.await();
        return thread;
    }

    /** Cpus_allowed_list of the one thread of this process with that kernel name. */
    private static String allowedCpus(final String name) throws IOException
    {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task")))
        {
            for (final Path task : tasks.toList())
            {
                if (Files.readString(task.resolve("comm")).strip().equals(name))
                {
                    return Files.readAllLines(task.resolve("status")).stream()
                        .filter(l -> l.startsWith("Cpus_allowed_list:"))
                        .findFirst().orElseThrow().substring("Cpus_allowed_list:".length()).strip();
                }
            }
        }
        throw new AssertionError("no thread named " + name);
    }
}
