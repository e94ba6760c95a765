package io.kairos.bench.fix;

import java.util.List;
import java.util.Objects;

/**
 * The negative answers of a run by reason ({@link RejectReasons}): each distinct reason with its count, most first,
 * and the count of the answers whose reason came after the table was full. Immutable.
 *
 * @param reasons the distinct reasons counted apart, most first
 * @param other   answers with a reason past {@link RejectReasons#MAX_REASONS} distinct ones
 */
public record RejectCounts(List<Reason> reasons, long other)
{
    /** Nothing rejected. */
    static final RejectCounts NONE = new RejectCounts(List.of(), 0);

    public RejectCounts
    {
        reasons = List.copyOf(reasons);
        if (other < 0)
        {
            throw new IllegalArgumentException("other must not be negative: " + other);
        }
    }

    /** Every negative answer counted. */
    public long total()
    {
        return other + reasons.stream().mapToLong(Reason::count).sum();
    }

    /**
     * One reason and how many answers gave it.
     *
     * @param reason kind, reason code and Text with digit runs as '#', e.g. {@code Reject 373=1: Required tag missing}
     * @param count  answers
     */
    public record Reason(String reason, long count)
    {
        public Reason
        {
            Objects.requireNonNull(reason, "reason");
            if (count < 1)
            {
                throw new IllegalArgumentException("a reason is counted at least once: " + count);
            }
        }
    }
}
