package dev.quiver.exec.sort;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Sink;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One thread's part of a sort: keeps its input (dense, dictionary columns decoded) with each row's
 * key words, reserving the key arrays' memory before they grow. Past its share of the memory limit
 * (a quarter of the limit over the threads, leaving the rest to the operators around it)
 * (or when a reservation is refused) it sorts what it holds and spills it as a run; a batch larger
 * than a quarter of that share comes in {@link BatchSlices}, so it is never held whole. As a top-N it
 * keeps only the first offset + limit rows: it sorts and cuts what it holds when that doubles, and
 * drops rows that sort after the last row kept by a cut.
 */
final class SortSink implements Sink {
  private static final int FIRST_CAPACITY = 64;

  private final SortFactory owner;
  private final ExecutionContext context;
  private final KeyLayout layout;
  private final int words;
  private final long keep;
  private final long cutRows;
  private final long budget;
  private final MemoryReservation reservation;
  private final RunSpiller spiller;
  private final List<SpillFile> spilled = new ArrayList<>();
  private List<FieldVector[]> batches = new ArrayList<>();
  private long batchBytes;
  private long physicalRows;
  private long[] keys = new long[0];
  private long[] refs = new long[0];
  private int rows;
  private long[] thresholdKeys;
  /** The threshold row's words under {@link #firstKey}. */
  private long[] thresholdFirstKeys;
  private FieldVector[] thresholdRow;
  /** The first sort key alone ({@link #firstKeyOrder}). */
  private final KeyLayout firstKey;
  private boolean handedOver;

  SortSink(SortFactory owner, ExecutionContext context) {
    this.owner = owner;
    this.context = context;
    this.layout = owner.layout();
    this.firstKey = layout.firstKey();
    this.words = layout.words();
    this.keep = owner.keep();
    this.cutRows = keep == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(2 * keep, 4096);
    this.budget = SortFactory.budget(context);
    this.reservation = context.reservation(owner.metrics().operator());
    this.spiller = new RunSpiller(owner.storageSchema(), owner.metrics());
  }

  @Override
  public boolean isDone() {
    return keep == 0;
  }

  @Override
  public void consume(Batch batch) {
    if (keep == 0) {
      batch.close();
      return;
    }
    int sliceRows;
    try {
      sliceRows = BatchSlices.sliceRows(batch, budget / 4, budget / 8);
    } catch (RuntimeException failure) {
      batch.close();
      throw owner.named(failure);
    }
    if (sliceRows > 0) {
      try (Batch whole = batch) {
        consumeSlices(new BatchSlices(whole, owner.storageSchema().getFields(), sliceRows));
      }
      return;
    }
    if (thresholdKeys != null) {
      batch = prunedByThreshold(batch);
      if (batch == null) {
        return;
      }
    }
    FieldVector[] columns;
    int count;
    try {
      VectorSchemaRoot dense = context.retain(batch);
      columns = dense.getFieldVectors().toArray(new FieldVector[0]);
      count = dense.getRowCount();
    } catch (RuntimeException failure) {
      batch.close();
      throw owner.named(failure);
    }
    boolean kept = false;
    try {
      if (count > 0) {
        kept = add(columns, count, true);
      }
    } catch (RuntimeException failure) {
      throw owner.named(failure);
    } finally {
      if (!kept) {
        close(columns);
      }
    }
    if (rows >= cutRows) {
      try {
        cut();
      } catch (RuntimeException failure) {
        throw owner.named(failure);
      }
    }
  }

  /**
   * A top-N's batch cut to the rows that sort before the last row its cut kept ({@link #thresholdKeys}), so the other
   * columns of rows that cannot be in the answer are never copied (ClickBench's {@code SELECT SearchPhrase ... ORDER
   * BY EventTime LIMIT 10}: the strings of 130,000 rows). The first key decides most rows alone ({@link
   * #firstKeyOrder}); only the rows that tie the threshold on it have every key made dense and compared. The batch
   * as it came when every row passes; null (the batch closed) when none does.
   */
  private Batch prunedByThreshold(Batch batch) {
    int count = batch.rowCount();
    List<FieldVector> made = new ArrayList<>();
    try {
      int[] order = firstKeyOrder(batch, count, made);
      int[] passing = new int[count];
      int passed = 0;
      int[] ties = null;
      int tied = 0;
      for (int row = 0; row < count; row++) {
        if (order[row] < 0) {
          passing[passed++] = row;
        } else if (order[row] == 0) {
          if (ties == null) {
            ties = new int[count];
          }
          ties[tied++] = row;
        }
      }
      if (tied > 0) {
        int before = passed;
        passed = tiesBeforeThreshold(batch, ties, tied, passing, passed, made);
        if (passed > before && before > 0) {
          java.util.Arrays.sort(passing, 0, passed); // the tied rows among the others, in row order
        }
      }
      if (passed == count) {
        return batch;
      }
      if (passed == 0) {
        batch.close();
        return null;
      }
      return batch.withSelection(passing, passed);
    } catch (RuntimeException failure) {
      batch.close();
      throw owner.named(failure);
    } finally {
      made.forEach(FieldVector::close);
    }
  }

  /**
   * Each row's order against the threshold by the first key alone: negative (before it: in), positive (after: out)
   * or zero (a tie, or a NULL code, which {@link #tiesBeforeThreshold} decides). A dictionary-encoded key with fewer
   * values than the batch has rows is compared value by value, then each row takes its code's order; other columns
   * are made dense and compared row by row.
   */
  private int[] firstKeyOrder(Batch batch, int count, List<FieldVector> made) {
    int[] order = new int[count];
    if (firstKey.keyCount() == 0 || firstKey.kind(0) == KeyLayout.NULLS) {
      return order; // every row ties: no key, or a NULL-typed one
    }
    int column = firstKey.column(0);
    int firstWords = firstKey.words();
    FieldVector[] columns = new FieldVector[batch.columnCount()];
    if (batch.isDictionaryEncoded(column) && batch.dictionary(column).getValueCount() < count) {
      FieldVector values = batch.dictionary(column);
      int size = values.getValueCount();
      columns[column] = values;
      long[] valueWords = new long[Math.max(1, size) * firstWords];
      KeyEncoder.encode(firstKey, columns, size, valueWords, 0);
      int[] orderOfCode = new int[size];
      for (int value = 0; value < size; value++) {
        orderOfCode[value] = firstKey.compare(valueWords, value * firstWords, columns, value, thresholdFirstKeys, 0,
            thresholdRow, 0);
      }
      IntVector codes = (IntVector) batch.vector(column);
      int[] selection = batch.selection();
      for (int row = 0; row < count; row++) {
        int physical = selection == null ? row : selection[row];
        if (codes.isNull(physical)) {
          continue; // a tie: decided with every key
        }
        int code = codes.get(physical);
        if (code < 0 || code >= size) {
          throw QuiverException.corrupt("sort key " + batch.schema().getFields().get(column).getName()
              + ": dictionary code " + code + " at row " + physical + " is outside the " + size
              + " dictionary values");
        }
        order[row] = orderOfCode[code];
      }
      return order;
    }
    FieldVector dense = batch.materializeColumn(column, context.allocator());
    if (dense != batch.vector(column)) {
      made.add(dense);
    }
    columns[column] = dense;
    long[] rowWords = new long[Math.max(1, count) * firstWords];
    KeyEncoder.encode(firstKey, columns, count, rowWords, 0);
    for (int row = 0; row < count; row++) {
      order[row] = firstKey.compare(rowWords, row * firstWords, columns, row, thresholdFirstKeys, 0, thresholdRow, 0);
    }
    return order;
  }

  /**
   * Compares the rows that tie the threshold on the first key ({@code ties[0, tied)}) by every key, their key
   * columns made dense at those rows only; appends the ones that sort before it to {@code passing} and returns the
   * new count.
   */
  private int tiesBeforeThreshold(Batch batch, int[] ties, int tied, int[] passing, int passed,
      List<FieldVector> made) {
    FieldVector[] keyColumns = new FieldVector[batch.columnCount()];
    for (int key = 0; key < layout.keyCount(); key++) {
      int column = layout.column(key);
      if (layout.kind(key) != KeyLayout.NULLS && keyColumns[column] == null) {
        keyColumns[column] = batch.materializeRows(column, ties, tied, context.allocator());
        made.add(keyColumns[column]);
      }
    }
    long[] keyWords = new long[tied * words];
    KeyEncoder.encode(layout, keyColumns, tied, keyWords, 0);
    for (int i = 0; i < tied; i++) {
      if (layout.compare(keyWords, i * words, keyColumns, i, thresholdKeys, 0, thresholdRow, 0) < 0) {
        passing[passed++] = ties[i];
      }
    }
    return passed;
  }

  /**
   * Takes a batch larger than a quarter of the budget slice by slice, each copied into the query's
   * allocator only when the one before is added (and spilled if the budget is reached), so the sink
   * never holds the whole of it at once.
   */
  private void consumeSlices(BatchSlices slices) {
    while (slices.hasNext()) {
      context.checkCancelled();
      FieldVector[] columns = null;
      boolean kept = false;
      try {
        if (rows > 0 && batchBytes + reservation.bytes() + budget / 8 + growthBytes(slices.nextRows()) > budget) {
          flush();
        }
        int count = slices.nextRows();
        columns = slices.nextSlice(context.allocator());
        kept = add(columns, count, true);
        if (rows >= cutRows) {
          cut();
        }
      } catch (RuntimeException failure) {
        throw owner.named(failure);
      } finally {
        if (!kept) {
          close(columns);
        }
      }
    }
  }

  /** Adds a dense batch; returns whether it is kept (else the caller closes it). */
  private boolean add(FieldVector[] columns, int count, boolean filter) {
    long bytes = bytes(columns);
    if (rows > 0 && batchBytes + bytes + reservation.bytes() + growthBytes(count) > budget) {
      flush();
    }
    reserveRows(count);
    int batch = batches.size();
    int base = rows;
    KeyEncoder.encode(layout, columns, count, keys, base);
    int added = 0;
    for (int row = 0; row < count; row++) {
      int at = (base + row) * words;
      if (filter && thresholdKeys != null
          && layout.compare(keys, at, columns, row, thresholdKeys, 0, thresholdRow, 0) >= 0) {
        continue;
      }
      int to = (base + added) * words;
      if (to != at) {
        System.arraycopy(keys, at, keys, to, words);
      }
      refs[base + added] = (long) batch << 32 | row;
      added++;
    }
    if (added == 0) {
      return false;
    }
    batches.add(columns);
    batchBytes += bytes;
    physicalRows += count;
    rows += added;
    owner.metrics().memory(batchBytes + reservation.bytes());
    return true;
  }

  /** Bytes the arrays grow by to take {@code count} more rows (0 when they have room). */
  private long growthBytes(int count) {
    long needed = (long) rows + count;
    if (needed <= refs.length) {
      return 0;
    }
    return (capacityFor(needed) - refs.length) * MemoryRun.arrayBytesPerRow(layout);
  }

  private long capacityFor(long needed) {
    long capacity = Math.max(FIRST_CAPACITY, Math.max(needed, refs.length + refs.length / 2));
    return Math.min(capacity, Integer.MAX_VALUE / Math.max(1, words) - 16);
  }

  /** Makes room in the arrays for {@code count} more rows, reserving first (spilling if refused). */
  private void reserveRows(int count) {
    long needed = (long) rows + count;
    if (needed <= refs.length) {
      return;
    }
    if (needed > Integer.MAX_VALUE / Math.max(1, words) - 16) {
      flush();
      needed = count;
    }
    long capacity = capacityFor(needed);
    long more = (capacity - refs.length) * MemoryRun.arrayBytesPerRow(layout);
    if (!reservation.tryGrow(more)) {
      if (rows > 0) {
        flush();
        if (count <= refs.length) {
          return;
        }
      }
      capacity = Math.max(count, FIRST_CAPACITY);
      more = (capacity - refs.length) * MemoryRun.arrayBytesPerRow(layout);
      reservation.grow(more);
    }
    keys = java.util.Arrays.copyOf(keys, (int) capacity * words);
    refs = java.util.Arrays.copyOf(refs, (int) capacity);
  }

  /** The rows held, sorted (and cut to the limit) as a run; the sink holds nothing afterwards. */
  private MemoryRun takeRun() {
    long arrays = (long) refs.length * MemoryRun.arrayBytesPerRow(layout);
    MemoryRun run = new MemoryRun(layout, batches, keys, refs, rows, keep, batchBytes, arrays);
    batches = new ArrayList<>();
    keys = new long[0];
    refs = new long[0];
    rows = 0;
    batchBytes = 0;
    physicalRows = 0;
    return run;
  }

  /** Sorts what is held and writes it to a spill file. */
  private void flush() {
    if (rows == 0) {
      return;
    }
    int spillRows = RunSpiller.spillBatchRows(budget, batchBytes, physicalRows, context.batchRows());
    try (MemoryRun run = takeRun()) {
      try {
        remember(run);
        spilled.add(spiller.spill(run, context, spillRows));
      } finally {
        reservation.shrink(run.arrayBytes);
      }
    }
  }

  /** A top-N's cut: keeps the first {@code keep} rows held, compacted into new batches. */
  private void cut() {
    try (MemoryRun run = takeRun()) {
      try {
        remember(run);
        RowGather gather = run.newGather(owner.storageSchema());
        int chunk = context.batchRows();
        int[] sources = new int[chunk];
        int[] positions = new int[chunk];
        for (int from = 0; from < run.rows; from += chunk) {
          int count = Math.min(chunk, run.rows - from);
          FieldVector[] columns = run.gather(gather, from, count, context.allocator(), sources, positions);
          boolean kept = false;
          try {
            kept = add(columns, count, false);
          } finally {
            if (!kept) {
              close(columns);
            }
          }
        }
      } finally {
        reservation.shrink(run.arrayBytes);
      }
    }
  }

  /** When a run holds the limit's rows, rows after its last can never be in the answer: remember it. */
  private void remember(MemoryRun run) {
    if (keep == Long.MAX_VALUE || run.rows < keep || run.rows == 0) {
      return;
    }
    int last = run.order[run.rows - 1];
    long[] candidate = java.util.Arrays.copyOfRange(run.keys, run.keyOffset(last), run.keyOffset(last) + words);
    if (thresholdKeys != null && layout.compare(candidate, 0, run.batchOf(last), run.rowOf(last), thresholdKeys, 0,
        thresholdRow, 0) >= 0) {
      return;
    }
    RowGather gather = run.newGather(owner.storageSchema());
    FieldVector[] row = run.gather(gather, run.rows - 1, 1, context.allocator(), new int[1], new int[1]);
    close(thresholdRow);
    thresholdRow = row;
    thresholdKeys = candidate;
    thresholdFirstKeys = new long[firstKey.words()];
    KeyEncoder.encode(firstKey, row, 1, thresholdFirstKeys, 0);
  }

  /** Hands the sorted rows held and the spilled runs to the factory (after the thread's last batch). */
  void handOver(List<MemoryRun> runs, List<SpillFile> files, List<MemoryReservation> reservations) {
    handedOver = true;
    if (rows > 0) {
      runs.add(takeRun());
    }
    files.addAll(spilled);
    spilled.clear();
    reservations.add(reservation);
  }

  /** The bytes the columns' buffers hold in their allocator (each allocation counted once). */
  static long bytes(FieldVector[] columns) {
    java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    long total = 0;
    for (FieldVector vector : columns) {
      for (org.apache.arrow.memory.ArrowBuf buffer : vector.getBuffers(false)) {
        if (seen.add(buffer.getReferenceManager())) {
          total += buffer.getReferenceManager().getAccountedSize();
        }
      }
    }
    return total;
  }

  private static void close(FieldVector[] columns) {
    if (columns == null) {
      return;
    }
    for (FieldVector vector : columns) {
      vector.close();
    }
  }

  @Override
  public void close() {
    close(thresholdRow);
    thresholdRow = null;
    for (FieldVector[] batch : batches) {
      close(batch);
    }
    batches.clear();
    rows = 0;
    keys = new long[0];
    refs = new long[0];
    for (SpillFile file : spilled) {
      SpillReader.delete(file.path());
    }
    spilled.clear();
    if (!handedOver) {
      reservation.close();
    }
  }
}
