package io.kairos.bench.fix;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * {@link OrderChannel} of the lean client: four {@link OrderTemplate}s per session (market, limit, cancel,
 * replace), built once; {@link #encode} patches the one the order needs, {@link #send} numbers, stamps and writes it
 * through the session. Symbols are pre-encoded {@code 55=SYM|} fields. Allocation-free. Owned by the sender thread.
 */
final class LeanOrderChannel implements OrderChannel
{
    private final LeanSession[] sessions;
    private final OrderTemplate[][] templates;
    private final OrderTemplate[] pending;
    private final byte[][] symbolFields;
    private final long epochOffsetNs;

    LeanOrderChannel(final List<LeanSession> sessions, final String beginString, final String targetCompId,
        final List<Instrument> instruments, final ClOrdIds clOrdIds, final long epochOffsetNs)
    {
        this.sessions = sessions.toArray(new LeanSession[0]);
        this.epochOffsetNs = epochOffsetNs;
        symbolFields = new byte[instruments.size()][];
        int longest = 0;
        for (int i = 0; i < symbolFields.length; i++)
        {
            symbolFields[i] = ("55=" + instruments.get(i).symbol() + '\u0001').getBytes(StandardCharsets.US_ASCII);
            longest = Math.max(longest, symbolFields[i].length);
        }
        templates = new OrderTemplate[this.sessions.length][OrderTemplate.KINDS];
        for (int s = 0; s < this.sessions.length; s++)
        {
            for (int kind = 0; kind < OrderTemplate.KINDS; kind++)
            {
                templates[s][kind] = new OrderTemplate(kind, beginString, this.sessions[s].senderCompId(),
                    targetCompId, clOrdIds, longest);
            }
        }
        pending = new OrderTemplate[this.sessions.length];
    }

    public void encode(final int session, final int requestIndex, final OrderRequest order)
    {
        final OrderTemplate template = templates[session][OrderTemplate.kindOf(order)];
        template.fill(requestIndex, order, symbolFields[order.instrumentIndex], epochOffsetNs + System.nanoTime());
        pending[session] = template;
    }

    public void send(final int session)
    {
        sessions[session].send(pending[session]);
    }
}
