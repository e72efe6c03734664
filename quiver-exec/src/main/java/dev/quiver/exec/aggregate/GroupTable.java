package dev.quiver.exec.aggregate;

import dev.quiver.exec.keys.KeyTable;
import dev.quiver.exec.memory.MemoryReservation;

/**
 * One hash table of groups: the distinct keys, one accumulator per call, and per DISTINCT call a
 * table of the distinct (keys, argument) pairs seen (fed to its accumulator once at the end).
 * Everything it holds is reserved first ({@link #tryReserve}). Not thread-safe.
 */
final class GroupTable {
  final AggregateSpec spec;
  final KeyTable keys;
  final Accumulator[] accumulators;
  final KeyTable[] distinct;
  private final MemoryReservation reservation;
  private int groupCapacity;
  private long accumulatorBytes;
  private long variableReserved;

  GroupTable(AggregateSpec spec, MemoryReservation reservation) {
    this.spec = spec;
    this.reservation = reservation;
    this.keys = new KeyTable(spec.keyLayout, reservation);
    this.accumulators = new Accumulator[spec.callCount()];
    this.distinct = new KeyTable[spec.callCount()];
    for (int c = 0; c < accumulators.length; c++) {
      accumulators[c] = spec.newAccumulator(c);
      if (spec.distinct[c]) {
        distinct[c] = new KeyTable(spec.distinctLayout[c], reservation);
      }
    }
    shareSums();
  }

  /** An AVG beside a SUM of the same argument and FILTER (neither DISTINCT) reads the SUM's state. */
  private void shareSums() {
    for (int c = 0; c < accumulators.length; c++) {
      if (!(accumulators[c] instanceof ExactSumAccumulator average) || spec.distinct[c]) {
        continue;
      }
      for (int s = 0; s < accumulators.length; s++) {
        if (s != c && accumulators[s] instanceof ExactSumAccumulator sum && !spec.distinct[s]
            && spec.argument[s] == spec.argument[c] && spec.filter[s] == spec.filter[c] && sum.sumsLike(average)) {
          accumulators[c] = new SharedAverageAccumulator(sum);
          break;
        }
      }
    }
  }

  int size() {
    return keys.size();
  }

  /** Makes room for {@code moreGroups} more groups (keys and every accumulator); false when refused. */
  boolean tryReserve(int moreGroups, long moreKeyBytes) {
    if (!keys.tryReserve(moreGroups, moreKeyBytes)) {
      return false;
    }
    int needed = keys.size() + moreGroups;
    if (needed > groupCapacity) {
      int capacity = Math.max(needed, Math.max(16, groupCapacity * 2));
      long perGroup = 0;
      for (Accumulator accumulator : accumulators) {
        perGroup += accumulator.bytesPerGroup();
      }
      long bytes = perGroup * capacity;
      if (!reservation.tryGrow(bytes - accumulatorBytes)) {
        return false;
      }
      accumulatorBytes = bytes;
      for (Accumulator accumulator : accumulators) {
        accumulator.ensureGroups(capacity);
      }
      groupCapacity = capacity;
    }
    return true;
  }

  /** Reserves the string values the accumulators took since the last call; false when refused. */
  boolean tryReserveVariable() {
    long variable = 0;
    for (Accumulator accumulator : accumulators) {
      variable += accumulator.variableBytes();
    }
    if (variable > variableReserved) {
      if (!reservation.tryGrow(variable - variableReserved)) {
        return false;
      }
      variableReserved = variable;
    }
    return true;
  }

  /** Heap bytes reserved for this table. */
  long bytes() {
    long total = keys.heapBytes() + accumulatorBytes + variableReserved;
    for (KeyTable table : distinct) {
      total += table == null ? 0 : table.heapBytes();
    }
    return total;
  }

  /** Frees the arrays' reservation (the arrays go with the table). */
  void release() {
    keys.release();
    for (KeyTable table : distinct) {
      if (table != null) {
        table.release();
      }
    }
    reservation.shrink(accumulatorBytes + variableReserved);
    accumulatorBytes = 0;
    variableReserved = 0;
  }
}
