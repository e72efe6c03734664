package dev.quiver.bench.exchange;

import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.shuffle.block.BlockFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.comet.Native;

/**
 * Comet's native decoder ({@code libcomet.so}'s {@code decodeShuffleBlock}, {@link CometLibrary}):
 * the block from its codec tag on, in a direct buffer, decoded by Rust into one Arrow C Data
 * array/schema pair per column, each imported into an Arrow Java vector ({@link Data#importVector})
 * as Comet's own JVM side does, so the result is the same kind of vectors the other arms return.
 */
final class CometBlockArm implements BlockDecodeArm {
  private final Native decoder = new Native();
  private final ByteBuffer payload;
  private final int columns;

  CometBlockArm(byte[] block, int columns) throws IOException {
    CometLibrary.load();
    int length = block.length - BlockFormat.CODEC_TAG_OFFSET;
    this.payload = ByteBuffer.allocateDirect(length);
    this.payload.put(block, BlockFormat.CODEC_TAG_OFFSET, length).flip();
    this.columns = columns;
  }

  @Override
  public int decode(BufferAllocator allocator, ColumnDigest digest) {
    List<ArrowArray> arrays = new ArrayList<>(columns);
    List<ArrowSchema> schemas = new ArrayList<>(columns);
    List<FieldVector> vectors = new ArrayList<>(columns);
    try {
      long[] arrayAddresses = new long[columns];
      long[] schemaAddresses = new long[columns];
      for (int column = 0; column < columns; column++) {
        arrays.add(ArrowArray.allocateNew(allocator));
        schemas.add(ArrowSchema.allocateNew(allocator));
        arrayAddresses[column] = arrays.get(column).memoryAddress();
        schemaAddresses[column] = schemas.get(column).memoryAddress();
      }
      int rows = (int) decoder.decodeShuffleBlock(payload, payload.capacity(), arrayAddresses, schemaAddresses, false);
      for (int column = 0; column < columns; column++) {
        vectors.add(Data.importVector(allocator, arrays.get(column), schemas.get(column), null));
      }
      BlockDecodeArm.digest(digest, vectors, rows);
      return rows;
    } finally {
      vectors.forEach(FieldVector::close);
      arrays.forEach(ArrowArray::close);
      schemas.forEach(ArrowSchema::close);
    }
  }
}
