package dev.quiver.shuffle.exchange;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rows one partition has buffered since its last block: Arrow vectors that grow as rows are
 * appended. Its memory is allocated on the first append after a {@link #release} and freed by the
 * next release, so an idle partition holds nothing (but its bookkeeping on the Java heap).
 */
final class PartitionBuilder implements AutoCloseable {
  private final Schema schema;
  private final ColumnAppender[] appenders;
  private final BufferAllocator allocator;
  private VectorSchemaRoot root;
  private int rows;
  private long bytes;
  private int lastBlockRows;

  /** The fewest rows a builder is sized for (unless a block holds fewer). */
  static final int MINIMUM_ROWS = 16;

  /**
   * The Arrow bytes a builder holds at least once it has rows: vectors of {@code schema} for
   * {@link #MINIMUM_ROWS} rows (or {@code maximumRows}, when fewer), measured in a child of
   * {@code allocator} and freed at once.
   */
  static long minimumBytes(Schema schema, int maximumRows, BufferAllocator allocator) {
    try (BufferAllocator probe = allocator.newChildAllocator("partition builder size", 0, Long.MAX_VALUE);
        VectorSchemaRoot root = allocate(schema, Math.min(MINIMUM_ROWS, maximumRows), probe)) {
      return probe.getAllocatedMemory();
    }
  }

  private static VectorSchemaRoot allocate(Schema schema, int rows, BufferAllocator allocator) {
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setInitialCapacity(rows);
        vector.allocateNew();
      }
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  PartitionBuilder(Schema schema, ColumnAppender[] appenders, BufferAllocator allocator) {
    this.schema = schema;
    this.appenders = appenders;
    this.allocator = allocator;
  }

  int rows() {
    return rows;
  }

  /** The estimated Arrow bytes of the buffered rows (what the byte target is checked against). */
  long bytes() {
    return bytes;
  }

  /**
   * Appends rows {@code order[from, to)} of {@code batch}, whose estimated size is {@code chunkBytes}.
   * A new builder is sized for the rows its last block had (a partition tends to fill its blocks
   * alike), or for eight times this first chunk, at most {@code maximumRows}: fewer doublings than
   * growing from the first chunk, without reserving a full block for a partition that gets few rows.
   */
  void append(VectorSchemaRoot batch, int[] order, int from, int to, long chunkBytes, int maximumRows) {
    if (root == null) {
      int initialRows = Math.min(maximumRows, Math.max(MINIMUM_ROWS, Math.max(lastBlockRows, 8 * (to - from))));
      root = allocate(schema, initialRows, allocator);
    }
    List<FieldVector> sources = batch.getFieldVectors();
    List<FieldVector> targets = root.getFieldVectors();
    for (int column = 0; column < appenders.length; column++) {
      appenders[column].append(sources.get(column), batch.getRowCount(), targets.get(column), rows, order, from, to);
    }
    rows += to - from;
    bytes += chunkBytes;
  }

  /** The buffered rows as a batch (valid until {@link #release}), or null when there are none. */
  VectorSchemaRoot finish() {
    if (rows == 0) {
      return null;
    }
    root.setRowCount(rows);
    return root;
  }

  /** Frees the buffered rows. */
  void release() {
    lastBlockRows = rows;
    if (root != null) {
      root.close();
      root = null;
    }
    rows = 0;
    bytes = 0;
  }

  @Override
  public void close() {
    release();
  }
}
