package io.kairos.bench.engine;

/**
 * One published benchmark's load, reproduced as a command mix. Immutable; validated on construction.
 *
 * @param key                  short name used on the command line ({@code tradexpress}, {@code cinnober})
 * @param title                what the scenario reproduces, printed above its table
 * @param users                number of trading users (Kairos sessions / exchange-core uids), numbered from 1
 * @param books                number of order books (instruments), numbered from 0
 * @param activeOrders         resting orders to prefill and to hold (across all books) while the flow runs
 * @param insertPercent        share of new orders in the measured flow
 * @param cancelPercent        share of cancels; the rest are updates (price moves, which lose priority)
 * @param executingPercent     share of inserts and of updates that should trade on arrival
 */
public record Scenario(
    String key, String title, int users, int books, int activeOrders, int insertPercent, int cancelPercent,
    int executingPercent)
{
    /** TRADExpress Ultra's published mix: 100 users, 10 books, about 15,000 resting orders, sustained rate. */
    public static final Scenario TRADEXPRESS = new Scenario("tradexpress",
        "(a) TRADExpress Ultra mix: 100 users, 10 books, ~15,000 active orders; "
            + "50 % insert / 25 % cancel / 25 % update",
        100, 10, 15_000, 50, 25, 30);

    /** Cinnober's concentration test: everybody on one book, half of inserts and updates executing. */
    public static final Scenario CINNOBER = new Scenario("cinnober",
        "(b) Cinnober concentration: 20 users, 1 book; 50 % insert / 25 % cancel / 25 % update, ~50 % executing",
        20, 1, 1_000, 50, 25, 50);

    public Scenario
    {
        require(users >= 1, "users must be >= 1");
        require(books >= 1, "books must be >= 1");
        require(activeOrders >= books, "activeOrders must be >= books");
        require(insertPercent > 0 && cancelPercent >= 0 && insertPercent + cancelPercent <= 100,
            "percentages must add up to <= 100");
        require(executingPercent >= 0 && executingPercent <= 100, "executingPercent must be in [0, 100]");
    }

    public int updatePercent()
    {
        return 100 - insertPercent - cancelPercent;
    }

    public static Scenario byKey(final String key)
    {
        for (final Scenario scenario : new Scenario[] {TRADEXPRESS, CINNOBER})
        {
            if (scenario.key.equals(key))
            {
                return scenario;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + key + "' (known: tradexpress, cinnober)");
    }

    private static void require(final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new IllegalArgumentException("scenario " + message);
        }
    }
}
