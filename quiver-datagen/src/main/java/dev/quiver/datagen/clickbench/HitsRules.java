package dev.quiver.datagen.clickbench;

import dev.quiver.datagen.synthetic.ZipfSampler;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;

/** How one column of the ClickBench-like table gets its value for a row. */
@FunctionalInterface
interface HitsRules {
  byte[] EMPTY = new byte[0];

  void set(FieldVector vector, int index, HitsRow row);

  /** A numeric column computed from the row. */
  interface LongValue {
    long of(HitsRow row);
  }

  /** A text column computed from the row. */
  interface TextValue {
    byte[] of(HitsRow row);
  }

  static HitsRules number(LongValue value) {
    return (vector, index, row) -> setLong(vector, index, value.of(row));
  }

  static HitsRules text(TextValue value) {
    return (vector, index, row) -> {
      byte[] bytes = value.of(row);
      ((VarCharVector) vector).setSafe(index, bytes, 0, bytes.length);
    };
  }

  /** {@code offset} plus a Zipf rank below {@code n}: a few values dominate. */
  static HitsRules zipf(int n, long offset) {
    ZipfSampler sampler = new ZipfSampler(n, 1.1);
    return number(row -> offset + sampler.next(row.random));
  }

  /** 0 with probability {@code zeroShare}, else 1 plus a Zipf rank below {@code n}. */
  static HitsRules mostlyZero(double zeroShare, int n) {
    ZipfSampler sampler = new ZipfSampler(n, 1.1);
    return number(row -> row.random.nextDouble() < zeroShare ? 0 : 1 + sampler.next(row.random));
  }

  /** 1 with probability {@code share}, else 0. */
  static HitsRules flag(double share) {
    return number(row -> row.random.nextDouble() < share ? 1 : 0);
  }

  static HitsRules constant(long value) {
    return number(row -> value);
  }

  /** One of {@code values}, the first ones most often. */
  static HitsRules choice(long... values) {
    ZipfSampler sampler = new ZipfSampler(values.length, 1.3);
    return number(row -> values[sampler.next(row.random)]);
  }

  /** A 32-bit identifier drawn from {@code n} distinct ones (a few very frequent). */
  static HitsRules pooledInt(int n, long salt) {
    ZipfSampler sampler = new ZipfSampler(n, 0.9);
    return number(row -> (int) HitsRow.mix(salt + sampler.next(row.random)));
  }

  /**
   * A 63-bit identifier drawn from {@code n} distinct ones (a few very frequent), the most frequent one
   * being {@code first} (a value a query looks up).
   */
  static HitsRules users(int n, long salt, long first) {
    ZipfSampler sampler = new ZipfSampler(n, 0.9);
    return number(row -> {
      int rank = sampler.next(row.random);
      return rank == 0 ? first : HitsRow.mix(salt + rank) >>> 1;
    });
  }

  /**
   * With probability {@code headShare} one of {@code head} (the first ones most often), else any value
   * in {@code [low, high]}: a long tail of distinct values.
   */
  static HitsRules longTail(double headShare, int low, int high, long... head) {
    ZipfSampler sampler = new ZipfSampler(head.length, 1.3);
    return number(row -> row.random.nextDouble() < headShare ? head[sampler.next(row.random)]
        : low + row.random.nextInt(high - low + 1));
  }

  /** Empty with probability {@code emptyShare}, else one of {@code pool} (the first ones most often). */
  static HitsRules mostlyEmpty(double emptyShare, byte[][] pool) {
    ZipfSampler sampler = new ZipfSampler(pool.length, 1.2);
    return text(row -> row.random.nextDouble() < emptyShare ? EMPTY : pool[sampler.next(row.random)]);
  }

  static void setLong(FieldVector vector, int index, long value) {
    if (vector instanceof SmallIntVector) {
      ((SmallIntVector) vector).set(index, (short) value);
    } else if (vector instanceof IntVector) {
      ((IntVector) vector).set(index, (int) value);
    } else if (vector instanceof BigIntVector) {
      ((BigIntVector) vector).set(index, value);
    } else if (vector instanceof TimeStampMicroVector) {
      ((TimeStampMicroVector) vector).set(index, value);
    } else {
      ((DateDayVector) vector).set(index, (int) value);
    }
  }
}
