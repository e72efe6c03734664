package dev.quiver.format.stats;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * How statistics of a column type are kept: integers (and dates, times, timestamps by their raw
 * value) as {@code Long}, floats as {@code Double}, booleans as {@code Boolean}, strings and binary
 * as {@code byte[]} compared unsigned (UTF-8 byte order is code point order), decimals as
 * {@code BigDecimal}. Other types keep only null counts.
 */
public enum StatisticKind {
  INTEGER,
  FLOAT,
  BOOLEAN,
  BYTES,
  DECIMAL,
  NONE;

  public static StatisticKind of(ArrowType type) {
    switch (type.getTypeID()) {
      case Int:
      case Date:
      case Time:
      case Timestamp:
      case Duration:
        return INTEGER;
      case FloatingPoint:
        return FLOAT;
      case Bool:
        return BOOLEAN;
      case Utf8:
      case Binary:
      case LargeUtf8:
      case LargeBinary:
      case FixedSizeBinary:
        return BYTES;
      case Decimal:
        return DECIMAL;
      default:
        return NONE;
    }
  }

  /** Whether sums are kept. */
  public boolean summable() {
    return this == INTEGER || this == FLOAT || this == DECIMAL;
  }
}
