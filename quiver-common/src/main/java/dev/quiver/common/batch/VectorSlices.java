package dev.quiver.common.batch;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Zero-copy slices of a vector whose memory is accounted to a chosen allocator, so a slice may
 * outlive the allocator of the vector it was cut from (a scan's decodes, a split's batch).
 *
 * <p>Arrow's {@code splitAndTransfer} moves the accounting of sliced buffers to the target allocator
 * for most vectors, but {@code BitVector} keeps its slice on the source's ledger (and allocates the
 * copy of an unaligned slice from the source's allocator). Such a slice pins memory in the source
 * allocator: closing that allocator while the slice lives (a batch still queued for the consumer)
 * fails its leak check, or, when the accounting had meanwhile moved elsewhere, leaves the bytes
 * counted where nobody frees them. Every slice that crosses allocators goes through here.
 */
public final class VectorSlices {
  private VectorSlices() {}

  /**
   * A vector of rows {@code [start, start + length)} of {@code vector}, typed as {@code field}, sharing
   * its buffers where Arrow can, every buffer accounted to {@code allocator}; owned by the caller.
   */
  public static FieldVector slice(FieldVector vector, Field field, int start, int length,
      BufferAllocator allocator) {
    TransferPair pair = vector.getTransferPair(field, allocator);
    pair.splitAndTransfer(start, length);
    FieldVector piece = (FieldVector) pair.getTo();
    if (accountedTo(piece, allocator)) {
      return piece;
    }
    try (piece) {
      TransferPair move = piece.getTransferPair(field, allocator);
      move.transfer();
      return (FieldVector) move.getTo();
    }
  }

  /** {@link #slice(FieldVector, Field, int, int, BufferAllocator)} keeping the vector's own field. */
  public static FieldVector slice(FieldVector vector, int start, int length, BufferAllocator allocator) {
    return slice(vector, vector.getField(), start, length, allocator);
  }

  /** Whether every non-empty buffer of {@code vector} and its children is accounted to {@code allocator}. */
  static boolean accountedTo(FieldVector vector, BufferAllocator allocator) {
    for (ArrowBuf buffer : vector.getFieldBuffers()) {
      if (buffer != null && buffer.capacity() > 0 && buffer.getReferenceManager().getAllocator() != allocator) {
        return false;
      }
    }
    for (FieldVector child : vector.getChildrenFromFields()) {
      if (!accountedTo(child, allocator)) {
        return false;
      }
    }
    return true;
  }
}
