package dev.quiver.exec.join;

import dev.quiver.common.batch.Batch;
import dev.quiver.exec.expression.CompiledPredicate;
import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.operator.BatchConsumer;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.StreamOperator;
import dev.quiver.exec.plan.JoinType;
import java.util.List;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * One thread's probe of a hash join: per batch the left keys are packed and looked up together,
 * matching pairs are expanded from the key chains a batch at a time, the residual (if any) is
 * evaluated over the gathered pairs, and the join type decides what is emitted.
 */
final class HashJoinProbe implements StreamOperator {
  private final JoinSpec spec;
  private final JoinTable table;
  private final CompiledPredicate residual;
  private final ExecutionContext context;
  private final KeyEncoder encoder;
  private final KeyRows keys;
  private final KeyTable.Scratch lookupScratch = new KeyTable.Scratch();
  private final List<Field> pairFields;
  private int[] ids = new int[0];
  private final int[] pairProbe;
  private final int[] pairBuild;
  private final int[] positions;
  private final long buildRows;
  private final boolean buildHasNullKey;

  /**
   * @param buildRows rows of the whole build side (a partition's table may hold fewer)
   * @param buildHasNullKey whether any build row of the whole build side has a NULL key
   */
  HashJoinProbe(JoinSpec spec, JoinTable table, CompiledPredicate residual, ExecutionContext context,
      OperatorMetrics metrics, long buildRows, boolean buildHasNullKey) {
    this.buildRows = buildRows;
    this.buildHasNullKey = buildHasNullKey;
    this.spec = spec;
    this.table = table;
    this.residual = residual;
    this.context = context;
    this.encoder = new KeyEncoder(spec.leftLayout);
    this.keys = new KeyRows(spec.leftLayout, 16);
    this.pairFields = spec.type.outputsRight() ? spec.output.getFields() : spec.pair.getFields();
    int chunk = Math.max(1, context.batchRows());
    this.pairProbe = new int[chunk];
    this.pairBuild = new int[chunk];
    this.positions = new int[chunk];
  }

  @Override
  public void process(Batch input, BatchConsumer output) {
    try (input) {
      context.checkCancelled();
      int count = input.rowCount();
      if (count > 0) {
        probe(input, count, output);
      }
    }
  }

  private void probe(Batch input, int count, BatchConsumer output) {
    encoder.encode(input, spec.leftKeys, keys);
    if (ids.length < count) {
      ids = new int[count];
    }
    table.find(keys, ids, lookupScratch);
    boolean[] matched = new boolean[count];
    JoinType type = spec.type;
    if (!type.outputsLeft() && residual == null) {
      markBuildRows(count);
      return;
    }
    if (!type.outputsRight() && residual == null) {
      for (int i = 0; i < count; i++) {
        matched[i] = ids[i] >= 0 && table.head[ids[i]] >= 0;
      }
    } else {
      int pairs = 0;
      for (int i = 0; i < count; i++) {
        if (ids[i] < 0) {
          continue;
        }
        for (int row = table.head[ids[i]]; row >= 0; row = table.next[row]) {
          pairProbe[pairs] = i;
          pairBuild[pairs++] = row;
          if (pairs == pairProbe.length) {
            flushPairs(input, pairs, matched, output);
            pairs = 0;
            if (type == JoinType.SEMI || type == JoinType.ANTI || type == JoinType.NULL_AWARE_ANTI
                || type == JoinType.LEFT_MARK) {
              if (matched[i]) {
                break;
              }
            }
          }
        }
      }
      if (pairs > 0) {
        flushPairs(input, pairs, matched, output);
      }
    }
    emitLeftRows(input, count, matched, output);
  }

  /**
   * RIGHT_SEMI and RIGHT_ANTI without a residual: marks every build row whose key a probe row has.
   * A key's rows are marked together, so a chain whose first row is marked is skipped.
   */
  private void markBuildRows(int count) {
    byte[] marks = table.matched;
    for (int i = 0; i < count; i++) {
      int id = ids[i];
      if (id < 0) {
        continue;
      }
      int head = table.head[id];
      if (head < 0 || marks[head] != 0) {
        continue;
      }
      for (int row = head; row >= 0; row = table.next[row]) {
        marks[row] = 1;
      }
    }
  }

  private void flushPairs(Batch input, int pairs, boolean[] matched, BatchConsumer output) {
    context.checkCancelled();
    Batch joined = JoinGather.pairs(input, pairProbe, table, pairBuild, pairs, pairFields, context.allocator());
    int passing = pairs;
    int[] chosen = null;
    if (residual != null) {
      try {
        passing = residual.select(joined, positions);
      } catch (RuntimeException failure) {
        joined.close();
        throw failure;
      }
      chosen = positions;
    }
    for (int k = 0; k < passing; k++) {
      int pair = chosen == null ? k : chosen[k];
      matched[pairProbe[pair]] = true;
      if (table.matched != null) {
        table.matched[pairBuild[pair]] = 1;
      }
    }
    if (!spec.type.outputsRight() || passing == 0) {
      joined.close();
      return;
    }
    Batch result = passing == pairs ? joined : joined.withSelection(chosen, passing);
    output.accept(result);
  }

  private void emitLeftRows(Batch input, int count, boolean[] matched, BatchConsumer output) {
    JoinType type = spec.type;
    switch (type) {
      case INNER, RIGHT, RIGHT_SEMI, RIGHT_ANTI -> {
        return;
      }
      case LEFT, FULL -> {
        int[] rows = rowsWhere(matched, count, false, null);
        if (rows.length == 0) {
          return;
        }
        int[] nulls = new int[rows.length];
        java.util.Arrays.fill(nulls, -1);
        Batch outer = JoinGather.pairs(input, rows, table, nulls, rows.length, spec.output.getFields(),
            context.allocator());
        output.accept(outer);
      }
      case SEMI -> emitSelection(input, rowsWhere(matched, count, true, null), output);
      case ANTI -> emitSelection(input, rowsWhere(matched, count, false, null), output);
      case NULL_AWARE_ANTI -> {
        if (buildRows == 0) {
          emitSelection(input, rowsWhere(new boolean[count], count, false, null), output);
        } else if (!buildHasNullKey) {
          emitSelection(input, rowsWhere(matched, count, false, keys), output);
        }
      }
      case LEFT_MARK -> emitMarked(input, count, matched, output);
    }
  }

  /** Positions where matched equals {@code value} (and, if {@code keys} is given, the key has no NULL). */
  private static int[] rowsWhere(boolean[] matched, int count, boolean value, KeyRows keys) {
    int[] rows = new int[count];
    int chosen = 0;
    for (int i = 0; i < count; i++) {
      if (matched[i] == value && (keys == null || !keys.hasNull(i))) {
        rows[chosen++] = i;
      }
    }
    return java.util.Arrays.copyOf(rows, chosen);
  }

  private void emitSelection(Batch input, int[] rows, BatchConsumer output) {
    if (rows.length == 0) {
      return;
    }
    output.accept(input.withSelection(rows, rows.length));
  }

  private void emitMarked(Batch input, int count, boolean[] matched, BatchConsumer output) {
    List<Field> fields = spec.output.getFields();
    Field markField = fields.get(fields.size() - 1);
    BitVector mark = (BitVector) markField.createVector(context.allocator());
    try {
      mark.allocateNew(count);
      for (int i = 0; i < count; i++) {
        if (matched[i]) {
          mark.set(i, 1);
        } else if (buildHasNullKey || (keys.hasNull(i) && buildRows > 0)) {
          mark.setNull(i);
        } else {
          mark.set(i, 0);
        }
      }
      mark.setValueCount(count);
    } catch (RuntimeException failure) {
      mark.close();
      throw failure;
    }
    VectorSchemaRoot root = input.materialize(context.allocator());
    Batch.Builder builder = Batch.builder(count);
    List<FieldVector> vectors = root.getFieldVectors();
    for (int column = 0; column < vectors.size(); column++) {
      builder.add(fields.get(column), vectors.get(column));
    }
    builder.add(markField, mark);
    output.accept(builder.build());
  }
}
