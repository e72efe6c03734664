package dev.quiver.exec.aggregate;

import dev.quiver.exec.keys.KeyKind;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/** SUM and AVG of floats: a double sum and a count per group. */
final class DoubleSumAccumulator extends Accumulator {
  private final KeyKind kind;
  private final boolean average;
  private double[] sums = new double[0];
  private long[] counts = new long[0];
  private long[] values = new long[0];
  private boolean[] valid = new boolean[0];

  DoubleSumAccumulator(KeyKind kind, boolean average) {
    this.kind = kind;
    this.average = average;
  }

  @Override
  int bytesPerGroup() {
    return 16;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > sums.length) {
      sums = Arrays.copyOf(sums, groups);
      counts = Arrays.copyOf(counts, groups);
    }
  }

  @Override
  void update(int[] groups, FieldVector vector, int[] rows, int count) {
    if (values.length < count) {
      values = new long[count];
      valid = new boolean[count];
    }
    ValueReader.read(vector, kind, rows, count, values, null, valid);
    for (int i = 0; i < count; i++) {
      if (valid[i]) {
        sums[groups[i]] += Double.longBitsToDouble(values[i]);
        counts[groups[i]]++;
      }
    }
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    DoubleSumAccumulator theirs = (DoubleSumAccumulator) other;
    for (int i = 0; i < count; i++) {
      sums[targets[i]] += theirs.sums[from + i];
      counts[targets[i]] += theirs.counts[from + i];
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    ResultWriter.allocate(out, count);
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      if (counts[group] > 0) {
        ResultWriter.setDouble(out, i, average ? sums[group] / counts[group] : sums[group]);
      }
    }
    out.setValueCount(count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    for (int k = 0; k < count; k++) {
      int i = ids[k];
      out.writeDouble(sums[i]);
      out.writeLong(counts[i]);
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      sums[targets[i]] += in.readDouble();
      counts[targets[i]] += in.readLong();
    }
  }
}
