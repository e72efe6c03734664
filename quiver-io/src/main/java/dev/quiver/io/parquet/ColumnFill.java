package dev.quiver.io.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Moves the values of one Parquet column chunk into an Arrow vector, a run of rows at a time: reads
 * the definition level of each value (below the maximum: null, left unset in the zeroed validity
 * buffer), then the primitive value straight into the vector. Each subclass holds its own loop, so
 * every loop calls one vector type and one reader type (no per-value type dispatch).
 */
abstract class ColumnFill {
  /** Fills rows {@code [0, rows)} of {@code vector} (allocated for them) with the reader's next values. */
  abstract void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel);

  /**
   * The fill for an Arrow column read from the Parquet column {@code column} (the type
   * {@link ParquetSchemaMapping#arrowType} gave it).
   *
   * @param directPages whether the reader's page buffers are direct (not heap) byte buffers
   */
  static ColumnFill of(ArrowType type, PrimitiveType column, boolean directPages) {
    PrimitiveTypeName physical = column.getPrimitiveTypeName();
    switch (type.getTypeID()) {
      case Bool:
        return new Booleans();
      case Int:
        switch (((ArrowType.Int) type).getBitWidth()) {
          case 8:
            return new Bytes();
          case 16:
            return new Shorts();
          case 32:
            return new Ints();
          default:
            return physical == PrimitiveTypeName.INT32 ? new UnsignedInts() : new Longs();
        }
      case Time:
        if (column.getLogicalTypeAnnotation() instanceof TimeLogicalTypeAnnotation time) {
          return new Times(time.getUnit());
        }
        throw new IllegalArgumentException("no Parquet fill for " + type + " from " + column);
      case Date:
        return new Dates();
      case Timestamp:
        return new Timestamps();
      case FloatingPoint:
        return physical == PrimitiveTypeName.FLOAT ? new Floats() : new Doubles();
      case Utf8:
      case Binary:
        return new VariableWidth(directPages);
      case Decimal:
        if (column.getLogicalTypeAnnotation() instanceof IntLogicalTypeAnnotation) {
          return new UnsignedLongs();
        }
        if (physical == PrimitiveTypeName.INT32) {
          return new IntDecimals();
        }
        if (physical == PrimitiveTypeName.INT64) {
          return new LongDecimals();
        }
        return new BinaryDecimals(((ArrowType.Decimal) type).getScale());
      default:
        throw new IllegalArgumentException("no Parquet fill for " + type);
    }
  }

  private static final class Booleans extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      BitVector bits = (BitVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          bits.set(row, reader.getBoolean() ? 1 : 0);
        }
        reader.consume();
      }
    }
  }

  private static final class Bytes extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      TinyIntVector values = (TinyIntVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, (byte) reader.getInteger());
        }
        reader.consume();
      }
    }
  }

  private static final class Shorts extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      SmallIntVector values = (SmallIntVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, (short) reader.getInteger());
        }
        reader.consume();
      }
    }
  }

  private static final class Ints extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      IntVector values = (IntVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getInteger());
        }
        reader.consume();
      }
    }
  }

  private static final class Dates extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      DateDayVector values = (DateDayVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getInteger());
        }
        reader.consume();
      }
    }
  }

  private static final class Longs extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      BigIntVector values = (BigIntVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getLong());
        }
        reader.consume();
      }
    }
  }

  /** UINT_32 (stored in INT32) as int64: the bits read unsigned. */
  private static final class UnsignedInts extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      BigIntVector values = (BigIntVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, Integer.toUnsignedLong(reader.getInteger()));
        }
        reader.consume();
      }
    }
  }

  /** UINT_64 as decimal128(20, 0): the 64 bits as the low half, a zero high half. */
  private static final class UnsignedLongs extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      DecimalVector values = (DecimalVector) vector;
      ArrowBuf data = values.getDataBuffer();
      ArrowBuf validity = values.getValidityBuffer();
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          long offset = (long) row * DecimalVector.TYPE_WIDTH;
          data.setLong(offset, reader.getLong());
          data.setLong(offset + Long.BYTES, 0);
          BitVectorHelper.setBit(validity, row);
        }
        reader.consume();
      }
    }
  }

  /** TIME as microseconds since midnight (milliseconds multiplied), TIME(NANOS) as nanoseconds. */
  private static final class Times extends ColumnFill {
    private final LogicalTypeAnnotation.TimeUnit unit;

    Times(LogicalTypeAnnotation.TimeUnit unit) {
      this.unit = unit;
    }

    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      ArrowBuf data = vector.getDataBuffer();
      ArrowBuf validity = vector.getValidityBuffer();
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          long value = switch (unit) {
            case MILLIS -> reader.getInteger() * 1_000L;
            case MICROS, NANOS -> reader.getLong();
          };
          data.setLong((long) row * Long.BYTES, value);
          BitVectorHelper.setBit(validity, row);
        }
        reader.consume();
      }
    }
  }

  private static final class Timestamps extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      TimeStampVector values = (TimeStampVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getLong());
        }
        reader.consume();
      }
    }
  }

  private static final class Floats extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      Float4Vector values = (Float4Vector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getFloat());
        }
        reader.consume();
      }
    }
  }

  private static final class Doubles extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      Float8Vector values = (Float8Vector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getDouble());
        }
        reader.consume();
      }
    }
  }

  /**
   * Strings and binary. The bytes go from the Parquet page (or dictionary) straight into the Arrow data
   * buffer: from heap pages through {@link Binary#writeTo(OutputStream)}, which hands over the backing
   * array without a copy or a ByteBuffer view per value; from direct pages by one memory copy.
   * Offsets and validity are written directly.
   */
  private static final class VariableWidth extends ColumnFill {
    private final ArrowBufferStream stream = new ArrowBufferStream();
    private final boolean directPages;

    VariableWidth(boolean directPages) {
      this.directPages = directPages;
    }

    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      BaseVariableWidthVector values = (BaseVariableWidthVector) vector;
      ArrowBuf offsets = values.getOffsetBuffer();
      ArrowBuf validity = values.getValidityBuffer();
      int end = 0;
      offsets.setInt(0, 0);
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          Binary binary = reader.getBinary();
          int length = binary.length();
          while (values.getDataBuffer().capacity() < (long) end + length) {
            values.reallocDataBuffer();
          }
          ArrowBuf data = values.getDataBuffer();
          if (directPages) {
            ByteBuffer bytes = binary.toByteBuffer();
            if (bytes.hasArray()) {
              data.setBytes(end, bytes.array(), bytes.arrayOffset() + bytes.position(), length);
            } else {
              data.setBytes(end, bytes, bytes.position(), length);
            }
          } else {
            stream.target = data;
            stream.position = end;
            try {
              binary.writeTo(stream);
            } catch (IOException impossible) {
              throw new UncheckedIOException(impossible);
            }
          }
          end += length;
          BitVectorHelper.setBit(validity, row);
        }
        offsets.setInt((long) (row + 1) * BaseVariableWidthVector.OFFSET_WIDTH, end);
        reader.consume();
      }
      values.setLastSet(rows - 1);
    }
  }

  /** An output stream that copies into an Arrow buffer at a position (capacity checked by the caller). */
  private static final class ArrowBufferStream extends OutputStream {
    ArrowBuf target;
    long position;

    @Override
    public void write(int value) {
      target.setByte(position++, value);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      target.setBytes(position, bytes, offset, length);
      position += length;
    }
  }

  private static final class IntDecimals extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      DecimalVector values = (DecimalVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getInteger());
        }
        reader.consume();
      }
    }
  }

  private static final class LongDecimals extends ColumnFill {
    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      DecimalVector values = (DecimalVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          values.set(row, reader.getLong());
        }
        reader.consume();
      }
    }
  }

  /** Big-endian two's complement unscaled values (BINARY or FIXED_LEN_BYTE_ARRAY). */
  private static final class BinaryDecimals extends ColumnFill {
    private final int scale;

    BinaryDecimals(int scale) {
      this.scale = scale;
    }

    @Override
    void fill(ColumnReader reader, FieldVector vector, int rows, int maxDefinitionLevel) {
      DecimalVector values = (DecimalVector) vector;
      for (int row = 0; row < rows; row++) {
        if (reader.getCurrentDefinitionLevel() == maxDefinitionLevel) {
          Binary binary = reader.getBinary();
          byte[] bytes = binary.getBytesUnsafe();
          if (bytes.length > 0 && bytes.length <= DecimalVector.TYPE_WIDTH) {
            values.setBigEndian(row, bytes);
          } else {
            // Longer than 16 bytes (redundant sign bytes) or empty: the slow, general way.
            BigInteger unscaled = bytes.length == 0 ? BigInteger.ZERO : new BigInteger(bytes);
            values.set(row, new BigDecimal(unscaled, scale));
          }
        }
        reader.consume();
      }
    }
  }
}
