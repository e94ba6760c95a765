package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
        // the same sessions (their printed form leaves the hashes out: the shipped file's and the code's are salted
        // apart), whose hashes are of the same demo passwords
        assertEquals(FixGatewayConfig.defaults(fix.dataDir()).sessions().toString(), fix.sessions().toString());
        for (final int i : new int[] {0, fix.sessions().size() - 1}) // a 600,000-iteration check costs ~0.3 s
        {
            final String password = String.format("client%02dpass", i + 1);
            assertTrue(fix.sessions().get(i).passwordHash().matches(password.toCharArray(), password.length()));
        }
        assertEquals(150, fix.throttleMessagesPerSecond());
        assertEquals(450, fix.throttleDisconnectAfterRejects());

        final MarketDataGatewayConfig md = config.md();
        assertEquals(MarketDataGatewayConfig.defaults().toString(), md.toString());
        for (final int i : new int[] {0, md.sessions().size() - 1})
        {
            final String password = String.format("md%02dpass", i + 1);
            assertTrue(md.sessions().get(i).passwordHash().matches(password.toCharArray(), password.length()));
        }
    }

    @Test
    void shouldRefuseWhatAGatewayRefusesAsABadSettingNamingTheKey()
    {
        final ConfigException ex = assertThrows(ConfigException.class,
            () -> KairosConfigLoader.load(null, Map.of("KAIROS_MD_OUTBOUND_QUEUE_LIMIT_MESSAGES", "5")));

        assertEquals("md.outbound-queue-limit-messages", ex.key());
    }
}
