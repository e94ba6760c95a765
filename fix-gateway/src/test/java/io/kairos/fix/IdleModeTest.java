package io.kairos.fix;

import static io.kairos.fix.Requests.BUY;
import static io.kairos.fix.Requests.SELL;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdleModeTest
{
    @TempDir
    Path dir;

    @Test
    void shouldTradeWithBusySpinningFramerAndSessionThreads() throws Exception
    {
        try (GatewayFixture fixture = GatewayFixture.start(dir.resolve("gateway"), config ->
            config.withIdleMode(IdleMode.BUSY_SPIN));
            QfjClient buyer = fixture.client(1, dir.resolve("store")).startAndLogon();
            QfjClient seller = fixture.client(2, dir.resolve("store")).startAndLogon())
        {
            QfjClient.trade(buyer, Requests.limit("SPIN-B", BUY, "AAPL", 10, 99.5),
                seller, Requests.limit("SPIN-S", SELL, "AAPL", 10, 99.5));
        }
    }
}
