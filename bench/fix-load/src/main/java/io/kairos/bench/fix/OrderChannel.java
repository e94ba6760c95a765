package io.kairos.bench.fix;

/**
 * Where {@link LoadSender}'s requests go: QuickFIX/J sessions ({@link QuickFixOrderChannel}) or the lean client's
 * pre-encoded sessions ({@link LeanOrderChannel}). Two steps, so that the send time is stamped between building the
 * message and handing it to the session, for both clients alike. Called on the sender thread only.
 */
interface OrderChannel
{
    /** Builds request {@code requestIndex} for session {@code session} (not sent yet). */
    void encode(int session, int requestIndex, OrderRequest order);

    /** Sends what {@link #encode} built last for {@code session}. */
    void send(int session);
}
