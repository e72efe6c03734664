package dev.quiver.exec.aggregate;

import dev.quiver.common.batch.VectorGather;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/** COUNT(*) (no values: every row) and COUNT(x) (non-null x). */
final class CountAccumulator extends Accumulator {
  private long[] counts = new long[0];

  /** The count of every group (the array grows with the groups; read only below the table's size). */
  long[] values() {
    return counts;
  }

  @Override
  int bytesPerGroup() {
    return 8;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > counts.length) {
      counts = Arrays.copyOf(counts, groups);
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    long[] state = counts;
    if (values == null || VectorGather.knownWithoutNulls(values, count)) {
      for (int i = 0; i < count; i++) {
        state[groups[i]]++;
      }
      return;
    }
    long validity = values.getValidityBuffer().memoryAddress();
    for (int i = 0; i < count; i++) {
      if (ValueReader.isSet(validity, rows[i])) {
        state[groups[i]]++;
      }
    }
  }

  @Override
  void updateOneGroup(int group, int[] groups, FieldVector values, int[] rows, int count) {
    if (values == null || VectorGather.knownWithoutNulls(values, count)) {
      counts[group] += count;
      return;
    }
    update(groups, values, rows, count);
  }

  @Override
  boolean updatesGroupRuns() {
    return true;
  }

  @Override
  void updateRuns(GroupRuns runs, FieldVector values, int[] rows) {
    boolean noNulls = values == null || GroupRuns.withoutNulls(values, runs);
    long validity = noNulls ? 0 : values.getValidityBuffer().memoryAddress();
    for (int r = 0; r < runs.count(); r++) {
      int from = runs.start(r);
      int end = from + runs.length(r);
      long counted = (long) end - from;
      if (!noNulls) {
        counted = 0;
        for (int i = from; i < end; i++) {
          counted += ValueReader.isSet(validity, rows[i]) ? 1 : 0;
        }
      }
      counts[runs.group(r)] += counted;
    }
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    long[] theirs = ((CountAccumulator) other).counts;
    for (int i = 0; i < count; i++) {
      counts[targets[i]] += theirs[from + i];
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    ResultWriter.allocate(out, count);
    for (int i = 0; i < count; i++) {
      ResultWriter.setLong(out, i, counts[ids[i]]);
    }
    out.setValueCount(count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      out.writeLong(counts[ids[i]]);
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      counts[targets[i]] += in.readLong();
    }
  }
}
