package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import io.kairos.fix.FixGatewayConfig;
import io.kairos.md.MarketDataGatewayConfig;
import org.junit.jupiter.api.Test;

class GatewayWiringTest
{
    @Test
    void shouldBuildTheGatewaysDefaultContractFromTheDefaultSettings()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of());

        final FixGatewayConfig fix = config.fix();
        assertEquals("127.0.0.1", fix.bindAddress());
        assertEquals(9880, fix.port());
        assertEquals("KAIROS", fix.compId());
        assertEquals(FixGatewayConfig.defaults(fix.dataDir()).sessions(), fix.sessions());
        assertEquals(150, fix.throttleMessagesPerSecond());
        assertEquals(450, fix.throttleDisconnectAfterRejects());

        final MarketDataGatewayConfig md = config.md();
        assertEquals(MarketDataGatewayConfig.defaults(), md);
    }

    @Test
    void shouldRefuseWhatAGatewayRefusesAsABadSettingNamingTheKey()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_MD_OUTBOUND_QUEUE_LIMIT_MESSAGES", "5")));

        assertEquals("md.outbound-queue-limit-messages", ex.key());
    }
}
