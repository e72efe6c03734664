package dev.quiver.cli;

import dev.quiver.io.TableReader;
import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/** A {@link TableReader} of quiver-io (CSV, Arrow IPC, Parquet) as the input batches of a command. */
final class TableInput implements InputBatches {
  private final TableReader reader;

  TableInput(TableReader reader) {
    this.reader = reader;
  }

  @Override
  public Batch next() throws IOException {
    VectorSchemaRoot root = reader.next();
    return root == null ? null : new Batch(root, reader.dictionaries(), root::close);
  }

  @Override
  public Schema schema() throws IOException {
    return reader.schema();
  }

  @Override
  public long bytesRead() {
    return reader.bytesRead();
  }

  @Override
  public void close() throws IOException {
    reader.close();
  }
}
