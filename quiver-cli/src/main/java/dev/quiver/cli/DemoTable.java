package dev.quiver.cli;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The demo's "orders" table, generated from a seed: id Int64, amount Decimal128(12,2) (5% null),
 * price Float64, name Utf8 (varied lengths, some multi-byte characters, 3% null), category Utf8 (10
 * values), day Date32 (in 2024), ts Timestamp(µs, UTC) (within its day), flag Bool (10% null).
 */
final class DemoTable {
  static final Schema SCHEMA = new Schema(List.of(
      new Field("id", FieldType.notNullable(new ArrowType.Int(64, true)), null),
      Field.nullable("amount", new ArrowType.Decimal(12, 2, 128)),
      Field.nullable("price", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
      Field.nullable("name", ArrowType.Utf8.INSTANCE),
      Field.nullable("category", ArrowType.Utf8.INSTANCE),
      Field.nullable("day", new ArrowType.Date(DateUnit.DAY)),
      Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")),
      Field.nullable("flag", ArrowType.Bool.INSTANCE)));

  private static final String[] FIRST_NAMES = {
      "Ada", "Zoë", "José", "Łukasz", "Søren", "Chloé", "Ming", "Priya", "Olumide", "Ana", "Jürgen", "Siobhán",
      "Mateo", "Nguyễn", "Fatima", "Ярослав", "さくら", "Émile", "Björk", "Kai"
  };
  private static final String[] LAST_NAMES = {
      "Lovelace", "Okafor", "García", "Nowak", "Kierkegaard", "Dubois", "Chen", "Patel", "Adeyemi", "Silva",
      "Müller", "O'Brien", "Rossi", "Văn An", "Haddad", "Ковальчук", "田中", "Zola", "Guðmundsdóttir", "Smith"
  };
  private static final String[] SUFFIXES = {
      "", "", "", "", " Jr.", " & Sons Trading Company", ", Ltd.", " 🚀", " (wholesale account, net 30 terms)"
  };
  private static final String[] CATEGORIES = {
      "books", "garden", "toys", "electronics", "grocery", "sports", "music", "beauty", "automotive", "office"
  };
  private static final long FIRST_DAY = LocalDate.of(2024, 1, 1).toEpochDay();
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private DemoTable() {}

  /** {@code rows} rows in batches of {@code batchRows}; the caller closes every batch. */
  static List<VectorSchemaRoot> generate(BufferAllocator allocator, int rows, long seed, int batchRows) {
    SplittableRandom random = new SplittableRandom(seed);
    List<VectorSchemaRoot> batches = new ArrayList<>();
    try {
      for (int start = 0; start < rows; start += batchRows) {
        int count = Math.min(batchRows, rows - start);
        VectorSchemaRoot batch = VectorSchemaRoot.create(SCHEMA, allocator);
        batches.add(batch);
        fill(batch, start, count, random);
      }
      return batches;
    } catch (RuntimeException failure) {
      batches.forEach(VectorSchemaRoot::close);
      throw failure;
    }
  }

  private static void fill(VectorSchemaRoot batch, int firstRow, int count, SplittableRandom random) {
    for (FieldVector vector : batch.getFieldVectors()) {
      vector.setInitialCapacity(count);
    }
    batch.allocateNew();
    BigIntVector id = (BigIntVector) batch.getVector("id");
    DecimalVector amount = (DecimalVector) batch.getVector("amount");
    Float8Vector price = (Float8Vector) batch.getVector("price");
    VarCharVector name = (VarCharVector) batch.getVector("name");
    VarCharVector category = (VarCharVector) batch.getVector("category");
    DateDayVector day = (DateDayVector) batch.getVector("day");
    TimeStampMicroTZVector ts = (TimeStampMicroTZVector) batch.getVector("ts");
    BitVector flag = (BitVector) batch.getVector("flag");
    for (int row = 0; row < count; row++) {
      id.setSafe(row, 1_000_000L + firstRow + row);
      if (random.nextInt(100) < 5) {
        amount.setNull(row);
      } else {
        amount.setSafe(row, random.nextLong(1, 10_000_000L));
      }
      price.setSafe(row, random.nextInt(1, 100_000) / 100.0);
      if (random.nextInt(100) < 3) {
        name.setNull(row);
      } else {
        name.setSafe(row, name(random).getBytes(StandardCharsets.UTF_8));
      }
      category.setSafe(row, CATEGORIES[skewed(random, CATEGORIES.length)].getBytes(StandardCharsets.UTF_8));
      int dayOffset = random.nextInt(366);
      day.setSafe(row, (int) (FIRST_DAY + dayOffset));
      ts.setSafe(row, (FIRST_DAY + dayOffset) * MICROS_PER_DAY + random.nextLong(MICROS_PER_DAY));
      if (random.nextInt(100) < 10) {
        flag.setNull(row);
      } else {
        flag.setSafe(row, random.nextBoolean() ? 1 : 0);
      }
    }
    batch.setRowCount(count);
  }

  private static String name(SplittableRandom random) {
    return FIRST_NAMES[random.nextInt(FIRST_NAMES.length)] + " " + LAST_NAMES[random.nextInt(LAST_NAMES.length)]
        + SUFFIXES[random.nextInt(SUFFIXES.length)];
  }

  /** An index in {@code [0, size)}, small ones more likely (a few big categories, a long tail). */
  private static int skewed(SplittableRandom random, int size) {
    return Math.min(size - 1, (int) (size * Math.pow(random.nextDouble(), 2)));
  }
}
