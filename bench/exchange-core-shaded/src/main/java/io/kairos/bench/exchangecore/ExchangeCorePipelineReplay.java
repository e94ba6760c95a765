package io.kairos.bench.exchangecore;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import exchange.core2.core.ExchangeApi;
import exchange.core2.core.ExchangeCore;
import exchange.core2.core.common.CoreWaitStrategy;
import exchange.core2.core.common.api.ApiCommand;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.cmd.OrderCommandType;
import io.kairos.bench.harness.OrderFlow;
import io.kairos.bench.harness.OutcomeLog;

/**
 * The full exchange-core: {@link ExchangeCore} configured as in {@link ExchangeCoreTarget} (its
 * performance tests' set-up: grouping, one risk and one matching engine, results consumer), fed
 * as its throughput benchmark feeds it: the flow turned into immutable {@link ApiCommand}s before
 * timing, then every one submitted asynchronously with {@link ExchangeApi#submitCommand} (exchange-core
 * batches them through its ring) and the replay done when its results consumer has seen the last.
 * {@code timestamp} carries the command's index in the flow to the results consumer. A fresh core
 * per {@link #prepare}. The driving thread submits; exchange-core's results thread records outcomes.
 */
public final class ExchangeCorePipelineReplay implements ExchangeCoreReplay
{
    private static final long COMPLETION_TIMEOUT_NS = TimeUnit.MINUTES.toNanos(5);

    private final OrderFlow flow;
    private final CoreWaitStrategy waitStrategy;
    private final ApiCommand[] commands;
    private final AtomicLong completed = new AtomicLong();
    private volatile OutcomeLog log;
    private ExchangeCore core;
    private ExchangeApi api;

    /** @param waitStrategy name of an exchange-core {@link CoreWaitStrategy} */
    public ExchangeCorePipelineReplay(final OrderFlow flow, final String waitStrategy)
    {
        this.flow = flow;
        this.waitStrategy = CoreWaitStrategy.valueOf(waitStrategy.toUpperCase(java.util.Locale.ROOT));
        commands = new ApiCommand[flow.size()];
        for (int i = 0; i < commands.length; i++)
        {
            commands[i] = ExchangeCoreTarget.toApiCommand(flow, i);
            commands[i].timestamp = i;
        }
    }

    @Override
    public String label()
    {
        return "exchange-core pipeline";
    }

    @Override
    public void prepare() throws Exception
    {
        close();
        log = null;
        completed.set(0);
        core = ExchangeCore.builder().resultsConsumer(this::onResult)
            .exchangeConfiguration(ExchangeCoreTarget.configuration("KAIROS_MATCHER_BENCH", false, null, waitStrategy))
            .build();
        core.startup();
        api = core.getApi();
        ExchangeCoreTarget.addBooksAndUsers(api, flow);
    }

    @Override
    public void replay(final OrderFlow replayed, final OutcomeLog outcomes)
    {
        if (replayed != flow)
        {
            throw new IllegalArgumentException("this pipeline replay was built for another flow");
        }
        log = outcomes;
        final ApiCommand[] all = commands;
        for (final ApiCommand command : all)
        {
            api.submitCommand(command);
        }
        final long deadline = System.nanoTime() + COMPLETION_TIMEOUT_NS;
        while (completed.get() < all.length)
        {
            if (System.nanoTime() > deadline)
            {
                throw new IllegalStateException(label() + ": only " + completed.get() + " of " + all.length
                    + " results after " + TimeUnit.NANOSECONDS.toSeconds(COMPLETION_TIMEOUT_NS) + " s");
            }
            LockSupport.parkNanos(20_000);
        }
    }

    private void onResult(final OrderCommand cmd, final long sequence)
    {
        final OutcomeLog outcomes = log;
        final OrderCommandType type = cmd.command;
        if (outcomes == null || (type != OrderCommandType.PLACE_ORDER && type != OrderCommandType.CANCEL_ORDER))
        {
            return;
        }
        ExchangeCoreOutcomes.record(cmd, (int)cmd.timestamp, outcomes);
        completed.lazySet(completed.get() + 1);
    }

    @Override
    public void close()
    {
        if (core != null)
        {
            core.shutdown(10, TimeUnit.SECONDS);
            core = null;
        }
    }
}
