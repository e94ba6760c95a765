/**
 * Kairos matching engine: reference data, order books, matching, Disruptor pipeline, journal, recovery.
 */
package io.kairos.engine;
