package dev.quiver.io.parquet;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.schema.MessageType;

/**
 * Writes Arrow batches as a Parquet file with parquet-java's {@link ParquetWriter}, through
 * {@link ArrowWriteSupport}: the library's default settings (dictionary encoding on, 1 MiB pages,
 * writer version 1) except for the codec and the row group size of {@link Options}. Types map as
 * {@link ParquetSchemaMapping} says. {@link #close()} writes the footer.
 */
public final class ParquetArrowWriter implements AutoCloseable {

  /**
   * Settings.
   *
   * @param codec page compression
   * @param rowGroupBytes target size of a row group (parquet-java's default: 128 MiB)
   */
  public record Options(ParquetCodec codec, long rowGroupBytes) {
    public static Options defaults() {
      return new Options(ParquetCodec.ZSTD, ParquetWriter.DEFAULT_BLOCK_SIZE);
    }

    public Options withCodec(ParquetCodec newCodec) {
      return new Options(newCodec, rowGroupBytes);
    }

    public Options withRowGroupBytes(long bytes) {
      return new Options(codec, bytes);
    }
  }

  private final Schema schema;
  private final ArrowWriteSupport writeSupport;
  private final ParquetWriter<ArrowWriteSupport.Row> writer;
  private final ArrowWriteSupport.Row row = new ArrowWriteSupport.Row();
  private long rowCount;

  private ParquetArrowWriter(Schema schema, ArrowWriteSupport writeSupport,
      ParquetWriter<ArrowWriteSupport.Row> writer) {
    this.schema = schema;
    this.writeSupport = writeSupport;
    this.writer = writer;
  }

  /**
   * Starts a Parquet file.
   *
   * @throws QuiverException USER naming the first column whose type Parquet output does not support
   */
  public static ParquetArrowWriter create(OutputFile file, Schema schema, Options options) throws IOException {
    MessageType parquetSchema = ParquetSchemaMapping.toParquet(schema);
    ArrowWriteSupport writeSupport = new ArrowWriteSupport(parquetSchema, Map.of());
    ParquetWriter<ArrowWriteSupport.Row> writer = new Builder(file, writeSupport)
        .withCompressionCodec(options.codec().parquetName())
        .withRowGroupSize(options.rowGroupBytes())
        .build();
    return new ParquetArrowWriter(schema, writeSupport, writer);
  }

  /** Rows written so far. */
  public long rowCount() {
    return rowCount;
  }

  /** Appends the rows of {@code batch} (the caller keeps owning it); its schema must be the file's. */
  public void write(VectorSchemaRoot batch) throws IOException {
    if (!batch.getSchema().getFields().equals(schema.getFields())) {
      throw QuiverException.user("batch schema " + batch.getSchema() + " differs from the Parquet file's " + schema);
    }
    for (FieldVector vector : batch.getFieldVectors()) {
      if (!vector.getField().isNullable() && vector.getNullCount() > 0) {
        throw QuiverException.user("column " + vector.getName() + " is declared non-nullable but holds "
            + vector.getNullCount() + " nulls");
      }
    }
    writeSupport.setBatch(batch);
    int rows = batch.getRowCount();
    for (int index = 0; index < rows; index++) {
      row.index = index;
      writer.write(row);
    }
    rowCount += rows;
  }

  /** Flushes the last row group and writes the footer. */
  @Override
  public void close() throws IOException {
    writer.close();
  }

  private static final class Builder extends ParquetWriter.Builder<ArrowWriteSupport.Row, Builder> {
    private final ArrowWriteSupport writeSupport;

    Builder(OutputFile file, ArrowWriteSupport writeSupport) {
      super(file);
      this.writeSupport = writeSupport;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<ArrowWriteSupport.Row> getWriteSupport(Configuration configuration) {
      return writeSupport;
    }

    @Override
    protected WriteSupport<ArrowWriteSupport.Row> getWriteSupport(ParquetConfiguration configuration) {
      return writeSupport;
    }
  }
}
