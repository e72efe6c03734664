package dev.quiver.bench.scan.query;

import org.apache.arrow.vector.FieldVector;

/**
 * Takes rows of a scan a window at a time: {@code length} rows that start at {@code offsets[i]} in
 * {@code vectors[i]}, one vector per requested column, in the order requested. The vectors belong to
 * the scan (read them, do not keep or close them). One consumer is fed by one thread.
 */
public interface WindowConsumer {
  void accept(FieldVector[] vectors, int[] offsets, int length);

  /** Feeds a whole batch (every vector from row 0). */
  default void acceptBatch(FieldVector[] vectors, int rows) {
    accept(vectors, new int[vectors.length], rows);
  }
}
