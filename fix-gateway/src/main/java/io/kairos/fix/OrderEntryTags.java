package io.kairos.fix;

/**
 * Which tags each order-entry message may carry: those Kairos carries out, and those it takes as information only
 * (identifiers, free text, regulatory flags that change nothing in matching). Any other tag is refused with a session
 * Reject naming it ({@link StrictFieldValidator}): an instruction Kairos does not carry out (ExecInst, StopPx,
 * ExpireTime, MaxShow, pegs, discretion, CashOrderQty...), an instrument named other than by Symbol, a tag no
 * dictionary defines. A venue that accepted such an order and ignored the instruction would trade it in a way its
 * sender did not ask for. The lists are fix-gateway/README.md's "Fields" table. Immutable; read by the library thread.
 */
final class OrderEntryTags
{
    /** Tags at or above this are refused whatever the message (FIX 4.4's own stop below 1000). */
    static final int MAX_TAG = 1024;

    /** FIX 4.4 StandardHeader and StandardTrailer: every message may carry them. */
    private static final int[] HEADER_AND_TRAILER = {
        8, 9, 35, 49, 56, 115, 128, 90, 91, 34, 50, 142, 57, 143, 116, 144, 129, 145, 43, 97, 52, 122, 212, 213, 347,
        369, 627, 628, 629, 630, 93, 89, 10};
    /**
     * Information only, on any order-entry message: Account (1, 660, 581), Parties (453, 448, 447, 452, 802, 523,
     * 803), SecondaryClOrdID (526), ClOrdLinkID (583), Text (58, 354, 355), HandlInst (21), OrderCapacity (528),
     * OrderRestrictions (529), CustOrderCapacity (582), ComplianceID (376), SolicitedFlag (377), Designation (494),
     * TradeOriginationDate (229), TransactTime (60).
     */
    private static final int[] INFORMATION = {
        1, 660, 581, 453, 448, 447, 452, 802, 523, 803, 526, 583, 58, 354, 355, 21, 528, 529, 582, 376, 377, 494, 229,
        60};

    /** NewOrderSingle: ClOrdID, Symbol, Side, OrderQty, OrdType, Price, TimeInForce, MinQty, MaxFloor. */
    static final OrderEntryTags NEW_ORDER = new OrderEntryTags("NewOrderSingle (35=D)", 11, 55, 54, 38, 40, 44, 59,
        110, 111);
    /**
     * OrderCancelReplaceRequest: as a new order, plus OrigClOrdID, OrderID and OrigOrdModTime (information); MinQty
     * and MaxFloor are not taken on a replace (cancel and enter a new order instead).
     */
    static final OrderEntryTags REPLACE = new OrderEntryTags("OrderCancelReplaceRequest (35=G)", 11, 41, 37, 586, 55,
        54, 38, 40, 44, 59);
    /** OrderCancelRequest: ClOrdID, OrigClOrdID, OrderID, Symbol, Side, OrderQty and OrigOrdModTime (information). */
    static final OrderEntryTags CANCEL = new OrderEntryTags("OrderCancelRequest (35=F)", 11, 41, 37, 55, 54, 38, 586);
    /** OrderStatusRequest: OrderID, ClOrdID, Symbol, Side. */
    static final OrderEntryTags STATUS = new OrderEntryTags("OrderStatusRequest (35=H)", 37, 11, 55, 54);
    /** OrderMassCancelRequest: ClOrdID, MassCancelRequestType, Symbol. */
    static final OrderEntryTags MASS_CANCEL = new OrderEntryTags("OrderMassCancelRequest (35=q)", 11, 530, 55);

    private final String messageName;
    private final boolean[] allowed = new boolean[MAX_TAG];
    /** The refusal text per tag, made on the first refusal of that tag (at most {@link #MAX_TAG}). */
    private final String[] refusals = new String[MAX_TAG];
    private final String unknownTagRefusal;

    private OrderEntryTags(final String messageName, final int... honoured)
    {
        this.messageName = messageName;
        allow(HEADER_AND_TRAILER);
        allow(INFORMATION);
        allow(honoured);
        unknownTagRefusal = "tag not supported on " + messageName;
    }

    private void allow(final int[] tags)
    {
        for (final int tag : tags)
        {
            allowed[tag] = true;
        }
    }

    boolean allows(final int tag)
    {
        return tag >= 0 && tag < MAX_TAG && allowed[tag];
    }

    /** The Text (58) of the Reject for a refused {@code tag}; allocates once per tag. */
    String refusal(final int tag)
    {
        if (tag < 0 || tag >= MAX_TAG)
        {
            return unknownTagRefusal;
        }
        String text = refusals[tag];
        if (text == null)
        {
            text = "tag " + tag + " is not supported on " + messageName + ": Kairos would not carry it out";
            refusals[tag] = text;
        }
        return text;
    }
}
