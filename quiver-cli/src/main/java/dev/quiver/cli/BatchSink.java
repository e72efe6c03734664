package dev.quiver.cli;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Where {@code quiver convert} writes batches: one output file, written all at once or not at all.
 * Closing a sink that was not committed deletes what it wrote; an existing file of the same name is
 * then left untouched.
 */
interface BatchSink extends AutoCloseable {
  /** Appends the rows of {@code batch}; the caller keeps owning it. */
  void write(VectorSchemaRoot batch) throws IOException;

  /** Finishes the file and makes it visible under its name. */
  void commit() throws IOException;

  @Override
  void close() throws IOException;
}
