package dev.quiver.io.parquet;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeNanoVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Hands one non-null Arrow value to Parquet's {@link RecordConsumer}, in the physical type
 * {@link ParquetSchemaMapping} chose for the column. Made per batch, for that batch's vector.
 */
interface ValueWriter {
  void write(RecordConsumer consumer, int row);

  /** The writer for {@code vector}, whose type {@link ParquetSchemaMapping#toParquet} accepted. */
  static ValueWriter of(FieldVector vector) {
    switch (vector.getMinorType()) {
      case TINYINT: {
        TinyIntVector values = (TinyIntVector) vector;
        return (consumer, row) -> consumer.addInteger(values.get(row));
      }
      case SMALLINT: {
        SmallIntVector values = (SmallIntVector) vector;
        return (consumer, row) -> consumer.addInteger(values.get(row));
      }
      case INT: {
        IntVector values = (IntVector) vector;
        return (consumer, row) -> consumer.addInteger(values.get(row));
      }
      case BIGINT: {
        BigIntVector values = (BigIntVector) vector;
        return (consumer, row) -> consumer.addLong(values.get(row));
      }
      case FLOAT4: {
        Float4Vector values = (Float4Vector) vector;
        return (consumer, row) -> consumer.addFloat(values.get(row));
      }
      case FLOAT8: {
        Float8Vector values = (Float8Vector) vector;
        return (consumer, row) -> consumer.addDouble(values.get(row));
      }
      case BIT: {
        BitVector values = (BitVector) vector;
        return (consumer, row) -> consumer.addBoolean(values.get(row) != 0);
      }
      case DATEDAY: {
        DateDayVector values = (DateDayVector) vector;
        return (consumer, row) -> consumer.addInteger(values.get(row));
      }
      case VARCHAR:
      case VARBINARY:
        return new VariableWidth((BaseVariableWidthVector) vector);
      case DECIMAL:
        return decimal((DecimalVector) vector);
      case TIMEMICRO: {
        TimeMicroVector values = (TimeMicroVector) vector;
        return (consumer, row) -> consumer.addLong(values.get(row));
      }
      case TIMENANO: {
        TimeNanoVector values = (TimeNanoVector) vector;
        return (consumer, row) -> consumer.addLong(values.get(row));
      }
      default:
        if (vector instanceof TimeStampVector) {
          TimeStampVector values = (TimeStampVector) vector;
          if (((ArrowType.Timestamp) vector.getField().getType()).getUnit() == TimeUnit.SECOND) {
            return (consumer, row) -> consumer.addLong(Math.multiplyExact(values.get(row), 1000L));
          }
          return (consumer, row) -> consumer.addLong(values.get(row));
        }
        throw new IllegalArgumentException("no Parquet writer for " + vector.getField());
    }
  }

  private static ValueWriter decimal(DecimalVector values) {
    ArrowBuf data = values.getDataBuffer();
    if (values.getPrecision() <= 18) {
      // The low 8 bytes of the little-endian 16-byte value hold every unscaled value of 18 digits.
      return (consumer, row) -> consumer.addLong(data.getLong((long) row * DecimalVector.TYPE_WIDTH));
    }
    int length = ParquetSchemaMapping.decimalBytes(values.getPrecision());
    return (consumer, row) -> {
      byte[] bigEndian = new byte[length];
      long start = (long) row * DecimalVector.TYPE_WIDTH;
      for (int i = 0; i < length; i++) {
        bigEndian[length - 1 - i] = data.getByte(start + i);
      }
      consumer.addBinary(Binary.fromConstantByteArray(bigEndian));
    };
  }

  /** Strings and binary: the bytes are copied into one reused array, which Parquet copies when it keeps a value. */
  final class VariableWidth implements ValueWriter {
    private final BaseVariableWidthVector vector;
    private byte[] scratch = new byte[64];

    VariableWidth(BaseVariableWidthVector vector) {
      this.vector = vector;
    }

    @Override
    public void write(RecordConsumer consumer, int row) {
      ArrowBuf offsets = vector.getOffsetBuffer();
      int start = offsets.getInt((long) row * BaseVariableWidthVector.OFFSET_WIDTH);
      int length = offsets.getInt((long) (row + 1) * BaseVariableWidthVector.OFFSET_WIDTH) - start;
      if (length > scratch.length) {
        scratch = new byte[Math.max(length, scratch.length * 2)];
      }
      vector.getDataBuffer().getBytes(start, scratch, 0, length);
      consumer.addBinary(Binary.fromReusedByteArray(scratch, 0, length));
    }
  }
}
