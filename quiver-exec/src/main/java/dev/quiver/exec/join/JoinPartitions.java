package dev.quiver.exec.join;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyHashing;
import dev.quiver.exec.keys.KeyLayout;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One side's rows of a grace hash join split by key hash into {@link #COUNT} spill files (opened
 * when first written). Not thread-safe: one per writer thread.
 */
final class JoinPartitions implements AutoCloseable {
  static final int BITS = 7;
  static final int COUNT = 1 << BITS;

  private final ExecutionContext context;
  private final OperatorMetrics metrics;
  private final Schema schema;
  private final int[] keyColumns;
  private final KeyEncoder encoder;
  private final KeyRows keys;
  private final JoinSpillFile[] files = new JoinSpillFile[COUNT];
  private final long[] rows = new long[COUNT];
  boolean sawNullKey;
  long total;

  JoinPartitions(ExecutionContext context, OperatorMetrics metrics, Schema schema, int[] keyColumns, KeyLayout layout) {
    this.context = context;
    this.metrics = metrics;
    this.schema = schema;
    this.keyColumns = keyColumns;
    this.encoder = new KeyEncoder(layout);
    this.keys = new KeyRows(layout, 16);
  }

  /** The partition of each row of dense vectors (by their key columns' hash); notes NULL keys. */
  int[] partitionOf(List<FieldVector> vectors, int count) {
    List<FieldVector> keyVectors = Arrays.stream(keyColumns).mapToObj(vectors::get).toList();
    encoder.encodeVectors(keyVectors, count, keys);
    int[] partition = new int[count];
    for (int i = 0; i < count; i++) {
      partition[i] = KeyHashing.partition(keys.hash(i), 0, BITS);
      sawNullKey |= keys.hasNull(i);
    }
    return partition;
  }

  /** Writes rows of dense vectors (kept by the caller) to their partitions; {@code skip[i]}: leave row i out. */
  void add(List<FieldVector> vectors, int count, boolean[] skip) {
    int[] partition = partitionOf(vectors, count);
    try {
      for (int p = 0; p < COUNT; p++) {
        int[] positions = new int[count];
        int chosen = 0;
        for (int i = 0; i < count; i++) {
          if (partition[i] == p && (skip == null || !skip[i])) {
            positions[chosen++] = i;
          }
        }
        if (chosen == 0) {
          continue;
        }
        List<FieldVector> gathered = new ArrayList<>();
        try {
          for (int column = 0; column < vectors.size(); column++) {
            Field field = schema.getFields().get(column);
            gathered.add(VectorGather.gather(vectors.get(column), positions, chosen, field, context.allocator()));
          }
        } catch (RuntimeException failure) {
          gathered.forEach(FieldVector::close);
          throw failure;
        }
        file(p).write(gathered, chosen);
        rows[p] += chosen;
        total += chosen;
      }
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "HashJoin cannot write a spill file: " + failure.getMessage(), failure);
    }
  }

  private JoinSpillFile file(int partition) throws IOException {
    if (files[partition] == null) {
      files[partition] = new JoinSpillFile(context.newSpillFile("HashJoin"), schema, context.allocator());
      metrics.spills.increment();
    }
    return files[partition];
  }

  /** Ends the files; per partition its file or null. */
  Path[] finish() {
    Path[] paths = new Path[COUNT];
    try {
      for (int p = 0; p < COUNT; p++) {
        if (files[p] != null) {
          metrics.spilledBytes.add(files[p].finish());
          paths[p] = files[p].path;
          files[p] = null;
        }
      }
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "HashJoin cannot write a spill file: " + failure.getMessage(), failure);
    }
    return paths;
  }

  @Override
  public void close() {
    for (int p = 0; p < COUNT; p++) {
      if (files[p] != null) {
        files[p].close();
        files[p] = null;
      }
    }
  }
}
