package dev.quiver.bench.format;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.Layout;
import dev.quiver.io.parquet.ParquetArrowReader;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.ParquetReadOptions;

/**
 * Full decodes of every column on the calling thread, from opening the file to the last value in an
 * Arrow vector: {@code .qvr} chunk by chunk ({@link QuiverFile#readChunk}, each chunk decoded once,
 * the unit a scan reads), Parquet row group by row group through {@link ParquetArrowReader} (by default
 * with one-call page decompression, {@link ParquetArrowReader#defaultOptions}). Each
 * vector is freed as soon as it is decoded (and checksummed when asked).
 */
final class DecodeRuns {
  /** Batch size of the Parquet decode; batches never span row groups. */
  static final int PARQUET_BATCH_ROWS = 65_536;

  private DecodeRuns() {}

  /** Decodes every chunk of every column; returns the values decoded. */
  static long quiver(Path path, BufferAllocator allocator, ColumnChecksums checksums) throws IOException {
    long values = 0;
    try (QuiverFile file = QuiverFile.open(path)) {
      int columns = file.schema().getFields().size();
      for (int column = 0; column < columns; column++) {
        int columnIndex = column;
        long[] decoded = {0};
        for (Layout chunk : file.chunks(column)) {
          // a dictionary run comes piece by piece (one code chunk at a time), like a scan reads it
          file.readPieces(column, chunk, allocator, vector -> {
            decoded[0] += vector.getValueCount();
            if (checksums != null) {
              checksums.add(columnIndex, vector);
            }
          });
        }
        values += decoded[0];
      }
    }
    return values;
  }

  /** Decodes every row group of every column; returns the values decoded. */
  static long parquet(Path path, BufferAllocator allocator, ColumnChecksums checksums) throws IOException {
    return parquet(path, allocator, checksums, ParquetArrowReader.defaultOptions());
  }

  /** Like {@link #parquet(Path, BufferAllocator, ColumnChecksums)} with parquet-java options of the caller's choice. */
  static long parquet(Path path, BufferAllocator allocator, ColumnChecksums checksums, ParquetReadOptions options)
      throws IOException {
    long values = 0;
    try (ParquetArrowReader reader = ParquetArrowReader.open(path, allocator, PARQUET_BATCH_ROWS, options)) {
      for (VectorSchemaRoot batch = reader.next(); batch != null; batch = reader.next()) {
        try (VectorSchemaRoot current = batch) {
          values += (long) batch.getRowCount() * batch.getFieldVectors().size();
          if (checksums != null) {
            checksums.add(batch);
          }
        }
      }
    }
    return values;
  }
}
