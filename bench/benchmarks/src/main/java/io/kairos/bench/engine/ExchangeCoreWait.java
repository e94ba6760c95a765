package io.kairos.bench.engine;

/**
 * exchange-core's wait strategies by name (its {@code CoreWaitStrategy}), so that this module
 * compiles without exchange-core's classes: they are only inside the relocated jar, used at run time.
 */
enum ExchangeCoreWait
{
    BLOCKING,
    YIELDING,
    BUSY_SPIN
}
