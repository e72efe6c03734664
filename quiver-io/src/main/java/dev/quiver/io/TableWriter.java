package dev.quiver.io;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table written to a file from Arrow batches, all at once or not at all: the bytes go to a
 * temporary file beside the target ({@link AtomicOutputFile}); {@link #commit} makes it the target
 * atomically; {@link #close} without a commit removes it, leaving nothing behind and an existing
 * file of the same name untouched.
 */
public interface TableWriter extends AutoCloseable {
  /** The schema every batch must have. */
  Schema schema();

  /** Appends the rows of {@code batch}; the caller keeps owning it. */
  void write(VectorSchemaRoot batch) throws IOException;

  /** Finishes the file and makes it visible under its name. */
  void commit() throws IOException;

  /** Releases the writer; without a {@link #commit} first, deletes what it wrote. */
  @Override
  void close() throws IOException;
}
