package dev.quiver.sql.session;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMicroVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The seeded random table of {@link FunctionsDifferentialTest}: {@code id} INT, {@code s} and {@code p}
 * VARCHAR (unicode, empty, spaces at the ends, URLs, digits, regular-expression and LIKE metacharacters;
 * {@code p} often a piece of some {@code s} or a LIKE pattern), {@code n} VARCHAR of integers with
 * blanks around, {@code i} INT (within ±30,000), {@code b} BIGINT (two rows near ±2^61), {@code d}
 * DOUBLE (multiples of 1/8 and halves), {@code m} DECIMAL(12, 3), {@code dt} DATE and {@code ts}
 * TIMESTAMP from 1900 to 2100 (midnights, whole seconds and microseconds); every column but id with
 * NULLs.
 */
final class FunctionTable {
  static final String[] STRINGS = {"", "a", "A", "ab", "abc", "aab", "ba", "é", "É", "naïve", "日本", "日本語", "😀",
      "a😀b", "x%y", "under_score", "it's", " lead", "trail ", "  both  ", "Zeta", "zeta", "ΣΑΣ", "0", "10", "9",
      "http://www.example.com/path/x.html?id=12", "https://yandex.ru/", "http://a.b/c", "a.b.c", "1 2  3", "tab\tx",
      "aXbXc", "!%_!", "100%"};
  private static final String LETTERS = "abcAB é日😀 _%!./:xyz0123456789-ΣσÉ";
  private static final String LIKE_LETTERS = "abAé日_%x. ";
  private static final LocalDate[] SPECIAL_DATES = {LocalDate.of(2024, 2, 29), LocalDate.of(1999, 12, 31),
      LocalDate.of(2000, 1, 1), LocalDate.of(1970, 1, 1), LocalDate.of(1900, 1, 1), LocalDate.of(2013, 7, 15),
      LocalDate.of(2001, 1, 1), LocalDate.of(2100, 12, 31)};
  private static final long FIRST_DAY = LocalDate.of(1900, 1, 1).toEpochDay();
  private static final long LAST_DAY = LocalDate.of(2100, 12, 31).toEpochDay();

  private FunctionTable() {}

  static VectorSchemaRoot rows(Random random, int count, BufferAllocator allocator) {
    Schema schema = new Schema(List.of(Field.notNullable("id", new ArrowType.Int(32, true)),
        Field.nullable("s", ArrowType.Utf8.INSTANCE), Field.nullable("p", ArrowType.Utf8.INSTANCE),
        Field.nullable("n", ArrowType.Utf8.INSTANCE), Field.nullable("i", new ArrowType.Int(32, true)),
        Field.nullable("b", new ArrowType.Int(64, true)),
        Field.nullable("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
        Field.nullable("m", new ArrowType.Decimal(12, 3, 128)), Field.nullable("dt", new ArrowType.Date(DateUnit.DAY)),
        Field.nullable("ts", new ArrowType.Timestamp(TimeUnit.MICROSECOND, null))));
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      for (FieldVector vector : root.getFieldVectors()) {
        vector.setInitialCapacity(count);
        vector.allocateNew();
      }
      String[] texts = new String[count];
      for (int row = 0; row < count; row++) {
        texts[row] = text(random);
      }
      for (int row = 0; row < count; row++) {
        ((IntVector) root.getVector("id")).set(row, row);
        setText(root, "s", row, random.nextInt(9) == 0 ? null : texts[row]);
        String other = texts[random.nextInt(count)];
        String p = switch (random.nextInt(4)) {
          case 0 -> likePattern(random);
          case 1 -> other.isEmpty() ? other : piece(random, other);
          case 2 -> fragment(random);
          default -> null;
        };
        setText(root, "p", row, random.nextInt(8) == 0 ? null : p);
        setText(root, "n", row, random.nextInt(10) == 0 ? null : " ".repeat(random.nextInt(2))
            + (random.nextInt(2000) - 1000) + " ".repeat(random.nextInt(2)));
        boolean nullRow = random.nextInt(10) == 0;
        if (!nullRow) {
          ((IntVector) root.getVector("i")).set(row, random.nextInt(60_001) - 30_000);
        }
        long big = row == 3 ? (1L << 61) + 17 : row == 5 ? -(1L << 61) - 3 : random.nextInt(2_000_001) - 1_000_000;
        if (random.nextInt(10) != 0) {
          ((BigIntVector) root.getVector("b")).set(row, big);
        }
        if (random.nextInt(10) != 0) {
          double value = random.nextInt(4) == 0 ? (random.nextInt(41) - 20) + 0.5
              : (random.nextInt(16_001) - 8_000) / 8.0;
          ((Float8Vector) root.getVector("d")).set(row, value);
        }
        if (random.nextInt(10) != 0) {
          long unscaled = random.nextInt(3) == 0 ? (random.nextInt(201) - 100) * 500L
              : random.nextLong() % 1_000_000_000L;
          ((DecimalVector) root.getVector("m")).set(row, BigDecimal.valueOf(unscaled, 3));
        }
        if (random.nextInt(10) != 0) {
          long day = random.nextInt(4) == 0 ? SPECIAL_DATES[random.nextInt(SPECIAL_DATES.length)].toEpochDay()
              : FIRST_DAY + (long) (random.nextDouble() * (LAST_DAY - FIRST_DAY));
          ((DateDayVector) root.getVector("dt")).set(row, (int) day);
        }
        if (random.nextInt(10) != 0) {
          long day = FIRST_DAY + (long) (random.nextDouble() * (LAST_DAY - FIRST_DAY));
          long micros = switch (random.nextInt(3)) {
            case 0 -> 0;
            case 1 -> random.nextInt(86_400) * 1_000_000L;
            default -> (long) (random.nextDouble() * 86_400_000_000L);
          };
          ((TimeStampMicroVector) root.getVector("ts")).set(row, day * 86_400_000_000L + micros);
        }
      }
      root.setRowCount(count);
      return root;
    } catch (RuntimeException failure) {
      root.close();
      throw failure;
    }
  }

  private static String text(Random random) {
    if (random.nextBoolean()) {
      return STRINGS[random.nextInt(STRINGS.length)];
    }
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      text.appendCodePoint(LETTERS.codePointAt(LETTERS.offsetByCodePoints(0, random.nextInt(LETTERS.codePointCount(0,
          LETTERS.length())))));
    }
    return text.toString();
  }

  /** A short string: a piece of a pooled string or a few random characters. */
  static String fragment(Random random) {
    String source = STRINGS[random.nextInt(STRINGS.length)];
    if (source.isEmpty() || random.nextInt(3) == 0) {
      int letter = random.nextInt(LETTERS.codePointCount(0, LETTERS.length()));
      return new String(Character.toChars(LETTERS.codePointAt(LETTERS.offsetByCodePoints(0, letter))));
    }
    return piece(random, source);
  }

  private static String piece(Random random, String source) {
    int codePoints = source.codePointCount(0, source.length());
    int from = random.nextInt(codePoints);
    int to = from + 1 + random.nextInt(Math.min(3, codePoints - from));
    return source.substring(source.offsetByCodePoints(0, from), source.offsetByCodePoints(0, to));
  }

  /** A LIKE pattern of letters and wildcards. */
  static String likePattern(Random random) {
    StringBuilder pattern = new StringBuilder();
    int length = 1 + random.nextInt(5);
    for (int i = 0; i < length; i++) {
      pattern.appendCodePoint(LIKE_LETTERS.codePointAt(LIKE_LETTERS.offsetByCodePoints(0,
          random.nextInt(LIKE_LETTERS.codePointCount(0, LIKE_LETTERS.length())))));
    }
    return pattern.toString();
  }

  /** A LIKE pattern with {@code !} escaping wildcards and itself. */
  static String escapedPattern(Random random) {
    String[] parts = {"!%", "!_", "!!", "%", "_", "a", "x", "1"};
    StringBuilder pattern = new StringBuilder();
    int length = 1 + random.nextInt(4);
    for (int i = 0; i < length; i++) {
      pattern.append(parts[random.nextInt(parts.length)]);
    }
    return pattern.toString();
  }

  private static void setText(VectorSchemaRoot root, String column, int row, String value) {
    if (value != null) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      ((VarCharVector) root.getVector(column)).setSafe(row, bytes, 0, bytes.length);
    }
  }
}
