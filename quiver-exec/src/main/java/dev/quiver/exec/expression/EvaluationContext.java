package dev.quiver.exec.expression;

import dev.quiver.common.batch.Batch;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The rows one evaluation covers: {@code count} rows, row i being physical row {@code positions[i]}
 * of the batch (row i when positions is null), or row i of an override column (a dictionary's values,
 * or a subset of another context's rows). Columns read from the batch are cached for the evaluation.
 * One per evaluation call: not shared between threads.
 */
final class EvaluationContext {
  private final Batch batch;
  private final int[] positions;
  private final Column[] overrides;
  private final Column[] cache;
  private java.util.IdentityHashMap<SharedNode, Column> shared;
  final int count;
  /** The highest of {@link #positions}, found once for every column read ({@link ColumnReader#highestRow}). */
  private int highest = -2;

  private EvaluationContext(Batch batch, int[] positions, Column[] overrides, int count, int columns) {
    this.batch = batch;
    this.positions = positions;
    this.overrides = overrides;
    this.count = count;
    this.cache = new Column[columns];
  }

  /** The rows of a batch: its selection, or every row. */
  static EvaluationContext of(Batch batch) {
    return new EvaluationContext(batch, batch.hasSelection() ? batch.selection() : null, null, batch.rowCount(),
        batch.columnCount());
  }

  /** Rows without a batch (constant folding): {@code count} rows and no columns. */
  static EvaluationContext empty(int count) {
    return new EvaluationContext(null, null, null, count, 0);
  }

  /** A context whose column {@code ordinal} is {@code values} (its rows) and which reads no batch. */
  static EvaluationContext overriding(int ordinal, Column values, int columns) {
    Column[] overrides = new Column[Math.max(columns, ordinal + 1)];
    overrides[ordinal] = values;
    return new EvaluationContext(null, null, overrides, values.size, overrides.length);
  }

  Batch batch() {
    return batch;
  }

  private int highestRow() {
    if (highest == -2) {
      highest = ColumnReader.highestRow(positions, count);
    }
    return highest;
  }

  /** The physical rows of the batch this context covers (null: the first {@code count}). */
  int[] positions() {
    return positions;
  }

  boolean hasOverrides() {
    return overrides != null;
  }

  /** The column of a shared sub-tree over this context's rows, evaluated the first time it is asked for. */
  Column shared(SharedNode node, Node tree) {
    if (shared == null) {
      shared = new java.util.IdentityHashMap<>();
    }
    Column result = shared.get(node);
    if (result == null) {
      result = tree.evaluate(this);
      shared.put(node, result);
    }
    return result;
  }

  /** Column {@code ordinal} over this context's rows. */
  Column column(int ordinal, ArrowType type) {
    Column cached = ordinal < cache.length ? cache[ordinal] : null;
    if (cached != null) {
      return cached;
    }
    Column result;
    if (overrides != null) {
      result = overrides[ordinal];
      if (result == null) {
        throw new IllegalStateException("column " + ordinal + " is not part of this evaluation");
      }
    } else if (batch.isDictionaryEncoded(ordinal)) {
      result = readDictionary(ordinal, type);
    } else {
      result = ColumnReader.read(batch.vector(ordinal), type, positions, count, highestRow());
    }
    cache[ordinal] = result;
    return result;
  }

  private Column readDictionary(int ordinal, ArrowType type) {
    var values = batch.dictionary(ordinal);
    int size = values.getValueCount();
    int[] codes = ColumnReader.codes((IntVector) batch.vector(ordinal), positions, count, size, -1,
        batch.schema().getFields().get(ordinal).getName(), highestRow());
    if (count < size) {
      // fewer rows than values (a file-wide dictionary, a filtered batch): read only the values the rows use
      int[] used = new int[count];
      boolean nullRows = false;
      for (int i = 0; i < count; i++) {
        nullRows |= codes[i] < 0;
        used[i] = Math.max(0, codes[i]);
      }
      Column read = ColumnReader.read(values, type, used, count);
      if (!nullRows) {
        return read;
      }
      int[] rows = new int[count];
      for (int i = 0; i < count; i++) {
        rows[i] = codes[i] < 0 ? -1 : i;
      }
      return read.gather(rows, count);
    }
    Column dictionary = ColumnReader.read(values, type, null, size);
    return dictionary.gather(codes, count);
  }

  /** The codes of a dictionary column over this context's rows (a NULL row's code is {@code nullIndex}). */
  int[] dictionaryCodes(int ordinal, int nullIndex) {
    int size = batch.dictionary(ordinal).getValueCount();
    return ColumnReader.codes((IntVector) batch.vector(ordinal), positions, count, size, nullIndex,
        batch.schema().getFields().get(ordinal).getName(), highestRow());
  }

  /** The context of rows {@code rows[0, subsetCount)} of this one (ascending). */
  EvaluationContext subset(int[] rows, int subsetCount) {
    if (overrides != null) {
      Column[] gathered = new Column[overrides.length];
      for (int i = 0; i < overrides.length; i++) {
        if (overrides[i] != null) {
          gathered[i] = overrides[i].gather(rows, subsetCount);
        }
      }
      return new EvaluationContext(null, null, gathered, subsetCount, cache.length);
    }
    if (batch == null) {
      return empty(subsetCount);
    }
    int[] physical = new int[subsetCount];
    for (int i = 0; i < subsetCount; i++) {
      physical[i] = positions == null ? rows[i] : positions[rows[i]];
    }
    return new EvaluationContext(batch, physical, null, subsetCount, cache.length);
  }
}
