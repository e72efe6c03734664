package dev.quiver.exec.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.keys.KeyKind;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;

/**
 * MIN, MAX, ANY_VALUE and SINGLE_VALUE of any column type: one value per group (longs, the bits of
 * a double, two halves of a decimal, or bytes) and whether the group has seen a row. Doubles order
 * as {@link Double#compare} (NaN greatest), strings and binaries by unsigned bytes. SINGLE_VALUE
 * fails with a USER error on a group's second row.
 */
final class ValueAccumulator extends Accumulator {
  enum Mode {
    MIN,
    MAX,
    ANY,
    SINGLE
  }

  private static final byte NONE = 0;
  private static final byte NULL_SEEN = 1;
  private static final byte VALUE = 2;

  private final KeyKind kind;
  private final Mode mode;
  private byte[] seen = new byte[0];
  private long[] low = new long[0];
  private long[] high = new long[0];
  private byte[][] bytes = new byte[0][];
  private long variableBytes;
  /** Whether values take two words (a 128-bit decimal, an interval's raw 16 bytes). */
  private final boolean wide;
  private long[] readLow = new long[0];
  private long[] readHigh = new long[0];
  private boolean[] valid = new boolean[0];

  ValueAccumulator(KeyKind kind, Mode mode) {
    this.kind = kind;
    this.mode = mode;
    this.wide = kind == KeyKind.DECIMAL || kind == KeyKind.INTERVAL;
  }

  @Override
  int bytesPerGroup() {
    return kind == KeyKind.BYTES ? 9 + 16 : wide ? 17 : 9;
  }

  @Override
  long variableBytes() {
    return variableBytes;
  }

  @Override
  void ensureGroups(int groups) {
    if (groups <= seen.length) {
      return;
    }
    seen = Arrays.copyOf(seen, groups);
    if (kind == KeyKind.BYTES) {
      bytes = Arrays.copyOf(bytes, groups);
    } else {
      low = Arrays.copyOf(low, groups);
      if (wide) {
        high = Arrays.copyOf(high, groups);
      }
    }
  }

  @Override
  void update(int[] groups, FieldVector values, int[] rows, int count) {
    if (readLow.length < count) {
      readLow = new long[count];
      readHigh = new long[count];
      valid = new boolean[count];
    }
    ValueReader.read(values, kind, rows, count, readLow, readHigh, valid);
    for (int i = 0; i < count; i++) {
      int group = groups[i];
      if (mode == Mode.SINGLE) {
        if (seen[group] != NONE) {
          throw tooMany();
        }
        seen[group] = NULL_SEEN;
      }
      if (!valid[i]) {
        continue;
      }
      if (kind == KeyKind.BYTES) {
        if (seen[group] != VALUE || replaces(group, values, rows[i])) {
          setBytes(group, ValueReader.bytes(values, rows[i]));
        }
      } else if (seen[group] != VALUE || replaces(group, readLow[i], readHigh[i])) {
        low[group] = readLow[i];
        if (wide) {
          high[group] = readHigh[i];
        }
        seen[group] = VALUE;
      }
    }
  }

  private static QuiverException tooMany() {
    return QuiverException.user("a scalar sub-query returned more than one row");
  }

  private void setBytes(int group, byte[] value) {
    variableBytes += value.length - (bytes[group] == null ? 0 : bytes[group].length);
    bytes[group] = value;
    seen[group] = VALUE;
  }

  /** Whether a candidate value replaces the group's value (it already has one). */
  private boolean replaces(int group, long candidateLow, long candidateHigh) {
    if (mode == Mode.ANY || mode == Mode.SINGLE) {
      return false;
    }
    int order = switch (kind) {
      case FLOAT32, FLOAT64 -> Double.compare(Double.longBitsToDouble(candidateLow),
          Double.longBitsToDouble(low[group]));
      case DECIMAL -> candidateHigh != high[group] ? Long.compare(candidateHigh, high[group])
          : Long.compareUnsigned(candidateLow, low[group]);
      // raw MONTH_DAY_NANO bytes: months and days in the low word, nanoseconds in the high one; by span
      case INTERVAL -> dev.quiver.common.arrow.IntervalValue.compare((int) candidateLow, (int) (candidateLow >>> 32),
          Math.floorDiv(candidateHigh, 1000L), (int) low[group], (int) (low[group] >>> 32),
          Math.floorDiv(high[group], 1000L));
      default -> Long.compare(candidateLow, low[group]);
    };
    return mode == Mode.MIN ? order < 0 : order > 0;
  }

  private boolean replaces(int group, FieldVector values, int row) {
    if (mode == Mode.ANY || mode == Mode.SINGLE) {
      return false;
    }
    long offsets = values.getOffsetBuffer().memoryAddress();
    int start = MemoryUtil.getInt(offsets + 4L * row);
    int length = MemoryUtil.getInt(offsets + 4L * row + 4) - start;
    byte[] current = bytes[group];
    long data = values.getDataBuffer().memoryAddress() + start;
    int common = Math.min(length, current.length);
    int order = 0;
    for (int i = 0; i < common && order == 0; i++) {
      order = Integer.compare(MemoryUtil.getByte(data + i) & 0xFF, current[i] & 0xFF);
    }
    if (order == 0) {
      order = Integer.compare(length, current.length);
    }
    return mode == Mode.MIN ? order < 0 : order > 0;
  }

  private boolean replaces(int group, byte[] candidate) {
    if (mode == Mode.ANY || mode == Mode.SINGLE) {
      return false;
    }
    int order = Arrays.compareUnsigned(candidate, bytes[group]);
    return mode == Mode.MIN ? order < 0 : order > 0;
  }

  @Override
  void merge(Accumulator other, int from, int count, int[] targets) {
    ValueAccumulator theirs = (ValueAccumulator) other;
    for (int i = 0; i < count; i++) {
      int source = from + i;
      mergeOne(targets[i], theirs.seen[source], kind == KeyKind.BYTES ? 0 : theirs.low[source],
          wide ? theirs.high[source] : 0, kind == KeyKind.BYTES ? theirs.bytes[source] : null);
    }
  }

  private void mergeOne(int group, byte theirSeen, long theirLow, long theirHigh, byte[] theirBytes) {
    if (theirSeen == NONE) {
      return;
    }
    if (mode == Mode.SINGLE && seen[group] != NONE) {
      throw tooMany();
    }
    if (theirSeen == NULL_SEEN) {
      if (seen[group] == NONE) {
        seen[group] = NULL_SEEN;
      }
      return;
    }
    if (kind == KeyKind.BYTES) {
      if (seen[group] != VALUE || replaces(group, theirBytes)) {
        setBytes(group, theirBytes);
      }
    } else if (seen[group] != VALUE || replaces(group, theirLow, theirHigh)) {
      low[group] = theirLow;
      if (wide) {
        high[group] = theirHigh;
      }
      seen[group] = VALUE;
    }
  }

  @Override
  void write(FieldVector out, int[] ids, int count) {
    if (kind == KeyKind.BYTES) {
      BaseVariableWidthVector target = (BaseVariableWidthVector) out;
      long total = 0;
      for (int i = 0; i < count; i++) {
        total += seen[ids[i]] == VALUE ? bytes[ids[i]].length : 0;
      }
      target.allocateNew(Math.max(total, 1), Math.max(count, 1));
      for (int i = 0; i < count; i++) {
        if (seen[ids[i]] == VALUE) {
          target.setSafe(i, bytes[ids[i]]);
        } else {
          target.setNull(i);
        }
      }
      target.setValueCount(count);
      return;
    }
    ResultWriter.allocate(out, count);
    if (kind == KeyKind.BOOL) {
      for (int i = 0; i < count; i++) {
        if (seen[ids[i]] == VALUE) {
          ((BitVector) out).set(i, (int) low[ids[i]]);
        }
      }
      out.setValueCount(count);
      return;
    }
    long data = out.getDataBuffer().memoryAddress();
    for (int i = 0; i < count; i++) {
      int group = ids[i];
      if (seen[group] != VALUE) {
        continue;
      }
      long value = low[group];
      switch (kind) {
        case INT8 -> MemoryUtil.putByte(data + i, (byte) value);
        case INT16 -> MemoryUtil.putShort(data + 2L * i, (short) value);
        case INT32 -> MemoryUtil.putInt(data + 4L * i, (int) value);
        case FLOAT32 ->
          MemoryUtil.putInt(data + 4L * i, Float.floatToRawIntBits((float) Double.longBitsToDouble(value)));
        case INT64, FLOAT64 -> MemoryUtil.putLong(data + 8L * i, value);
        case DECIMAL, INTERVAL -> {
          MemoryUtil.putLong(data + 16L * i, value);
          MemoryUtil.putLong(data + 16L * i + 8, high[group]);
        }
        default -> throw new IllegalStateException(kind.toString());
      }
      BitVectorHelper.setBit(out.getValidityBuffer(), i);
    }
    out.setValueCount(count);
  }

  @Override
  void writeState(DataOutputStream out, int[] ids, int count) throws IOException {
    for (int k = 0; k < count; k++) {
      int i = ids[k];
      out.writeByte(seen[i]);
      if (seen[i] != VALUE) {
        continue;
      }
      if (kind == KeyKind.BYTES) {
        out.writeInt(bytes[i].length);
        out.write(bytes[i]);
      } else {
        out.writeLong(low[i]);
        out.writeLong(wide ? high[i] : 0);
      }
    }
  }

  @Override
  void readState(DataInputStream in, int[] targets, int count) throws IOException {
    for (int i = 0; i < count; i++) {
      byte theirSeen = in.readByte();
      if (theirSeen != VALUE) {
        mergeOne(targets[i], theirSeen, 0, 0, null);
      } else if (kind == KeyKind.BYTES) {
        byte[] value = new byte[in.readInt()];
        in.readFully(value);
        mergeOne(targets[i], theirSeen, 0, 0, value);
      } else {
        long readValue = in.readLong();
        mergeOne(targets[i], theirSeen, readValue, in.readLong(), null);
      }
    }
  }

  /** Whether the group holds a value (for {@link ArgExtremeAccumulator}). */
  boolean hasValue(int group) {
    return seen[group] == VALUE;
  }

  long low(int group) {
    return kind == KeyKind.BYTES ? 0 : low[group];
  }

  long high(int group) {
    return wide ? high[group] : 0;
  }

  byte[] bytes(int group) {
    return kind == KeyKind.BYTES ? bytes[group] : null;
  }

  /** Offers a value to the group as MIN or MAX takes it (a tie keeps the first): whether it became the group's value. */
  boolean offer(int group, long candidateLow, long candidateHigh, byte[] candidateBytes) {
    if (seen[group] == VALUE && (kind == KeyKind.BYTES ? !replaces(group, candidateBytes)
        : !replaces(group, candidateLow, candidateHigh))) {
      return false;
    }
    set(group, candidateLow, candidateHigh, candidateBytes);
    return true;
  }

  /** Makes a value the group's, whatever it held. */
  void set(int group, long valueLow, long valueHigh, byte[] valueBytes) {
    if (kind == KeyKind.BYTES) {
      setBytes(group, valueBytes);
      return;
    }
    low[group] = valueLow;
    if (wide) {
      high[group] = valueHigh;
    }
    seen[group] = VALUE;
  }
}
