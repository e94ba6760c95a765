package io.kairos.fix.delivery;

/**
 * What {@link DeliveryMarks#settle} made of one session's accepted reports at launch.
 *
 * @param delivered reports the library thread had not confirmed that now count as delivered (the client has them or
 *                  Artio resends them when asked)
 * @param uncertain reports the framer took that the archive never recorded: the client may lack them and Artio
 *                  cannot resend them, so recovery emits them again and the session sends those its client lacks
 *                  ({@link UncertainReports})
 */
public record SettledReports(int delivered, int uncertain)
{
}
