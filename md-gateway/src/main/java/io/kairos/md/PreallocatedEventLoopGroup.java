package io.kairos.md;

import java.util.Queue;
import java.util.concurrent.Executor;

import io.netty.channel.IoEventLoop;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.RejectedExecutionHandlers;
import org.agrona.concurrent.ManyToOneConcurrentArrayQueue;

/**
 * A one-thread Netty event-loop group whose task queues are preallocated Agrona
 * {@link ManyToOneConcurrentArrayQueue}s instead of Netty's unbounded chunked queue, which
 * allocates a new chunk every ~1 000 tasks. Engine threads wake the loop by submitting a task, so
 * this keeps the engine-side hand-off allocation-free. A full queue rejects the task (the caller
 * counts it). Thread-safe as any event-loop group.
 */
final class PreallocatedEventLoopGroup extends MultiThreadIoEventLoopGroup
{
    static final int TASK_QUEUE_CAPACITY = 64 * 1024;

    PreallocatedEventLoopGroup(final String threadName, final IoHandlerFactory ioHandlerFactory)
    {
        super(1, new DefaultThreadFactory(threadName, true), ioHandlerFactory);
    }

    @Override
    protected IoEventLoop newChild(final Executor executor, final IoHandlerFactory ioHandlerFactory,
        final Object... args)
    {
        final Queue<Runnable> tasks = new ManyToOneConcurrentArrayQueue<>(TASK_QUEUE_CAPACITY);
        final Queue<Runnable> tailTasks = new ManyToOneConcurrentArrayQueue<>(1024);
        return new SingleThreadIoEventLoop(this, executor, ioHandlerFactory, tasks, tailTasks,
            RejectedExecutionHandlers.reject())
        {
        };
    }
}
