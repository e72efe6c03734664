package dev.quiver.exec.sort;

import dev.quiver.exec.memory.MemoryReservation;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * A cursor over a spilled run: one batch in memory at a time (its key words encoded when it is
 * loaded); a batch left behind goes to {@code retired} until the merge's pending output is gathered.
 */
final class SpillCursor extends RunCursor {
  private final SpillReader reader;
  private final KeyLayout layout;
  private final RowGather gather;
  private final List<FieldVector[]> retired;
  private final MemoryReservation reservation;
  private int count;
  private int position;
  private long reserved;

  SpillCursor(SpillFile file, KeyLayout layout, RowGather gather, List<FieldVector[]> retired,
      MemoryReservation reservation, BufferAllocator allocator) {
    this.reader = new SpillReader(file, allocator);
    this.layout = layout;
    this.gather = gather;
    this.retired = retired;
    this.reservation = reservation;
    this.keys = new long[0];
  }

  @Override
  boolean advance() {
    position++;
    while (position >= count) {
      if (columns != null) {
        retired.add(columns);
        columns = null;
      }
      FieldVector[] next = reader.next();
      if (next == null) {
        return false;
      }
      columns = next;
      count = reader.rows();
      position = 0;
      int needed = count * layout.words();
      if (keys.length < needed) {
        long more = 8L * (needed - keys.length);
        reservation.grow(more);
        reserved += more;
        keys = new long[needed];
      }
      KeyEncoder.encode(layout, columns, count, keys, 0);
      sourceId = gather.add(columns);
    }
    keyOffset = position * layout.words();
    row = position;
    return true;
  }

  @Override
  void reregister(RowGather target) {
    if (columns != null) {
      sourceId = target.add(columns);
    }
  }

  @Override
  public void close() {
    if (columns != null) {
      for (FieldVector vector : columns) {
        vector.close();
      }
      columns = null;
    }
    reader.close();
    reservation.shrink(reserved);
    reserved = 0;
  }
}
