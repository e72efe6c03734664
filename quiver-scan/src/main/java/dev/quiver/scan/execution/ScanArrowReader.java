package dev.quiver.scan.execution;

import java.io.IOException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/** A scan as an Arrow {@link ArrowReader}: each batch moves into the reader's root without a copy. */
public final class ScanArrowReader extends ArrowReader {
  private final ScanResult result;

  public ScanArrowReader(ScanResult result, BufferAllocator allocator) {
    super(allocator);
    this.result = result;
  }

  public ScanResult result() {
    return result;
  }

  @Override
  public boolean loadNextBatch() throws IOException {
    VectorSchemaRoot root = getVectorSchemaRoot();
    try (VectorSchemaRoot batch = result.nextBatch()) {
      if (batch == null) {
        root.setRowCount(0);
        return false;
      }
      for (int i = 0; i < batch.getFieldVectors().size(); i++) {
        TransferPair transfer = batch.getVector(i).makeTransferPair(root.getVector(i));
        transfer.transfer();
      }
      root.setRowCount(batch.getRowCount());
      return true;
    }
  }

  @Override
  public long bytesRead() {
    return result.metrics().get("bytes.read");
  }

  @Override
  protected void closeReadSource() {
    result.close();
  }

  @Override
  protected Schema readSchema() {
    return result.schema();
  }
}
