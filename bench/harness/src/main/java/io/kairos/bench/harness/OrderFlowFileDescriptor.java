package io.kairos.bench.harness;

/**
 * Layout of an order-flow file ({@link OrderFlow#write}): a fixed header, then one fixed-size
 * record per command, all little-endian. Written by the Kairos side, read by the exchange-core
 * runner in its own JVM.
 *
 * <pre>
 * header (HEADER_LENGTH = 64 bytes)
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +---------------------------------------------------------------+
 * |                         magic 'KBOF'                          |  0
 * |                          version (2)                          |  4
 * |                             users                             |  8
 * |                             books                             | 12
 * |                     maxPriceTicks (int64)                     | 16
 * |                           prefillEnd                          | 24
 * |                           warmupEnd                           | 28
 * |                         throughputEnd                         | 32
 * |                         size (records)                        | 36
 * | keyLen (int8) |   scenario key, ASCII, keyLen bytes (<= 23)   | 40
 * +---------------------------------------------------------------+
 * record (RECORD_LENGTH = 52 bytes)
 * | kind (int8)   | side (int8)   | tif (int8)    | flags (int8)  |  0
 * |                         user (int32)                          |  4
 * |                         book (int32)                          |  8
 * |                      priceTicks (int64)                       | 12
 * |                     quantityLots (int64)                      | 20
 * |                       orderRef (int64)                        | 28
 * |                       clOrdNum (int64)                        | 36
 * |                     origClOrdNum (int64)                      | 44
 * +---------------------------------------------------------------+
 * </pre>
 */
public final class OrderFlowFileDescriptor
{
    public static final int MAGIC = 0x464F424B;
    /** 2: the record's former padding holds time in force (0 GTC, 1 IOC) and flags (bit 0: modify's reinsert). */
    public static final int VERSION = 2;
    public static final int HEADER_LENGTH = 64;
    public static final int MAX_KEY_LENGTH = 23;
    public static final int RECORD_LENGTH = 52;

    private OrderFlowFileDescriptor()
    {
    }
}
