package io.kairos.access;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Registers a door's logon meters, read from its {@link LogonVerifier} at scrape time:
 * {@code kairos_logon_failures_total{door,reason}} and {@code kairos_logon_lockouts_total{door,scope}}.
 * Stateless; called once per door, before it opens.
 */
public final class LogonMeters
{
    private LogonMeters()
    {
    }

    public static void register(final LogonVerifier verifier, final MeterRegistry registry)
    {
        for (final LogonFailure failure : LogonFailure.values())
        {
            FunctionCounter.builder("kairos.logon.failures", verifier, v -> v.failures(failure))
                .description("Refused logons by reason (every one gets the same answer on the wire)")
                .tag("door", verifier.door()).tag("reason", failure.label())
                .register(registry);
        }
        FunctionCounter.builder("kairos.logon.lockouts", verifier, LogonVerifier::compIdLockouts)
            .description("Lock-outs started after too many failed logons").tag("door", verifier.door())
            .tag("scope", "comp-id").register(registry);
        FunctionCounter.builder("kairos.logon.lockouts", verifier, LogonVerifier::hostLockouts)
            .description("Lock-outs started after too many failed logons").tag("door", verifier.door())
            .tag("scope", "address").register(registry);
    }
}
