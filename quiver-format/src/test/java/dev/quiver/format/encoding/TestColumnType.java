package dev.quiver.format.encoding;

import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/** The column types the conformance suite covers, with how test values of each are shaped. */
enum TestColumnType {
  INT8(new ArrowType.Int(8, true), Shape.INTEGER, 1),
  INT16(new ArrowType.Int(16, true), Shape.INTEGER, 2),
  INT32(new ArrowType.Int(32, true), Shape.INTEGER, 4),
  INT64(new ArrowType.Int(64, true), Shape.INTEGER, 8),
  FLOAT32(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE), Shape.FLOAT, 4),
  FLOAT64(new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE), Shape.FLOAT, 8),
  BOOL(ArrowType.Bool.INSTANCE, Shape.BOOLEAN, 0),
  UTF8(ArrowType.Utf8.INSTANCE, Shape.TEXT, 0),
  BINARY(ArrowType.Binary.INSTANCE, Shape.BYTES, 0),
  DATE32(new ArrowType.Date(DateUnit.DAY), Shape.INTEGER, 4),
  TIMESTAMP_SECOND(new ArrowType.Timestamp(TimeUnit.SECOND, null), Shape.INTEGER, 8),
  TIMESTAMP_MILLI_UTC(new ArrowType.Timestamp(TimeUnit.MILLISECOND, "UTC"), Shape.INTEGER, 8),
  TIMESTAMP_MICRO(new ArrowType.Timestamp(TimeUnit.MICROSECOND, null), Shape.INTEGER, 8),
  TIMESTAMP_NANO_ZONED(new ArrowType.Timestamp(TimeUnit.NANOSECOND, "America/New_York"), Shape.INTEGER, 8),
  DECIMAL_SMALL(new ArrowType.Decimal(12, 2, 128), Shape.DECIMAL, 16),
  DECIMAL_LARGE(new ArrowType.Decimal(38, 4, 128), Shape.DECIMAL, 16);

  /** How values of a type are represented in tests. */
  enum Shape {
    /** Long, truncated to the width when stored. */
    INTEGER,
    /** Long raw bits (float32 in the low 32 bits). */
    FLOAT,
    /** Boolean. */
    BOOLEAN,
    /** byte[] of UTF-8. */
    TEXT,
    /** byte[]. */
    BYTES,
    /** BigInteger unscaled value. */
    DECIMAL
  }

  final ArrowType arrowType;
  final Shape shape;
  /** Bytes per value of fixed-width types, else 0. */
  final int width;

  TestColumnType(ArrowType arrowType, Shape shape, int width) {
    this.arrowType = arrowType;
    this.shape = shape;
    this.width = width;
  }

  /** Decimal precision, or 0. */
  int precision() {
    return arrowType instanceof ArrowType.Decimal decimal ? decimal.getPrecision() : 0;
  }
}
