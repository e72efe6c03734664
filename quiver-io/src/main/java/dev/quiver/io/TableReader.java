package dev.quiver.io;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table read from a file as Arrow batches, one at a time. Every batch {@link #next} returns is the
 * caller's: close it when done (the reader keeps no reference to it). Close the reader when done
 * with the file; batches already returned stay valid.
 *
 * <p>Bad input (a damaged file, a value that does not fit its column, duplicate column names) is a
 * {@link dev.quiver.common.QuiverException} or {@link dev.quiver.common.CorruptFileException} naming
 * the file and where in it.
 */
public interface TableReader extends AutoCloseable {
  /** The schema of every batch; known before the first batch. */
  Schema schema() throws IOException;

  /** The next batch, owned by the caller, or null at the end of the table. */
  VectorSchemaRoot next() throws IOException;

  /**
   * The dictionaries of the dictionary-encoded columns of the batch {@link #next} returned last, or
   * null when no column is dictionary-encoded. They belong to the reader and stay valid until the
   * next call to {@link #next} or {@link #close}.
   */
  default DictionaryProvider dictionaries() {
    return null;
  }

  /** Bytes of the file consumed so far, for progress. */
  long bytesRead();

  @Override
  void close() throws IOException;
}
