package dev.quiver.bench.exchange;

import dev.quiver.bench.scan.query.ColumnDigest;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/** One system's decode of one shuffle block into Arrow Java vectors (freed before it returns). */
interface BlockDecodeArm extends AutoCloseable {
  /**
   * Decodes the block once into vectors from {@code allocator}.
   *
   * @param digest when not null, every decoded column is added to it
   * @return the rows decoded
   */
  int decode(BufferAllocator allocator, ColumnDigest digest) throws Exception;

  @Override
  default void close() throws Exception {}

  /** Adds decoded columns to a digest (when there is one). */
  static void digest(ColumnDigest digest, List<FieldVector> vectors, int rows) {
    if (digest != null) {
      for (int column = 0; column < vectors.size(); column++) {
        digest.add(column, vectors.get(column), 0, rows);
      }
    }
  }
}
