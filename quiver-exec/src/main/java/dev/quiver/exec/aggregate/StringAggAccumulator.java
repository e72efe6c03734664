package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyKind;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/**
 * {@code string_agg(s, separator)} (listagg): per group the non-null strings in arrival order (merged by
 * appending, spilled with the group), joined by the separator when written; NULL when a group has none. The
 * separator is the constant second argument, read from its column and carried with the state. Sorted forms
 * ({@code ORDER BY s [DESC]} inside the call) sort a group's strings by their UTF-8 bytes before joining; without
 * one, the order of strings from different threads is the order their tables merged in.
 */
final class StringAggAccumulator extends Accumulator implements SecondArgument {
  /** How a group's strings are ordered before joining. */
  enum Order {
    ARRIVAL,
    ASCENDING,
    DESCENDING
  }

  private final Order order;
  private int[] sizes = new int[0];
  private byte[][][] texts = new byte[0][][];
  private long heldBytes;
  private byte[] separator;
  private boolean[] valid = new boolean[0];

  StringAggAccumulator(Order order) {
    this.order = order;
  }

  /** Takes the separator from the first row given (a constant; DISTINCT calls give it without an update). */
  @Override
  public void second(FieldVector vector, int[] rows) {
    if (separator == null && rows.length > 0) {
      if (vector.isNull(rows[0])) {
        throw QuiverException.user("the separator of string_agg must not be NULL");
      }
      separator = ValueReader.bytes(vector, rows[0]);
    }
  }

  @Override
  int bytesPerGroup() {
    return 24;
  }

  @Override
  long variableBytes() {
    return heldBytes;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups > sizes.length) {
      sizes = Arrays.copyOf(sizes, groups);
      texts = Arrays.copyOf(texts, groups);
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (valid.length < count) {
      valid = new boolean[count];
    }
    ValueReader.read(values, KeyKind.BYTES, rows, count, null, null, valid);
    for (int i = 0; i < count; i++) {
      if (valid[i]) {
        append(groups[i], ValueReader.bytes(values, rows[i]));
      }
    }
  }

  private void append(int group, byte[] text) {
    int size = sizes[group];
    byte[][] held = texts[group];
    if (held == null || held.length == size) {
      texts[group] = held = Arrays.copyOf(held == null ? new byte[4][] : held, Math.max(4, size * 2));
    }
    held[size] = text;
    sizes[group] = size + 1;
    heldBytes += text.length + 24;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    StringAggAccumulator theirs = (StringAggAccumulator) other;
    if (separator == null) {
      separator = theirs.separator;
    }
    for (int i = 0; i < count; i++) {
      int source = from + i;
      for (int k = 0; k < theirs.sizes[source]; k++) {
        append(targets[i], theirs.texts[source][k]);
      }
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    ValueAccumulator results = new ValueAccumulator(KeyKind.BYTES, ValueAccumulator.Mode.ANY);
    results.ensureGroups(count);
    byte[] between = separator == null ? new byte[] {','} : separator;
    ByteArrayOutputStream joined = new ByteArrayOutputStream();
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      int size = sizes[group];
      if (size == 0) {
        continue;
      }
      byte[][] parts = Arrays.copyOf(texts[group], size);
      if (order == Order.ASCENDING) {
        Arrays.sort(parts, Arrays::compareUnsigned);
      } else if (order == Order.DESCENDING) {
        Arrays.sort(parts, (a, b) -> Arrays.compareUnsigned(b, a));
      }
      joined.reset();
      for (int k = 0; k < size; k++) {
        if (k > 0) {
          joined.write(between, 0, between.length);
        }
        joined.write(parts[k], 0, parts[k].length);
      }
      results.set(i, 0, 0, joined.toByteArray());
    }
    int[] identity = new int[count];
    for (int i = 0; i < count; i++) {
      identity[i] = i;
    }
    results.write(out, identity, count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    out.writeInt(separator == null ? -1 : separator.length);
    if (separator != null) {
      out.write(separator);
    }
    for (int k = 0; k < count; k++) {
      int group = ids[k];
      out.writeInt(sizes[group]);
      for (int i = 0; i < sizes[group]; i++) {
        out.writeInt(texts[group][i].length);
        out.write(texts[group][i]);
      }
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    int separatorLength = in.readInt();
    if (separatorLength >= 0) {
      byte[] read = new byte[separatorLength];
      in.readFully(read);
      if (separator == null) {
        separator = read;
      }
    }
    for (int k = 0; k < count; k++) {
      int size = in.readInt();
      for (int i = 0; i < size; i++) {
        byte[] text = new byte[in.readInt()];
        in.readFully(text);
        append(targets[k], text);
      }
    }
  }
}
