/**
 * Order-by-order (L3) book library: L3 events in (add, modify keeping or losing priority, delete,
 * execute), price levels, top-N depth and allocation-free L2/L3 snapshots out. Depends on nothing
 * but the JDK; {@link io.kairos.l3.L3BookSet} is the entry point.
 */
package io.kairos.l3;
