package dev.quiver.exec.join;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyEncoder;
import dev.quiver.exec.keys.KeyRows;
import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryReservation;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * The built side of a hash join in memory: the build rows as one vector per column, their distinct keys,
 * and per key the chain of its rows ({@code head[key]}, then {@code next[row]}, -1 ending). Rows with a
 * NULL key are kept (an outer join emits them) but never chained. Read-only once built, but for the
 * matched flags of RIGHT and FULL joins (bytes set to 1 by any probe thread; read after every probe is
 * done).
 *
 * <p>A key is its id in a {@link KeyTable}, but for a key of one integer column whose values span at most
 * {@link #DIRECT_SPAN_PER_ROW} times the rows (plus {@link #DIRECT_SPAN_SLACK}): there the key is its value
 * minus the smallest, {@code head} is indexed by it directly, and building or probing hashes nothing (the
 * dense keys of TPC-H's tables: orders by o_orderkey, 1.5M rows over 6M values, builds in one pass).
 */
final class JoinTable implements AutoCloseable {
  private static final int CHUNK = 512;
  /**
   * A direct-indexed key's span is at most this many values per build row. Head takes 4 bytes a value, so at most
   * 48 bytes a build row; a {@link KeyTable} of one column takes 24 to 48 bytes of slots, 24 of stored key and hash
   * and 4 of head per distinct key: for keys that are mostly distinct (a primary key) the direct table is no larger
   * and hashes nothing (TPC-H q21's 729,413 orders of status F over 6 M orderkeys: 8.2 values a row, 76 ms to build
   * by hash); for keys with many duplicates it costs at most those 48 bytes a row, beside the build rows' own.
   */
  static final int DIRECT_SPAN_PER_ROW = 12;
  /** ... plus this many, so small build sides take the direct table too. */
  static final int DIRECT_SPAN_SLACK = 4096;
  /** Whether dense integer keys take the direct table (the system property quiver.directJoins=false: never). */
  static final boolean DIRECT = !"false".equals(System.getProperty("quiver.directJoins"));

  final List<FieldVector> columns;
  final int rowCount;
  /** The key table, or null when keys are direct offsets from {@link #directMinimum}. */
  final KeyTable keys;
  final long directMinimum;
  final int directSpan;
  final int distinctKeys;
  final int[] head;
  final int[] next;
  final boolean hasNullKey;
  final byte[] matched;
  private final MemoryReservation reservation;
  private final long arrayBytes;

  private JoinTable(List<FieldVector> columns, int rowCount, KeyTable keys, long directMinimum, int directSpan,
      int distinctKeys, int[] head, int[] next, boolean hasNullKey, byte[] matched, MemoryReservation reservation,
      long arrayBytes) {
    this.columns = columns;
    this.rowCount = rowCount;
    this.keys = keys;
    this.directMinimum = directMinimum;
    this.directSpan = directSpan;
    this.distinctKeys = distinctKeys;
    this.head = head;
    this.next = next;
    this.hasNullKey = hasNullKey;
    this.matched = matched;
    this.reservation = reservation;
    this.arrayBytes = arrayBytes;
  }

  /** The key ids of the probe rows {@code probeKeys} (-1: no build row has the key) into {@code ids}. */
  void find(KeyRows probeKeys, int[] ids, KeyTable.Scratch scratch) {
    if (keys != null) {
      keys.find(probeKeys, ids, scratch);
    } else {
      probeKeys.offsetsFrom(directMinimum, directSpan, ids);
    }
  }

  /**
   * Builds the table over {@code columns} (taken over) of {@code rowCount} rows, reserving its memory
   * first; RESOURCE (naming HashJoin) when it does not fit.
   */
  static JoinTable build(JoinSpec spec, List<FieldVector> columns, int rowCount, MemoryReservation reservation) {
    long[] range = spec.rightKeys.length == 1 ? IntegerKeys.range(columns.get(spec.rightKeys[0]), rowCount) : null;
    long spread = range == null ? -1 : range[1] - range[0]; // negative when the subtraction overflows
    if (DIRECT && spread >= 0 && spread < Math.min((long) DIRECT_SPAN_PER_ROW * rowCount + DIRECT_SPAN_SLACK,
        Integer.MAX_VALUE - 16)) {
      return buildDirect(spec, columns, rowCount, reservation, range[0], (int) (range[1] - range[0] + 1));
    }
    KeyTable keys = null;
    long arrayBytes = 0;
    try {
      // next, and head (a key id per distinct key: at most one per row), sized once: no regrowth
      arrayBytes = 4L * rowCount * 2 + (spec.tracksBuildMatches() ? rowCount : 0);
      reservation.grow(arrayBytes);
      keys = new KeyTable(spec.rightLayout, reservation);
      int[] next = new int[rowCount];
      int[] head = new int[Math.max(1, rowCount)];
      Arrays.fill(head, -1);
      byte[] matched = spec.tracksBuildMatches() ? new byte[rowCount] : null;
      boolean hasNullKey = false;
      List<FieldVector> keyVectors = Arrays.stream(spec.rightKeys).mapToObj(columns::get).toList();
      KeyEncoder encoder = new KeyEncoder(spec.rightLayout);
      KeyRows rows = new KeyRows(spec.rightLayout, CHUNK);
      int[] positions = new int[CHUNK];
      int[] ids = new int[CHUNK];
      // the table sized for every row at once (its slots and fixed-width keys), so a build of distinct keys
      // never rehashes; when the memory limit refuses that, it grows as the distinct keys come
      keys.tryReserve(rowCount, 0);
      for (int from = 0; from < rowCount; from += CHUNK) {
        int count = Math.min(CHUNK, rowCount - from);
        for (int i = 0; i < count; i++) {
          positions[i] = from + i;
        }
        encoder.encodeVectors(keyVectors, positions, count, rows);
        if (!keys.tryReserve(count, rows.byteSize())) {
          throw outOfMemory(rowCount);
        }
        keys.findOrInsert(rows, ids);
        for (int i = 0; i < count; i++) {
          int row = from + i;
          if (rows.hasNull(i)) {
            hasNullKey = true;
            next[row] = -1;
            continue;
          }
          next[row] = head[ids[i]];
          head[ids[i]] = row;
        }
      }
      return new JoinTable(columns, rowCount, keys, 0, 0, keys.size(), head, next, hasNullKey, matched,
          reservation, arrayBytes);
    } catch (RuntimeException failure) {
      if (keys != null) {
        keys.release();
      }
      reservation.shrink(arrayBytes);
      columns.forEach(FieldVector::close);
      throw failure;
    }
  }

  /** The table of a key of one integer column spanning {@code [minimum, minimum + span)}: head indexed by offset. */
  private static JoinTable buildDirect(JoinSpec spec, List<FieldVector> columns, int rowCount,
      MemoryReservation reservation, long minimum, int span) {
    long arrayBytes = 4L * rowCount + 4L * span + (spec.tracksBuildMatches() ? rowCount : 0);
    try {
      reservation.grow(arrayBytes);
      int[] next = new int[rowCount];
      int[] head = new int[span];
      Arrays.fill(head, -1);
      byte[] matched = spec.tracksBuildMatches() ? new byte[rowCount] : null;
      FieldVector keyVector = columns.get(spec.rightKeys[0]);
      int distinct = IntegerKeys.chain(keyVector, rowCount, minimum, head, next);
      boolean hasNullKey = keyVector.getNullCount() > 0;
      return new JoinTable(columns, rowCount, null, minimum, span, distinct, head, next, hasNullKey, matched,
          reservation, arrayBytes);
    } catch (RuntimeException failure) {
      reservation.shrink(arrayBytes);
      columns.forEach(FieldVector::close);
      throw failure;
    }
  }

  private static QuiverException outOfMemory(int rowCount) {
    return new QuiverException(ErrorCode.RESOURCE, "HashJoin cannot hold the hash table of its " + rowCount
        + " build rows in the query's memory limit; raise --memory-limit");
  }

  private boolean closed;

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (keys != null) {
      keys.release();
    }
    reservation.shrink(arrayBytes);
    columns.forEach(FieldVector::close);
  }
}
