package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import java.util.List;
import org.apache.arrow.flatbuf.Buffer;
import org.apache.arrow.flatbuf.FieldNode;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * Checks one record-batch message against a {@link BatchPlan} and loads it into vectors in place:
 * each vector takes a reference-counted slice of the body, nothing is copied. Only decoded offsets
 * (under the offsets-as-lengths flag) get buffers of their own.
 *
 * <p>Checks that cost O(buffers) always run: counts, lengths, null counts, every buffer inside the
 * body, every buffer large enough for its rows, first and last offsets inside their data or child.
 * With {@code deep} the O(bytes) checks run too: every offset non-decreasing, UTF-8 of strings
 * (and no string starting inside a character), null counts matching the validity bits.
 */
public final class RecordBatchLoader {
  private RecordBatchLoader() {}

  /**
   * Loads {@code batch} (whose body is {@code body}) into {@code vectors}, one per top-level field of
   * the plan, children found through the vectors.
   *
   * @return the batch's row count
   * @throws QuiverException CORRUPT naming {@code name} and the column when the batch lies
   */
  public static int load(
      BatchPlan plan, List<FieldVector> vectors, RecordBatch batch, ArrowBuf body,
      boolean offsetsAsLengths, boolean deep, BufferAllocator allocator, String name) {
    int nodeCount = plan.nodeCount();
    int bufferCount = plan.bufferCount();
    if (batch.nodesLength() != nodeCount || batch.buffersLength() != bufferCount) {
      throw QuiverException.corrupt(
          name + ": record batch has " + batch.nodesLength() + " field nodes and " + batch.buffersLength()
              + " buffers; its schema needs " + nodeCount + " and " + bufferCount);
    }
    if (batch.compression() != null) {
      throw QuiverException.corrupt(
          name + ": record batch uses per-buffer body compression, which shuffle blocks never use");
    }
    long rows = batch.length();
    if (rows < 0 || rows > Integer.MAX_VALUE) {
      throw QuiverException.corrupt(name + ": record batch length " + rows + " is impossible");
    }
    long[] lengths = new long[nodeCount];
    long[] nullCounts = new long[nodeCount];
    FieldNode fieldNode = new FieldNode();
    for (int i = 0; i < nodeCount; i++) {
      batch.nodes(fieldNode, i);
      long length = fieldNode.length();
      long nulls = fieldNode.nullCount();
      if (length < 0 || length > Integer.MAX_VALUE || nulls < 0 || nulls > length) {
        throw QuiverException.corrupt(
            name + ": column " + plan.name(i) + " has length " + length + " and null count " + nulls);
      }
      lengths[i] = length;
      nullCounts[i] = nulls;
    }
    long bodyLength = body.capacity();
    ArrowBuf[] buffers = new ArrowBuf[bufferCount];
    boolean[] owned = new boolean[bufferCount];
    Buffer bufferEntry = new Buffer();
    for (int j = 0; j < bufferCount; j++) {
      batch.buffers(bufferEntry, j);
      long offset = bufferEntry.offset();
      long length = bufferEntry.length();
      if (offset < 0 || length < 0 || offset > bodyLength || length > bodyLength - offset) {
        throw QuiverException.corrupt(
            name + ": buffer " + j + " (offset " + offset + ", length " + length + ") lies outside the body of "
                + bodyLength + " bytes");
      }
      buffers[j] = body.slice(offset, length);
    }
    try {
      if (offsetsAsLengths) {
        for (int i = 0; i < nodeCount; i++) {
          int width = plan.offsetWidth(i);
          if (width > 0) {
            int index = plan.firstBuffer(i) + 1;
            buffers[index] = OffsetsAsLengths.decode(buffers[index], width, allocator,
                name + ": column " + plan.name(i));
            owned[index] = true;
          }
        }
      }
      checkTopLevel(plan, lengths, rows, name);
      for (int i = 0; i < nodeCount; i++) {
        checkNode(plan, i, lengths, nullCounts, buffers, deep, name);
      }
      int[] cursor = {0};
      for (FieldVector vector : vectors) {
        loadVector(plan, vector, cursor, lengths, nullCounts, buffers);
      }
      return (int) rows;
    } finally {
      for (int j = 0; j < bufferCount; j++) {
        if (owned[j]) {
          buffers[j].close();
        }
      }
    }
  }

  private static void checkTopLevel(BatchPlan plan, long[] lengths, long rows, String name) {
    int node = 0;
    for (int field = 0; field < plan.fieldCount(); field++) {
      if (lengths[node] != rows) {
        throw QuiverException.corrupt(
            name + ": column " + plan.name(node) + " has " + lengths[node] + " rows but the batch has " + rows);
      }
      node = endOfSubtree(plan, node);
    }
  }

  private static int endOfSubtree(BatchPlan plan, int node) {
    int next = node + 1;
    for (int child = 0; child < plan.childCount(node); child++) {
      next = endOfSubtree(plan, next);
    }
    return next;
  }

  private static void checkNode(
      BatchPlan plan, int node, long[] lengths, long[] nullCounts, ArrowBuf[] buffers, boolean deep, String name) {
    BatchPlan.Kind kind = plan.kind(node);
    if (kind == BatchPlan.Kind.NULL) {
      return;
    }
    long length = lengths[node];
    int first = plan.firstBuffer(node);
    ArrowBuf validity = buffers[first];
    long validityBytes = (length + 7) / 8;
    if (nullCounts[node] > 0) {
      if (validity.capacity() < validityBytes) {
        throw corrupt(name, plan, node,
            "validity buffer has " + validity.capacity() + " bytes, " + length + " rows need " + validityBytes);
      }
      if (deep) {
        long nulls = length - countSetBits(validity, length);
        if (nulls != nullCounts[node]) {
          throw corrupt(name, plan, node,
              "null count says " + nullCounts[node] + " but the validity buffer marks " + nulls);
        }
      }
    }
    switch (kind) {
      case FIXED: {
        long needed = length * plan.width(node);
        if (buffers[first + 1].capacity() < needed) {
          throw corrupt(name, plan, node,
              "values buffer has " + buffers[first + 1].capacity() + " bytes, " + length + " rows need " + needed);
        }
        break;
      }
      case BIT:
        if (buffers[first + 1].capacity() < validityBytes) {
          throw corrupt(name, plan, node, "values buffer has " + buffers[first + 1].capacity() + " bytes, " + length
              + " rows need " + validityBytes);
        }
        break;
      case VARIABLE: {
        ArrowBuf data = buffers[first + 2];
        long[] range = checkOffsets(plan, node, length, buffers[first + 1], data.capacity(), "its data buffer", deep,
            name);
        if (deep && plan.utf8(node) && range != null) {
          checkUtf8(plan, node, length, buffers[first + 1], data, range, name);
        }
        break;
      }
      case LIST: {
        int child = plan.firstChild(node);
        checkOffsets(plan, node, length, buffers[first + 1], lengths[child], "its child", deep, name);
        break;
      }
      case FIXED_LIST: {
        int child = plan.firstChild(node);
        long needed = length * plan.width(node);
        if (lengths[child] < needed) {
          throw corrupt(name, plan, node, "child has " + lengths[child] + " values, " + length + " lists of "
              + plan.width(node) + " need " + needed);
        }
        break;
      }
      case STRUCT: {
        int child = plan.firstChild(node);
        for (int c = 0; c < plan.childCount(node); c++) {
          if (lengths[child] < length) {
            throw corrupt(name, plan, node,
                "child " + plan.name(child) + " has " + lengths[child] + " rows, fewer than the struct's " + length);
          }
          child = endOfSubtree(plan, child);
        }
        break;
      }
      default:
        break;
    }
  }

  /** Checks an offsets buffer; returns {first, last} offsets, or null for an empty array. */
  private static long[] checkOffsets(
      BatchPlan plan, int node, long length, ArrowBuf offsets, long limit, String limitName, boolean deep,
      String name) {
    if (length == 0) {
      return null;
    }
    int width = plan.offsetWidth(node);
    long needed = (length + 1) * width;
    if (offsets.capacity() < needed) {
      throw corrupt(name, plan, node,
          "offsets buffer has " + offsets.capacity() + " bytes, " + length + " rows need " + needed);
    }
    long first = offsetAt(offsets, width, 0);
    long last = offsetAt(offsets, width, length);
    if (first < 0 || first > last || last > limit) {
      throw corrupt(name, plan, node,
          "offsets run from " + first + " to " + last + ", outside " + limitName + " of " + limit);
    }
    if (deep) {
      long address = offsets.memoryAddress();
      long previous = first;
      for (long i = 1; i <= length; i++) {
        long current = width == 4 ? MemoryUtil.getInt(address + 4 * i) : MemoryUtil.getLong(address + 8 * i);
        if (current < previous) {
          throw corrupt(name, plan, node,
              "offset " + i + " (" + current + ") is less than offset " + (i - 1) + " (" + previous + ")");
        }
        previous = current;
      }
    }
    return new long[] {first, last};
  }

  private static void checkUtf8(
      BatchPlan plan, int node, long length, ArrowBuf offsets, ArrowBuf data, long[] range, String name) {
    long invalid = Utf8Check.firstInvalid(data, range[0], range[1]);
    if (invalid >= 0) {
      throw corrupt(name, plan, node, "invalid UTF-8 at data byte " + invalid);
    }
    int width = plan.offsetWidth(node);
    long offsetsAddress = offsets.memoryAddress();
    long dataAddress = data.memoryAddress();
    for (long i = 0; i < length; i++) {
      // offsets were proven non-decreasing and inside the data before this runs
      long start = width == 4 ? MemoryUtil.getInt(offsetsAddress + 4 * i) : MemoryUtil.getLong(offsetsAddress + 8 * i);
      if (start < range[1] && Utf8Check.isContinuation(MemoryUtil.getByte(dataAddress + start))) {
        throw corrupt(name, plan, node, "value " + i + " starts inside a UTF-8 character");
      }
    }
  }

  private static long offsetAt(ArrowBuf offsets, int width, long index) {
    return width == 4 ? offsets.getInt(index * 4) : offsets.getLong(index * 8);
  }

  /** Set bits among the first {@code bits}; the buffer must hold them (checked by the caller). */
  private static long countSetBits(ArrowBuf validity, long bits) {
    long count = 0;
    long fullWords = bits / 64;
    long address = validity.memoryAddress();
    for (long w = 0; w < fullWords; w++) {
      count += Long.bitCount(MemoryUtil.getLong(address + w * 8));
    }
    for (long bit = fullWords * 64; bit < bits; bit++) {
      if ((validity.getByte(bit >>> 3) & (1 << (bit & 7))) != 0) {
        count++;
      }
    }
    return count;
  }

  private static void loadVector(
      BatchPlan plan, FieldVector vector, int[] cursor, long[] lengths, long[] nullCounts, ArrowBuf[] buffers) {
    int node = cursor[0]++;
    int first = plan.firstBuffer(node);
    int count = BatchPlan.bufferCountOf(plan.kind(node));
    ArrowBuf[] own = new ArrowBuf[count];
    System.arraycopy(buffers, first, own, 0, count);
    vector.loadFieldBuffers(loadingNode(plan.kind(node), lengths[node], nullCounts[node], own), List.of(own));
    if (plan.childCount(node) > 0) {
      List<FieldVector> children = vector.getChildrenFromFields();
      for (FieldVector child : children) {
        loadVector(plan, child, cursor, lengths, nullCounts, buffers);
      }
    }
  }

  /**
   * The field node to hand Arrow. Arrow Java ignores the validity buffer of a node with no nulls and
   * allocates a fresh all-ones buffer instead: one allocation per column per batch, the largest
   * fixed cost of a small block. When the block's own validity buffer already has every bit set,
   * handing Arrow a node with a non-zero null count makes it keep that buffer (a slice, no copy);
   * the vector is bit for bit the same, since Arrow Java derives null counts from the bits. Any other
   * case keeps Arrow's behaviour, so a null count of 0 still wins over stray zero bits.
   */
  private static ArrowFieldNode loadingNode(BatchPlan.Kind kind, long length, long nullCount, ArrowBuf[] own) {
    if (nullCount == 0 && length >= 2 && kind != BatchPlan.Kind.NULL && allBitsSet(own[0], length)) {
      return new ArrowFieldNode(length, 1);
    }
    return new ArrowFieldNode(length, nullCount);
  }

  private static boolean allBitsSet(ArrowBuf validity, long bits) {
    if (validity.capacity() < (bits + 7) / 8) {
      return false;
    }
    long fullWords = bits / 64;
    long address = validity.memoryAddress();
    for (long w = 0; w < fullWords; w++) {
      if (MemoryUtil.getLong(address + w * 8) != -1L) {
        return false;
      }
    }
    for (long bit = fullWords * 64; bit < bits; bit++) {
      if ((validity.getByte(bit >>> 3) & (1 << (bit & 7))) == 0) {
        return false;
      }
    }
    return true;
  }

  private static QuiverException corrupt(String name, BatchPlan plan, int node, String problem) {
    return QuiverException.corrupt(name + ": column " + plan.name(node) + ": " + problem);
  }
}
