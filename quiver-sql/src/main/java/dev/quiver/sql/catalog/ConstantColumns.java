package dev.quiver.sql.catalog;

import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.Field;

/** Vectors holding one value in every row: a file's hive partition columns. */
final class ConstantColumns {
  private ConstantColumns() {}

  /**
   * A vector of {@code rows} rows of {@code value} (a Long for BIGINT and DATE days, a String for
   * VARCHAR, or null for all NULL), of {@code field}'s type.
   */
  static FieldVector of(Field field, Object value, int rows, BufferAllocator allocator) {
    FieldVector vector = field.createVector(allocator);
    try {
      if (vector instanceof BigIntVector numbers) {
        numbers.allocateNew(rows);
        if (value != null) {
          long number = (Long) value;
          for (int row = 0; row < rows; row++) {
            numbers.set(row, number);
          }
        }
      } else if (vector instanceof DateDayVector days) {
        days.allocateNew(rows);
        if (value != null) {
          int day = Math.toIntExact((Long) value);
          for (int row = 0; row < rows; row++) {
            days.set(row, day);
          }
        }
      } else {
        VarCharVector texts = (VarCharVector) vector;
        byte[] bytes = value == null ? new byte[0] : ((String) value).getBytes(StandardCharsets.UTF_8);
        texts.allocateNew((long) bytes.length * rows, rows);
        if (value != null) {
          for (int row = 0; row < rows; row++) {
            texts.set(row, bytes);
          }
        }
      }
      vector.setValueCount(rows);
      return vector;
    } catch (RuntimeException failure) {
      vector.close();
      throw failure;
    }
  }
}
