package dev.quiver.expression;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Random expressions (depth at most 3) over {@link TestColumns#SCHEMA}, made with the builders. */
public final class RandomExpressions {
  private static final String[] PATTERN_PIECES = {"a", "b", "é", "😀", "%", "_", "%", "ab"};
  private static final String[] ESCAPED_PIECES = {"!%", "!_", "!!"};

  private final Random random;
  private final Map<String, List<Object>> cells;
  private final List<String> columns;

  /** {@code cells} are the data's cells per column; literals are often taken from them so equalities hit. */
  public RandomExpressions(Random random, Map<String, List<Object>> cells) {
    this.random = random;
    this.cells = cells;
    this.columns = TestColumns.SCHEMA.getFields().stream().map(Field::getName).toList();
  }

  public Expression next(int depth) {
    if (depth == 0 || random.nextInt(3) == 0) {
      return leaf(columns.get(random.nextInt(columns.size())));
    }
    return switch (random.nextInt(5)) {
      case 0, 1 -> Expressions.and(operands(depth));
      case 2, 3 -> Expressions.or(operands(depth));
      default -> Expressions.not(next(depth - 1));
    };
  }

  private Expression[] operands(int depth) {
    Expression[] operands = new Expression[2 + random.nextInt(2)];
    for (int i = 0; i < operands.length; i++) {
      operands[i] = next(depth - 1);
    }
    return operands;
  }

  public Expression leaf(String name) {
    ColumnReference column = Expressions.column(TestColumns.SCHEMA, name);
    ArrowType type = column.type();
    boolean text = type instanceof ArrowType.Utf8;
    int kind = random.nextInt(text ? 12 : 10);
    return switch (kind) {
      case 0, 1, 2 -> Expressions.compare(column, ComparisonOperator.values()[random.nextInt(6)], literal(name));
      case 3 -> Expressions.between(column, literal(name), literal(name));
      case 4 -> Expressions.notBetween(column, literal(name), literal(name));
      case 5, 6 -> {
        List<Object> values = new ArrayList<>();
        int size = 1 + random.nextInt(4);
        for (int i = 0; i < size; i++) {
          values.add(literal(name));
        }
        yield kind == 5 ? Expressions.in(column, values) : Expressions.notIn(column, values);
      }
      case 7 -> random.nextBoolean() ? Expressions.isNull(column) : Expressions.isNotNull(column);
      case 8, 9 -> text || type instanceof ArrowType.Binary
          ? Expressions.startsWith(column, random.nextInt(20) == 0 ? null : prefix(name, text))
          : Expressions.compare(column, ComparisonOperator.EQUAL, literal(name));
      default -> like(column);
    };
  }

  private Object prefix(String name, boolean text) {
    Object cell = pick(name);
    String value = cell instanceof String string ? string
        : cell instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : TestColumns.randomString(random);
    String prefix = value.substring(0,
        value.offsetByCodePoints(0, random.nextInt(value.codePointCount(0, value.length()) + 1)));
    return text ? prefix : prefix.getBytes(StandardCharsets.UTF_8);
  }

  private Expression like(ColumnReference column) {
    boolean escaped = random.nextInt(3) == 0;
    StringBuilder pattern = new StringBuilder();
    int pieces = random.nextInt(5);
    for (int i = 0; i < pieces; i++) {
      pattern.append(escaped && random.nextInt(4) == 0 ? ESCAPED_PIECES[random.nextInt(ESCAPED_PIECES.length)]
          : PATTERN_PIECES[random.nextInt(PATTERN_PIECES.length)]);
    }
    return Expressions.like(column, pattern.toString(), escaped ? '!' : null, random.nextBoolean());
  }

  private Object pick(String name) {
    List<Object> columnCells = cells.get(name);
    return columnCells.get(random.nextInt(columnCells.size()));
  }

  /** A literal for the column: NULL now and then, often a cell's value, else a value near or past the edges. */
  public Object literal(String name) {
    if (random.nextInt(25) == 0) {
      return null;
    }
    ArrowType type = TestColumns.type(name);
    if (random.nextBoolean()) {
      Object cell = pick(name);
      if (cell != null) {
        Object literal = cellLiteral(cell, type);
        if (literal != null) {
          return literal;
        }
      }
    }
    return special(type);
  }

  private static Object cellLiteral(Object cell, ArrowType type) {
    if (type instanceof ArrowType.Date) {
      return LocalDate.ofEpochDay((Long) cell);
    }
    if (type instanceof ArrowType.Timestamp timestamp) {
      long perSecond = switch (timestamp.getUnit()) {
        case SECOND -> 1;
        case MILLISECOND -> 1_000;
        case MICROSECOND -> 1_000_000;
        case NANOSECOND -> 1_000_000_000;
      };
      long raw = (Long) cell;
      try {
        Instant instant = Instant.ofEpochSecond(Math.floorDiv(raw, perSecond),
            Math.floorMod(raw, perSecond) * (1_000_000_000 / perSecond));
        return timestamp.getTimezone() == null ? LocalDateTime.ofInstant(instant, ZoneOffset.UTC) : instant;
      } catch (DateTimeException outOfRange) {
        return null;
      }
    }
    return cell;
  }

  private Object special(ArrowType type) {
    return switch (type.getTypeID()) {
      case Int -> switch (random.nextInt(6)) {
        case 0 -> new BigDecimal(random.nextInt(9) - 4).add(new BigDecimal("0.5"));
        case 1 -> new BigDecimal(new String[] {"1000", "-1000", "9223372036854775808", "-9223372036854775809",
            "1e30", "-1e-30", "0.000001", "127", "-128", "32767", "-2147483648"}[random.nextInt(11)]);
        default -> (long) random.nextInt(9) - 4;
      };
      case FloatingPoint -> random.nextInt(4) == 0
          ? new BigDecimal(new String[] {"0.1", "1e39", "-1e39", "1.5", "3.4028235e38", "1e-50"}[random.nextInt(6)])
          : new double[] {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.1, 1.5, -1.5,
              -3.0, 2.0, Double.MAX_VALUE}[random.nextInt(11)];
      case Decimal -> random.nextInt(3) == 0
          ? new BigDecimal(
              new String[] {"0.05", "0.055", "-0.055", "1e20", "-1e20", "1e-40", "1e40"}[random.nextInt(7)])
          : BigDecimal.valueOf(random.nextInt(29) - 14, 1);
      case Bool -> random.nextBoolean();
      case Utf8 -> TestColumns.randomString(random);
      case Binary -> random.nextInt(5) == 0 ? new byte[] {(byte) 0xFF, 0}
          : TestColumns.randomString(random).getBytes(StandardCharsets.UTF_8);
      case Date -> switch (random.nextInt(3)) {
        case 0 -> LocalDate.ofEpochDay(random.nextInt(9) - 4).atTime(random.nextInt(3) * 11, 0);
        case 1 -> Instant.ofEpochSecond((random.nextInt(9) - 4) * 43_200L);
        default -> LocalDate.ofEpochDay(random.nextInt(9) - 4);
      };
      case Timestamp -> switch (random.nextInt(3)) {
        case 0 -> LocalDate.of(1994, 1, 1).plusDays(random.nextInt(3) - 1);
        case 1 -> Instant.ofEpochSecond(757_382_400L + (random.nextInt(9) - 4) * 1_800L, random.nextInt(3) * 500_000L);
        default -> LocalDateTime.of(1994, 1, 1, 0, 0).plusMinutes((random.nextInt(9) - 4) * 30L)
            .plusNanos(random.nextInt(4) == 0 ? 1 : 0);
      };
      default -> throw new IllegalArgumentException(type.toString());
    };
  }
}
