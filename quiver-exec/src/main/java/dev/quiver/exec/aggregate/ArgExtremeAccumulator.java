package dev.quiver.exec.aggregate;

import dev.quiver.exec.keys.KeyKind;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;

/**
 * ARG_MIN and ARG_MAX: per group the smallest (largest) ordering value seen, as MIN (MAX) keeps it,
 * and the value of its row; rows where the value or the ordering is NULL are skipped. The ordering
 * column is given before each {@link #update} by {@link #second}, with rows matching the update's.
 */
final class ArgExtremeAccumulator extends Accumulator implements SecondArgument {
  private final KeyKind valueKind;
  private final KeyKind orderKind;
  private final boolean minimum;
  private final ValueAccumulator order;
  private final ValueAccumulator value;
  private FieldVector orderingVector;
  private int[] orderingRows;
  private long[] valueLow = new long[0];
  private long[] valueHigh = new long[0];
  private boolean[] valueValid = new boolean[0];
  private long[] orderLow = new long[0];
  private long[] orderHigh = new long[0];
  private boolean[] orderValid = new boolean[0];

  ArgExtremeAccumulator(KeyKind valueKind, KeyKind orderKind, boolean minimum) {
    this.valueKind = valueKind;
    this.orderKind = orderKind;
    this.minimum = minimum;
    this.order = newOrder();
    this.value = newValue();
  }

  private ValueAccumulator newOrder() {
    return new ValueAccumulator(orderKind, minimum ? ValueAccumulator.Mode.MIN : ValueAccumulator.Mode.MAX);
  }

  private ValueAccumulator newValue() {
    return new ValueAccumulator(valueKind, ValueAccumulator.Mode.ANY);
  }

  /** The ordering column of the next {@link #update}, row {@code rows[i]} beside the update's row i. */
  @Override
  public void second(FieldVector vector, int[] rows) {
    this.orderingVector = vector;
    this.orderingRows = rows;
  }

  @Override
  int bytesPerGroup() {
    return order.bytesPerGroup() + value.bytesPerGroup();
  }

  @Override
  long variableBytes() {
    return order.variableBytes() + value.variableBytes();
  }

  @Override
  void ensureGroups(int groups) {
    order.ensureGroups(groups);
    value.ensureGroups(groups);
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (valueLow.length < count) {
      valueLow = new long[count];
      valueHigh = new long[count];
      valueValid = new boolean[count];
      orderLow = new long[count];
      orderHigh = new long[count];
      orderValid = new boolean[count];
    }
    ValueReader.read(values, valueKind, rows, count, valueLow, valueHigh, valueValid);
    ValueReader.read(orderingVector, orderKind, orderingRows, count, orderLow, orderHigh, orderValid);
    for (int i = 0; i < count; i++) {
      if (!valueValid[i] || !orderValid[i]) {
        continue;
      }
      byte[] orderBytes = orderKind == KeyKind.BYTES ? ValueReader.bytes(orderingVector, orderingRows[i]) : null;
      if (order.offer(groups[i], orderLow[i], orderHigh[i], orderBytes)) {
        value.set(groups[i], valueLow[i], valueHigh[i],
            valueKind == KeyKind.BYTES ? ValueReader.bytes(values, rows[i]) : null);
      }
    }
    orderingVector = null;
    orderingRows = null;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    ArgExtremeAccumulator theirs = (ArgExtremeAccumulator) other;
    mergeFrom(theirs.order, theirs.value, from, count, targets);
  }

  private void mergeFrom(ValueAccumulator theirOrder, ValueAccumulator theirValue, int from, int count,
      int[] targets) {
    for (int i = 0; i < count; i++) {
      int source = from + i;
      if (theirOrder.hasValue(source) && order.offer(targets[i], theirOrder.low(source), theirOrder.high(source),
          theirOrder.bytes(source))) {
        value.set(targets[i], theirValue.low(source), theirValue.high(source), theirValue.bytes(source));
      }
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    value.write(out, ids, count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    order.writeState(out, ids, count);
    value.writeState(out, ids, count);
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    ValueAccumulator readOrder = newOrder();
    ValueAccumulator readValue = newValue();
    readOrder.ensureGroups(count);
    readValue.ensureGroups(count);
    int[] identity = new int[count];
    for (int i = 0; i < count; i++) {
      identity[i] = i;
    }
    readOrder.readState(in, identity, count);
    readValue.readState(in, identity, count);
    mergeFrom(readOrder, readValue, 0, count, targets);
  }
}
