package dev.quiver.bench.sql;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** What an arm hands a result to, batch by batch: an answer being built ({@link SqlAnswer}, {@link TieCandidates}). */
public interface BatchSink {
  /** The result's columns, before its first batch. */
  void start(Schema schema);

  /** One batch of the result, in order. */
  void add(VectorSchemaRoot batch);
}
