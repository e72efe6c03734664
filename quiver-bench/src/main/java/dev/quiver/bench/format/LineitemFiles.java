package dev.quiver.bench.format;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.io.parquet.ParquetArrowWriter;
import dev.quiver.io.parquet.ParquetCodec;
import dev.quiver.io.parquet.StreamOutputFile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes the same in-memory batches as {@code .qvr} and as Parquet, timing each write from the
 * first byte to the file forced to disk (QuiverWriter fsyncs on close; the Parquet files are forced
 * too, so both pay the same).
 */
final class LineitemFiles {
  private LineitemFiles() {}

  /** A written file and how long it took. */
  record Written(String name, Path path, long bytes, long nanos) {}

  static Written writeQuiver(List<VectorSchemaRoot> batches, Schema schema, Path path, BufferAllocator allocator)
      throws IOException {
    Files.deleteIfExists(path);
    long started = System.nanoTime();
    try (QuiverWriter writer = QuiverWriter.create(path, schema, allocator)) {
      for (VectorSchemaRoot batch : batches) {
        writer.write(batch);
      }
    }
    long elapsed = System.nanoTime() - started;
    return new Written(".qvr", path, Files.size(path), elapsed);
  }

  static Written writeParquet(List<VectorSchemaRoot> batches, Schema schema, Path path, ParquetCodec codec)
      throws IOException {
    Files.deleteIfExists(path);
    long started = System.nanoTime();
    try (FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      OutputStream stream = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 20);
      ParquetArrowWriter.Options options = ParquetArrowWriter.Options.defaults().withCodec(codec);
      try (ParquetArrowWriter writer = ParquetArrowWriter.create(new StreamOutputFile(stream, path.toString()), schema,
          options)) {
        for (VectorSchemaRoot batch : batches) {
          writer.write(batch);
        }
      }
      stream.flush();
      channel.force(true);
    }
    long elapsed = System.nanoTime() - started;
    return new Written("parquet-" + codec.displayName(), path, Files.size(path), elapsed);
  }
}
