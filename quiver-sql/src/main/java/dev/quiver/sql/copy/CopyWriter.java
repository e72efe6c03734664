package dev.quiver.sql.copy;

import dev.quiver.common.QuiverException;
import dev.quiver.io.TableWriter;
import dev.quiver.io.csv.CsvTableWriter;
import dev.quiver.io.formats.WriteOptions;
import dev.quiver.io.parquet.ParquetArrowWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Streams a query's batches into a file: each batch is written and freed before the next is asked
 * for; the file appears under its name only when every batch was written (a failure midway removes
 * the temporary file and leaves an existing file of that name as it was). The batches come in the
 * target's {@link CopyTarget#sortBy} order when it has one (the caller sorted them), which a
 * {@code .qvr} footer records.
 */
public final class CopyWriter {
  private CopyWriter() {}

  /** Where the batches come from: a query's result. */
  @FunctionalInterface
  public interface Batches {
    /** The next batch, owned by the caller, or null at the end; a query's failure is thrown here. */
    VectorSchemaRoot next();
  }

  /** Writes every batch of {@code batches} (of {@code schema}) to {@code target}; the rows written. */
  public static long write(Batches batches, Schema schema, CopyTarget target, BufferAllocator allocator) {
    long rows = 0;
    try (TableWriter writer = open(target, schema, allocator)) {
      for (VectorSchemaRoot next = batches.next(); next != null; next = batches.next()) {
        try (VectorSchemaRoot batch = next) {
          if (batch.getRowCount() > 0) {
            writer.write(batch);
            rows += batch.getRowCount();
          }
        }
      }
      writer.commit();
    } catch (IOException failure) {
      throw new QuiverException(dev.quiver.common.ErrorCode.IO,
          "cannot write " + target.path() + ": " + failure.getMessage(), failure);
    } catch (UncheckedIOException failure) {
      throw new QuiverException(dev.quiver.common.ErrorCode.IO,
          "cannot write " + target.path() + ": " + failure.getCause().getMessage(), failure);
    }
    return rows;
  }

  private static TableWriter open(CopyTarget target, Schema schema, BufferAllocator allocator) throws IOException {
    if (target.format() == CopyFormat.QVR) {
      return QvrTableWriter.create(target.path(), schema, allocator, target.sortBy());
    }
    if (target.format() == CopyFormat.CSV) {
      return CsvTableWriter.create(target.path(), schema, target.csvDelimiter(), target.csvHeader(),
          target.csvNull());
    }
    WriteOptions options = new WriteOptions(ParquetArrowWriter.Options.defaults().withCodec(target.parquetCodec()));
    return target.format().tableFormat().openWriter(target.path(), schema, allocator, options);
  }
}
