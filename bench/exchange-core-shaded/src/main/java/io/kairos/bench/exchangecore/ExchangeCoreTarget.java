package io.kairos.bench.exchangecore;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import exchange.core2.core.ExchangeApi;
import exchange.core2.core.ExchangeCore;
import exchange.core2.core.common.CoreSymbolSpecification;
import exchange.core2.core.common.CoreWaitStrategy;
import exchange.core2.core.common.MatcherEventType;
import exchange.core2.core.common.MatcherTradeEvent;
import exchange.core2.core.common.OrderAction;
import exchange.core2.core.common.OrderType;
import exchange.core2.core.common.SymbolType;
import exchange.core2.core.common.api.ApiAddUser;
import exchange.core2.core.common.api.ApiCancelOrder;
import exchange.core2.core.common.api.ApiCommand;
import exchange.core2.core.common.api.ApiMoveOrder;
import exchange.core2.core.common.api.ApiPlaceOrder;
import exchange.core2.core.common.api.binary.BatchAddSymbolsCommand;
import exchange.core2.core.common.cmd.CommandResultCode;
import exchange.core2.core.common.cmd.OrderCommand;
import exchange.core2.core.common.cmd.OrderCommandType;
import exchange.core2.core.common.config.ExchangeConfiguration;
import exchange.core2.core.common.config.InitialStateConfiguration;
import exchange.core2.core.common.config.OrdersProcessingConfiguration;
import exchange.core2.core.common.config.PerformanceConfiguration;
import exchange.core2.core.common.config.SerializationConfiguration;
import exchange.core2.core.orderbook.OrderBookDirectImpl;
import exchange.core2.core.processors.journaling.DiskSerializationProcessor;
import exchange.core2.core.processors.journaling.DiskSerializationProcessorConfiguration;
import io.kairos.bench.harness.CountingTarget;
import io.kairos.bench.harness.OrderFlow;

/**
 * exchange-core 0.5.3 (relocated copy, see bench/exchange-core-shaded) configured as its own
 * performance tests configure it, minus CPU pinning: OrderBookDirectImpl, one matching engine and
 * one risk engine, risk processing off (Kairos has no risk engine), GTC limit orders, updates as
 * {@link ApiMoveOrder}. Its API objects are immutable, so the whole flow is turned into
 * {@link ApiCommand}s before timing (as its own benchmarks do) and {@link #send} only stamps the
 * planned time into {@code timestamp} and calls {@link ExchangeApi#submitCommand}. A command is
 * complete when the results consumer (after matching, risk release and, if on, the journal)
 * sees it. The driver thread owns {@link #send}; results arrive on exchange-core's results thread.
 */
public final class ExchangeCoreTarget extends CountingTarget
{
    private static final int QUOTE_CURRENCY = 840;
    private static final int BASE_CURRENCY_FROM = 1;

    private final OrderFlow flow;
    private final boolean journal;
    private final Path journalDir;
    private final CoreWaitStrategy waitStrategy;
    private final ApiCommand[] commands;
    private volatile boolean counting;
    private ExchangeCore core;
    private ExchangeApi api;

    /** @param waitStrategy name of an exchange-core {@link CoreWaitStrategy} (BLOCKING, YIELDING, BUSY_SPIN) */
    public ExchangeCoreTarget(final OrderFlow flow, final boolean journal, final Path journalDir,
        final String waitStrategy)
    {
        this.flow = flow;
        this.journal = journal;
        this.journalDir = journalDir;
        this.waitStrategy = CoreWaitStrategy.valueOf(waitStrategy.toUpperCase(java.util.Locale.ROOT));
        commands = new ApiCommand[flow.size()];
        for (int i = 0; i < commands.length; i++)
        {
            commands[i] = toApiCommand(flow, i);
        }
    }

    @Override
    public String label()
    {
        return journal ? "exchange-core, disk journal" : "exchange-core, no journal";
    }

    @Override
    public void start() throws Exception
    {
        final String exchangeId = "KAIROS_BENCH_" + flow.scenarioKey().toUpperCase(java.util.Locale.ROOT);
        core = ExchangeCore.builder().resultsConsumer(this::onResult)
            .exchangeConfiguration(configuration(exchangeId, journal, journalDir, waitStrategy)).build();
        core.startup();
        api = core.getApi();
        addBooksAndUsers(api, flow);
        counting = true;
    }

    /**
     * exchange-core's configuration as its own performance tests have it, minus CPU pinning: OrderBookDirectImpl, one
     * matching and one risk engine, ring 16 K, no risk processing; with {@code journal}, its disk journal in
     * {@code dir}.
     */
    static ExchangeConfiguration configuration(final String exchangeId, final boolean journal, final Path dir,
        final CoreWaitStrategy waitStrategy)
    {
        final SerializationConfiguration serialization = journal
            ? SerializationConfiguration.builder()
                .enableJournaling(true)
                .serializationProcessorFactory(cfg -> new DiskSerializationProcessor(cfg,
                    DiskSerializationProcessorConfiguration.builder()
                        .storageFolder(dir.toString())
                        .snapshotLz4CompressorFactory(DiskSerializationProcessorConfiguration.LZ4_FAST)
                        .journalFileMaxSize(4000L * 1024 * 1024)
                        .journalBufferSize(256 * 1024)
                        .journalBatchCompressThreshold(2048)
                        .journalLz4CompressorFactory(DiskSerializationProcessorConfiguration.LZ4_FAST)
                        .build()))
                .build()
            : SerializationConfiguration.DEFAULT;
        return ExchangeConfiguration.defaultBuilder()
            .ordersProcessingCfg(OrdersProcessingConfiguration.builder()
                .riskProcessingMode(OrdersProcessingConfiguration.RiskProcessingMode.NO_RISK_PROCESSING)
                .marginTradingMode(OrdersProcessingConfiguration.MarginTradingMode.MARGIN_TRADING_DISABLED)
                .build())
            .performanceCfg(PerformanceConfiguration.baseBuilder()
                .ringBufferSize(16 * 1024)
                .matchingEnginesNum(1)
                .riskEnginesNum(1)
                .waitStrategy(waitStrategy)
                .orderBookFactory(OrderBookDirectImpl::new)
                .build())
            .initStateCfg(journal ? InitialStateConfiguration.cleanStartJournaling(exchangeId)
            : InitialStateConfiguration.cleanStart(exchangeId))
            .serializationCfg(serialization)
            .build();
    }

    /** Book {@code book} as an exchange pair without fees; prices and sizes are the flow's ticks and lots. */
    static CoreSymbolSpecification symbol(final int book)
    {
        return CoreSymbolSpecification.builder()
            .symbolId(book)
            .type(SymbolType.CURRENCY_EXCHANGE_PAIR)
            .baseCurrency(BASE_CURRENCY_FROM + book)
            .quoteCurrency(QUOTE_CURRENCY)
            .baseScaleK(1)
            .quoteScaleK(1)
            .takerFee(0)
            .makerFee(0)
            .build();
    }

    /** Adds the flow's books and users 1..N to a started exchange-core and waits until it has them. */
    static void addBooksAndUsers(final ExchangeApi api, final OrderFlow flow) throws Exception
    {
        final List<CoreSymbolSpecification> symbols = new ArrayList<>();
        for (int book = 0; book < flow.books(); book++)
        {
            symbols.add(symbol(book));
        }
        expectSuccess(api.submitBinaryDataAsync(new BatchAddSymbolsCommand(symbols)), "add symbols");
        final List<CompletableFuture<CommandResultCode>> users = new ArrayList<>();
        for (int user = 1; user <= flow.users(); user++)
        {
            users.add(api.submitCommandAsync(new ApiAddUser(user)));
        }
        for (final CompletableFuture<CommandResultCode> user : users)
        {
            expectSuccess(user, "add user");
        }
    }

    private static void expectSuccess(final CompletableFuture<CommandResultCode> future,
        final String what) throws Exception
    {
        final CommandResultCode code = future.get(30, TimeUnit.SECONDS);
        if (code != CommandResultCode.SUCCESS)
        {
            throw new IllegalStateException("exchange-core " + what + ": " + code);
        }
    }

    /** Command {@code i} of the flow as exchange-core's API command: an insert is GTC or IOC as the flow says. */
    static ApiCommand toApiCommand(final OrderFlow f, final int i)
    {
        return switch (f.kind(i))
        {
            case OrderFlow.INSERT -> ApiPlaceOrder.builder()
                .uid(f.user(i))
                .orderId(f.orderRef(i))
                .symbol(f.book(i))
                .action(f.side(i) == OrderFlow.BUY ? OrderAction.BID : OrderAction.ASK)
                .orderType(f.timeInForce(i) == OrderFlow.IOC ? OrderType.IOC : OrderType.GTC)
                .price(f.priceTicks(i))
                .reservePrice(f.side(i) == OrderFlow.BUY ? f.maxPriceTicks() : 0)
                .size(f.quantityLots(i))
                .build();
            case OrderFlow.CANCEL ->
                ApiCancelOrder.builder().orderId(f.orderRef(i)).uid(f.user(i)).symbol(f.book(i)).build();
            default ->
                ApiMoveOrder.builder().orderId(f.orderRef(i)).uid(f.user(i)).symbol(f.book(i))
                    .newPrice(f.priceTicks(i)).build();
        };
    }

    @Override
    public void send(final int index, final long plannedNs)
    {
        final ApiCommand command = commands[index];
        command.timestamp = plannedNs;
        api.submitCommand(command);
    }

    private void onResult(final OrderCommand cmd, final long sequence)
    {
        final OrderCommandType type = cmd.command;
        if (!counting
            || (type != OrderCommandType.PLACE_ORDER && type != OrderCommandType.CANCEL_ORDER
            && type != OrderCommandType.MOVE_ORDER))
        {
            return;
        }
        latency.record(cmd.timestamp, System.nanoTime());
        if (cmd.resultCode != CommandResultCode.SUCCESS)
        {
            rejects.increment();
        }
        for (MatcherTradeEvent event = cmd.matcherEvent; event != null; event = event.nextEvent)
        {
            if (event.eventType == MatcherEventType.TRADE)
            {
                fills.increment();
            }
        }
        completed.incrementAndGet();
    }

    @Override
    public void close()
    {
        if (core != null)
        {
            core.shutdown(10, TimeUnit.SECONDS);
        }
    }
}
