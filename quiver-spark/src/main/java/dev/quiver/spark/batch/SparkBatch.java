package dev.quiver.spark.batch;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A Quiver {@link Batch} seen as a Spark {@link ColumnarBatch} without copying values: plain columns
 * as Spark's Arrow columns (decimals as {@link DecimalColumnVector}), dictionary columns as their codes over the dictionary's values, a
 * selection vector as an index over the rows, timestamps of other units scaled to microseconds, and
 * the file's partition values as constant columns. Owns the batch: {@link #close()} frees it (Spark
 * never closes the batches a reader returns).
 */
public final class SparkBatch implements AutoCloseable {
  private final Batch batch;
  private final ColumnarBatch columnar;

  private SparkBatch(Batch batch, ColumnarBatch columnar) {
    this.batch = batch;
    this.columnar = columnar;
  }

  /**
   * Wraps {@code batch} (taking ownership) as {@code schema}'s columns: the batch's columns first, then
   * one constant column per partition value.
   *
   * @param schema the Spark schema of the output: the batch's columns, then the partition columns
   * @param partitionValues the partition columns' values as strings (null for null)
   * @param source names the file in errors
   */
  public static SparkBatch wrap(Batch batch, StructType schema, List<String> partitionValues, String source) {
    try {
      int rows = batch.rowCount();
      StructField[] fields = schema.fields();
      ColumnVector[] columns = new ColumnVector[fields.length];
      int dataColumns = batch.columnCount();
      for (int c = 0; c < dataColumns; c++) {
        columns[c] = column(batch, c, fields[c], rows, source);
      }
      for (int p = 0; p < partitionValues.size(); p++) {
        StructField field = fields[dataColumns + p];
        columns[dataColumns + p] = constant(field, partitionValues.get(p), rows);
      }
      return new SparkBatch(batch, new ColumnarBatch(columns, rows));
    } catch (RuntimeException failure) {
      batch.close();
      throw failure;
    }
  }

  /** The rows, valid until {@link #close()}. */
  public ColumnarBatch columnar() {
    return columnar;
  }

  /** Rows in the batch. */
  public int rowCount() {
    return columnar.numRows();
  }

  @Override
  public void close() {
    for (int c = 0; c < columnar.numCols(); c++) {
      if (columnar.column(c) instanceof ConstantColumnVector constant) {
        constant.close();
      }
    }
    batch.close();
  }

  private static ColumnVector column(Batch batch, int c, StructField field, int rows, String source) {
    FieldVector vector = batch.vector(c);
    int[] selection = batch.hasSelection() ? batch.selection() : null;
    if (batch.isDictionaryEncoded(c)) {
      FieldVector dictionary = batch.dictionary(c);
      IntVector codes = (IntVector) vector;
      int size = dictionary.getValueCount();
      int[] index = new int[rows];
      for (int i = 0; i < rows; i++) {
        int row = selection == null ? i : selection[i];
        if (codes.isNull(row)) {
          index[i] = -1;
        } else {
          int code = codes.get(row);
          if (code < 0 || code >= size) {
            throw QuiverException.corrupt(source + ": column " + field.name() + " has dictionary code " + code
                + " outside its " + size + " values");
          }
          index[i] = code;
        }
      }
      return new RemappedColumnVector(field.dataType(), values(dictionary, field.dataType()), index, rows);
    }
    ColumnVector values = values(vector, field.dataType());
    if (selection == null) {
      return values;
    }
    return new RemappedColumnVector(field.dataType(), values, selection, rows);
  }

  private static ColumnVector values(FieldVector vector, DataType type) {
    if (vector instanceof TimeStampVector timestamps) {
      TimeUnit unit = ((ArrowType.Timestamp) vector.getField().getType()).getUnit();
      if (unit != TimeUnit.MICROSECOND) {
        return new TimestampColumnVector(type, timestamps, unit);
      }
    }
    if (vector instanceof DecimalVector decimals) {
      return new DecimalColumnVector(type, decimals);
    }
    return new ArrowColumnVector(vector);
  }

  /** A constant column of a partition value given as text (Hive folder names). */
  static ColumnVector constant(StructField field, String value, int rows) {
    DataType type = field.dataType();
    ConstantColumnVector column = new ConstantColumnVector(rows, type);
    if (value == null) {
      column.setNull();
      return column;
    }
    try {
      if (type.equals(DataTypes.IntegerType)) {
        column.setInt(Integer.parseInt(value));
      } else if (type.equals(DataTypes.LongType)) {
        column.setLong(Long.parseLong(value));
      } else if (type.equals(DataTypes.ShortType)) {
        column.setShort(Short.parseShort(value));
      } else if (type.equals(DataTypes.ByteType)) {
        column.setByte(Byte.parseByte(value));
      } else if (type.equals(DataTypes.BooleanType)) {
        column.setBoolean(Boolean.parseBoolean(value));
      } else if (type.equals(DataTypes.DoubleType)) {
        column.setDouble(Double.parseDouble(value));
      } else if (type.equals(DataTypes.FloatType)) {
        column.setFloat(Float.parseFloat(value));
      } else if (type.equals(DataTypes.DateType)) {
        column.setInt((int) LocalDate.parse(value).toEpochDay());
      } else if (type instanceof DecimalType decimal) {
        column.setDecimal(Decimal.apply(new BigDecimal(value)).toPrecision(decimal.precision(), decimal.scale(),
            Decimal.ROUND_HALF_UP(), true, null), decimal.precision());
      } else if (type instanceof org.apache.spark.sql.types.StringType) {
        column.setUtf8String(UTF8String.fromString(value));
      } else {
        throw QuiverException.user("partition column " + field.name() + " has type " + type.simpleString()
            + ", which partition folders cannot hold");
      }
    } catch (NumberFormatException | java.time.format.DateTimeParseException notParsed) {
      column.close();
      throw QuiverException
          .user("partition column " + field.name() + " (" + type.simpleString() + ") has folder value '"
              + value + "', which is not one");
    }
    return column;
  }
}
