package dev.quiver.spark.write;

import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.HivePaths;
import java.time.LocalDate;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The folder names of partition values, as the table's readers parse them back: integers in
 * decimal, booleans {@code true}/{@code false}, strings as they are, dates ISO {@code yyyy-MM-dd},
 * decimals as {@code BigDecimal.toPlainString()}; null (and, as in Spark, the empty string) is
 * {@link HivePaths#NULL_PARTITION}. Other types cannot be partition columns (a USER error).
 */
final class PartitionValues {
  private PartitionValues() {}

  /** A USER error naming the column when its type cannot be a partition column. */
  static void requireSupported(StructField column) {
    DataType type = column.dataType();
    if (type.equals(DataTypes.ByteType) || type.equals(DataTypes.ShortType) || type.equals(DataTypes.IntegerType)
        || type.equals(DataTypes.LongType) || type.equals(DataTypes.BooleanType) || type instanceof StringType
        || type.equals(DataTypes.DateType) || type instanceof DecimalType) {
      return;
    }
    throw QuiverException.user("partition column " + column.name() + " has type " + type.simpleString()
        + "; quiver partitions by byte, short, int, long, boolean, string, date or decimal columns");
  }

  /** The relative folder path {@code c1=v1/c2=v2} of the values in {@code key} (one field per column). */
  static String folders(StructType columns, InternalRow key) {
    StringBuilder path = new StringBuilder();
    StructField[] fields = columns.fields();
    for (int i = 0; i < fields.length; i++) {
      if (i > 0) {
        path.append('/');
      }
      path.append(HivePaths.folder(fields[i].name(), value(key, i, fields[i].dataType())));
    }
    return path.toString();
  }

  /** The text of one value (null for null and for the empty string). */
  static String value(InternalRow key, int ordinal, DataType type) {
    if (key.isNullAt(ordinal)) {
      return null;
    }
    if (type.equals(DataTypes.ByteType)) {
      return Byte.toString(key.getByte(ordinal));
    } else if (type.equals(DataTypes.ShortType)) {
      return Short.toString(key.getShort(ordinal));
    } else if (type.equals(DataTypes.IntegerType)) {
      return Integer.toString(key.getInt(ordinal));
    } else if (type.equals(DataTypes.LongType)) {
      return Long.toString(key.getLong(ordinal));
    } else if (type.equals(DataTypes.BooleanType)) {
      return Boolean.toString(key.getBoolean(ordinal));
    } else if (type instanceof StringType) {
      String text = key.getUTF8String(ordinal).toString();
      return text.isEmpty() ? null : text;
    } else if (type.equals(DataTypes.DateType)) {
      return LocalDate.ofEpochDay(key.getInt(ordinal)).toString();
    } else if (type instanceof DecimalType decimal) {
      return key.getDecimal(ordinal, decimal.precision(), decimal.scale()).toJavaBigDecimal().toPlainString();
    }
    throw new IllegalStateException("partition type " + type + " was not checked");
  }
}
