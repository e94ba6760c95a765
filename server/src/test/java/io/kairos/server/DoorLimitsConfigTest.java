package io.kairos.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import io.kairos.access.DoorLimits;
import org.junit.jupiter.api.Test;

/** The doors' connection limits are read per door and refused, naming the key, when out of range. */
class DoorLimitsConfigTest
{
    @Test
    void shouldReadEachDoorsLimitsAndTheSnapshotRate()
    {
        final KairosConfig config = KairosConfigLoader.load(null, Map.of(
            "KAIROS_FIX_MAX_UNAUTHENTICATED_CONNECTIONS", "7", "KAIROS_FIX_LOGON_TIMEOUT_MS", "1500",
            "KAIROS_MD_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS", "9", "KAIROS_MD_MAX_SNAPSHOT_REQUESTS_PER_SECOND",
            "3"));
        assertEquals(new DoorLimits("fix.", 7, DoorLimits.DEFAULT_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS, 1500),
            config.fix().limits());
        assertEquals(new DoorLimits("md.", DoorLimits.DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS, 9,
            DoorLimits.DEFAULT_LOGON_TIMEOUT_MS), config.md().limits());
        assertEquals(3, config.md().maxSnapshotRequestsPerSecond());
        assertEquals(DoorLimits.defaults("fix."), KairosConfigLoader.load(null, Map.of()).fix().limits(),
            "the shipped file and the code agree on the defaults");
    }

    @Test
    void shouldRefuseALimitOutOfRangeNamingItsKey()
    {
        assertEquals("fix.max-unauthenticated-connections",
            refusedKey(Map.of("KAIROS_FIX_MAX_UNAUTHENTICATED_CONNECTIONS", "0")));
        assertEquals("md.max-new-connections-per-second-per-address",
            refusedKey(Map.of("KAIROS_MD_MAX_NEW_CONNECTIONS_PER_SECOND_PER_ADDRESS", "100001")));
        assertEquals("fix.logon-timeout-ms", refusedKey(Map.of("KAIROS_FIX_LOGON_TIMEOUT_MS", "50")));
        assertEquals("md.max-snapshot-requests-per-second",
            refusedKey(Map.of("KAIROS_MD_MAX_SNAPSHOT_REQUESTS_PER_SECOND", "0")));
    }

    private static String refusedKey(final Map<String, String> env)
    {
        return assertThrows(ConfigException.class, () -> KairosConfigLoader.load(null, env)).key();
    }
}
