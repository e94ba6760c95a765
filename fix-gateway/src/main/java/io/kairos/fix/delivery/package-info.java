/**
 * What reached the wire, kept across a {@code kill -9}: the sent-sequence floor and the connection that writes it,
 * the delivery marks and accepted reports that decide what the engine emits again at a restart, the reports a crash
 * left uncertain (the client is asked), each session's reports not yet written, and the MsgSeqNum rules the gateway
 * adds to Artio's. The three files share one {@link io.kairos.fix.delivery.MappedStoreFile}.
 *
 * <p>Three threads use them: Artio's framer thread (the tracking channel, the floor's writes), the gateway's library
 * thread (marks, accepted reports, session deliveries, sequence rules), and the launch thread, which opens the files,
 * settles the accepted reports and runs the engine's start-up recovery that reads the marks. In compact threading the
 * framer and the library share the hot thread. Each type says which of them it belongs to.
 */
package io.kairos.fix.delivery;
