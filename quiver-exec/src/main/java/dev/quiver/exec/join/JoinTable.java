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
 * The built side of a hash join in memory: the build rows as one vector per column, a {@link
 * KeyTable} of their distinct keys, and per key the chain of its rows ({@code head[key]}, then
 * {@code next[row]}, -1 ending). Rows with a NULL key are kept (an outer join emits them) but never
 * chained. Read-only once built, but for the matched flags of RIGHT and FULL joins (bytes set to 1
 * by any probe thread; read after every probe is done).
 */
final class JoinTable implements AutoCloseable {
  private static final int CHUNK = 512;

  final List<FieldVector> columns;
  final int rowCount;
  final KeyTable keys;
  final int[] head;
  final int[] next;
  final boolean hasNullKey;
  final byte[] matched;
  private final MemoryReservation reservation;
  private final long arrayBytes;

  private JoinTable(List<FieldVector> columns, int rowCount, KeyTable keys, int[] head, int[] next,
      boolean hasNullKey, byte[] matched, MemoryReservation reservation, long arrayBytes) {
    this.columns = columns;
    this.rowCount = rowCount;
    this.keys = keys;
    this.head = head;
    this.next = next;
    this.hasNullKey = hasNullKey;
    this.matched = matched;
    this.reservation = reservation;
    this.arrayBytes = arrayBytes;
  }

  /**
   * Builds the table over {@code columns} (taken over) of {@code rowCount} rows, reserving its memory
   * first; RESOURCE (naming HashJoin) when it does not fit.
   */
  static JoinTable build(JoinSpec spec, List<FieldVector> columns, int rowCount, MemoryReservation reservation) {
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
      return new JoinTable(columns, rowCount, keys, head, next, hasNullKey, matched, reservation, arrayBytes);
    } catch (RuntimeException failure) {
      if (keys != null) {
        keys.release();
      }
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
    keys.release();
    reservation.shrink(arrayBytes);
    columns.forEach(FieldVector::close);
  }
}
