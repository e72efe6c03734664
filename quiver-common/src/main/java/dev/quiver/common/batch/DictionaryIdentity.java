package dev.quiver.common.batch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferLedger;
import org.apache.arrow.memory.ReferenceManager;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Which dictionary a batch brings, by the memory it lies in, so what was computed per dictionary value can be kept
 * across batches: every buffer's allocation (Arrow's allocation manager: one per allocation, never reused, whichever
 * allocator accounts for a slice of it), address and length, and the value count; the offsets of a variable-width
 * vector by content (a slice rebases them into a new buffer). Batches of one scan bring slices of one decoded
 * dictionary (new vectors over the same memory), and a decoded dictionary is never changed while batches hold it.
 */
public final class DictionaryIdentity {
  private final List<Object> allocations;
  private final long[] addresses;
  private final long[] lengths;
  private final int size;
  private final byte[] offsets;

  private DictionaryIdentity(List<Object> allocations, long[] addresses, long[] lengths, int size, byte[] offsets) {
    this.allocations = allocations;
    this.addresses = addresses;
    this.lengths = lengths;
    this.size = size;
    this.offsets = offsets;
  }

  /** The identity of {@code values}, or null for a vector with children (not tracked). */
  @SuppressWarnings("ReferenceEquality") // the offsets buffer is found among the field buffers by identity, as meant
  public static DictionaryIdentity of(FieldVector values) {
    if (!values.getChildrenFromFields().isEmpty()) {
      return null;
    }
    ArrowBuf offsetBuffer = values instanceof BaseVariableWidthVector variable ? variable.getOffsetBuffer()
        : values instanceof BaseLargeVariableWidthVector large ? large.getOffsetBuffer() : null;
    List<ArrowBuf> buffers = values.getFieldBuffers();
    List<Object> allocations = new ArrayList<>(buffers.size());
    long[] addresses = new long[buffers.size()];
    long[] lengths = new long[buffers.size()];
    byte[] offsets = null;
    for (int i = 0; i < buffers.size(); i++) {
      ArrowBuf buffer = buffers.get(i);
      if (buffer == offsetBuffer) {
        long width = values instanceof BaseVariableWidthVector ? Integer.BYTES : Long.BYTES;
        offsets = new byte[(int) (width * (values.getValueCount() + 1L))];
        buffer.getBytes(0, offsets);
        allocations.add(null);
        continue;
      }
      allocations.add(allocation(buffer.getReferenceManager()));
      addresses[i] = buffer.memoryAddress();
      lengths[i] = buffer.capacity();
    }
    return new DictionaryIdentity(allocations, addresses, lengths, values.getValueCount(), offsets);
  }

  /** The dictionary's value count. */
  public int size() {
    return size;
  }

  /** Whether both name the same dictionary (false for null). */
  public boolean sameAs(DictionaryIdentity other) {
    if (other == null || size != other.size || allocations.size() != other.allocations.size()
        || !Arrays.equals(addresses, other.addresses) || !Arrays.equals(lengths, other.lengths)
        || !Arrays.equals(offsets, other.offsets)) {
      return false;
    }
    for (int i = 0; i < allocations.size(); i++) {
      if (allocations.get(i) != other.allocations.get(i)) {
        return false;
      }
    }
    return true;
  }

  private static Object allocation(ReferenceManager manager) {
    return manager instanceof BufferLedger ledger ? ledger.getAllocationManager() : manager;
  }
}
