package dev.quiver.exec.aggregate;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import org.apache.arrow.vector.FieldVector;

/**
 * AVG(x) beside SUM(x) of the same argument and FILTER in one aggregate (TPC-H Q1's {@code avg(l_quantity)} and
 * {@code sum(l_quantity)}): the exact sum's accumulator already holds each group's sum and count of values, so
 * this one keeps no state of its own: it updates, merges and spills nothing, and writes the sum's state divided
 * by the count. Its table's sum accumulator goes through every update, merge and spill with it.
 */
final class SharedAverageAccumulator extends Accumulator {
  private final ExactSumAccumulator sum;

  SharedAverageAccumulator(ExactSumAccumulator sum) {
    this.sum = sum;
  }

  @Override
  int bytesPerGroup() {
    return 0;
  }

  @Override
  void ensureGroups(int groups) {
    // the sum's arrays hold the state
  }

  @Override
  boolean updatesNothing() {
    return true;
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    // the sum's update counts the same rows
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    // the sum's merge moves the state
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    sum.write(out, ids, count, true);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) {
    // the sum's spilled state is this one's too
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) {
    // as writeState: nothing of its own
  }
}
