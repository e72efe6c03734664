package dev.quiver.cli;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Schema;

/** A source of Arrow batches read from an input file of {@code quiver shuffle write} or {@code convert}. */
interface InputBatches extends AutoCloseable {

  /**
   * One batch. The root (and the dictionaries of its dictionary-encoded columns, if any) stay valid
   * until the next call to {@link #next} or until the batch is closed; close it when done.
   *
   * @param root the rows
   * @param dictionaries the dictionaries, or null when no column is dictionary-encoded
   * @param release what closing the batch runs (frees its memory), or null when the source keeps
   *     owning the root
   */
  record Batch(VectorSchemaRoot root, DictionaryProvider dictionaries, Runnable release) implements AutoCloseable {
    @Override
    public void close() {
      if (release != null) {
        release.run();
      }
    }
  }

  /** The next batch, or null at the end of the input. */
  Batch next() throws IOException;

  /**
   * The schema of the batches when the input declares it before its first batch (CSV, Arrow IPC,
   * Parquet, .qvr), or null (shuffle blocks carry theirs in each block).
   */
  default Schema schema() throws IOException {
    return null;
  }

  /** Input bytes consumed so far, for progress. */
  long bytesRead();

  @Override
  void close() throws IOException;
}
