package dev.quiver.sql.oracle;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random tables for the differential tester: 0–2000 rows (empty and one-row tables too),
 * an INTEGER join key {@code k} shared by all tables of a dataset, and columns of every kind
 * ({@link RandomTable.Kind}) with nulls, duplicates (low-cardinality columns and repeated rows),
 * unicode and empty strings, dates at month ends.
 *
 * <p>Values stay where SQL engines agree: integers small enough that sums and products of two
 * columns fit their SQL types in any engine (INTEGER within ±500, BIGINT within ±10^6, DECIMAL
 * precision at most 9 so products fit DECIMAL(18)); doubles are multiples of 1/8 (sums of them are
 * exact); no NaN, infinities or -0.0; no characters U+E000–U+FFFF (UTF-8 byte order and UTF-16
 * order agree on all others).
 */
public final class RandomTables {
  /** Strings the text columns draw from: empty, case pairs, accents, CJK, emoji, LIKE wildcards, quotes. */
  static final String[] STRINGS = {"", "a", "A", "ab", "abc", "b", "ba", "é", "naïve", "straße", "日本", "日本語", "😀",
      "a😀b", "x%y", "under_score", "it's", " lead", "trail ", "ab  ", "Ünïcödé", "Zeta", "zeta", "0", "10", "9"};
  private static final String LETTERS = "abcxyzABé日😀 _%";
  private static final LocalDate[] SPECIAL_DATES = {LocalDate.of(2024, 2, 29), LocalDate.of(2023, 2, 28),
      LocalDate.of(1999, 12, 31), LocalDate.of(2000, 1, 31), LocalDate.of(2000, 3, 1), LocalDate.of(1970, 1, 1),
      LocalDate.of(1995, 6, 17), LocalDate.of(2021, 4, 30)};
  private static final LocalDateTime[] SPECIAL_TIMESTAMPS = {LocalDateTime.of(2024, 2, 29, 0, 0),
      LocalDateTime.of(2024, 3, 10, 12, 0), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_000),
      LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(2023, 12, 31, 23, 59, 59, 500_000_000),
      LocalDateTime.of(2024, 1, 1, 10, 30)};
  private static final RandomTable.Kind[] KINDS = RandomTable.Kind.values();

  private RandomTables() {}

  /** Three tables {@code t1, t2, t3} from {@code seed}, with one key domain for their {@code k}. */
  public static List<RandomTable> dataset(long seed) {
    Random random = new Random(seed);
    int keyDomain = 5 + random.nextInt(300);
    List<RandomTable> tables = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      tables.add(table(random, "t" + i, keyDomain));
    }
    return tables;
  }

  /** One random table named {@code name} whose key {@code k} lies in {@code [0, keyDomain)}. */
  public static RandomTable table(Random random, String name, int keyDomain) {
    List<RandomTable.Column> columns = new ArrayList<>();
    columns.add(new RandomTable.Column("k", RandomTable.Kind.INT, 0, 0));
    List<RandomTable.Kind> kinds = new ArrayList<>();
    kinds.add(KINDS[random.nextInt(4)]);
    kinds.add(RandomTable.Kind.VARCHAR);
    int extra = 1 + random.nextInt(5);
    for (int i = 0; i < extra; i++) {
      kinds.add(KINDS[random.nextInt(KINDS.length)]);
    }
    for (int i = 0; i < kinds.size(); i++) {
      columns.add(column(random, kinds.get(i), i + 1));
    }
    int rowCount = rowCount(random);
    double[] nullRate = new double[columns.size()];
    boolean[] lowCardinality = new boolean[columns.size()];
    for (int i = 0; i < columns.size(); i++) {
      nullRate[i] = new double[] {0, 0.05, 0.2, 0.5}[random.nextInt(4)];
      lowCardinality[i] = random.nextInt(3) == 0;
    }
    List<List<Object>> rows = new ArrayList<>(rowCount);
    for (int row = 0; row < rowCount; row++) {
      if (row > 0 && random.nextInt(10) == 0) {
        rows.add(rows.get(random.nextInt(row)));
        continue;
      }
      List<Object> values = new ArrayList<>(columns.size());
      for (int i = 0; i < columns.size(); i++) {
        boolean isNull = random.nextDouble() < nullRate[i];
        values.add(isNull ? null
            : i == 0 ? (Object) (long) random.nextInt(keyDomain) : value(random, columns.get(i), lowCardinality[i]));
      }
      rows.add(values);
    }
    return new RandomTable(name, columns, rows);
  }

  private static int rowCount(Random random) {
    int pick = random.nextInt(20);
    if (pick == 0) {
      return 0;
    }
    if (pick == 1) {
      return 1;
    }
    return pick < 5 ? random.nextInt(20) : random.nextInt(2001);
  }

  private static RandomTable.Column column(Random random, RandomTable.Kind kind, int index) {
    String prefix;
    int precision = 0;
    int scale = 0;
    switch (kind) {
      case INT:
        prefix = "i";
        break;
      case BIGINT:
        prefix = "l";
        break;
      case DECIMAL:
        prefix = "d";
        precision = 3 + random.nextInt(7);
        scale = random.nextInt(Math.min(precision - 1, 4) + 1);
        break;
      case DOUBLE:
        prefix = "f";
        break;
      case VARCHAR:
        prefix = "s";
        break;
      case DATE:
        prefix = "dt";
        break;
      case TIMESTAMP:
        prefix = "ts";
        break;
      default:
        prefix = "b";
        break;
    }
    return new RandomTable.Column(prefix + index, kind, precision, scale);
  }

  /** A random non-null value for {@code column}. */
  static Object value(Random random, RandomTable.Column column, boolean lowCardinality) {
    switch (column.kind()) {
      case INT:
        return (long) (lowCardinality ? random.nextInt(10) : random.nextInt(1001) - 500);
      case BIGINT:
        return lowCardinality ? (random.nextInt(9) - 4) * 100_000L : (long) (random.nextInt(2_000_001) - 1_000_000);
      case DECIMAL: {
        long limit = pow10(column.precision());
        long unscaled = lowCardinality ? (random.nextInt(7) - 3) * pow10(column.scale())
            : (long) (random.nextDouble() * (2 * limit - 1)) - (limit - 1);
        return BigDecimal.valueOf(unscaled, column.scale());
      }
      case DOUBLE:
        return lowCardinality ? (random.nextInt(9) - 4) / 2.0 : (random.nextInt(16_000_001) - 8_000_000) / 8.0;
      case VARCHAR:
        if (lowCardinality || random.nextBoolean()) {
          return STRINGS[random.nextInt(lowCardinality ? 8 : STRINGS.length)];
        }
        return word(random);
      case DATE:
        if (lowCardinality || random.nextInt(10) == 0) {
          return SPECIAL_DATES[random.nextInt(SPECIAL_DATES.length)];
        }
        // from 1942 to 2038: dates before 1970 too
        return LocalDate.ofEpochDay(random.nextInt(35_000) - 10_000);
      case TIMESTAMP:
        return timestamp(random, lowCardinality);
      default:
        return random.nextBoolean();
    }
  }

  /** A timestamp: midnights, whole seconds and microsecond fractions, before and after 1970. */
  static LocalDateTime timestamp(Random random, boolean lowCardinality) {
    if (lowCardinality || random.nextInt(10) == 0) {
      return SPECIAL_TIMESTAMPS[random.nextInt(SPECIAL_TIMESTAMPS.length)];
    }
    LocalDateTime second = LocalDate.ofEpochDay(random.nextInt(35_000) - 10_000).atStartOfDay()
        .plusSeconds(random.nextInt(86_400));
    return switch (random.nextInt(3)) {
      case 0 -> second;
      case 1 -> second.plusNanos(random.nextInt(1_000) * 1_000_000L);
      default -> second.plusNanos(random.nextInt(1_000_000) * 1_000L);
    };
  }

  private static String word(Random random) {
    int length = random.nextInt(9);
    StringBuilder word = new StringBuilder();
    int[] codePoints = LETTERS.codePoints().toArray();
    for (int i = 0; i < length; i++) {
      word.appendCodePoint(codePoints[random.nextInt(codePoints.length)]);
    }
    return word.toString();
  }

  static long pow10(int exponent) {
    long value = 1;
    for (int i = 0; i < exponent; i++) {
      value *= 10;
    }
    return value;
  }
}
