package dev.quiver.bench.exchange;

import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Quiver: {@link BlockDecoder#decode} (trusted blocks) with its per-thread schema cache warm after the
 * first call, as a reader of a shuffle partition runs it: vectors are slices of the decompressed block.
 */
final class QuiverBlockArm implements BlockDecodeArm {
  private final ArrowBuf block;
  private BlockDecoder decoder;

  /** @param block the whole block (header included), kept by the arm until closed */
  QuiverBlockArm(ArrowBuf block) {
    this.block = block;
  }

  @Override
  public int decode(BufferAllocator allocator, ColumnDigest digest) {
    if (decoder == null) {
      decoder = new BlockDecoder(allocator);
    }
    try (DecodedBatch decoded = decoder.decode(block, "block")) {
      BlockDecodeArm.digest(digest, decoded.root().getFieldVectors(), decoded.rowCount());
      return decoded.rowCount();
    }
  }

  @Override
  public void close() {
    block.close();
  }
}
