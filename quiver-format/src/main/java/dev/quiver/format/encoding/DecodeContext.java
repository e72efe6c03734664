package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * The state of one decode: the segment, the allocator, the name for messages, and the temporary
 * buffers to free at the end. Gives nodes their buffers at exactly the length the node needs:
 * slices of the segment when stored plain, decompressed copies when stored with zstd.
 */
final class DecodeContext implements AutoCloseable {
  final ArrowBuf segment;
  final BufferAllocator allocator;
  final String name;
  private final List<ArrowBuf> temporaries = new ArrayList<>();

  DecodeContext(ArrowBuf segment, BufferAllocator allocator, String name) {
    this.segment = segment;
    this.allocator = allocator;
    this.name = name;
  }

  QuiverException corrupt(String problem) {
    return new SegmentCorruptException(name, problem, null);
  }

  QuiverException corrupt(SegmentNode node, String problem) {
    return new SegmentCorruptException(name, node.describe() + ": " + problem, null);
  }

  /** Checks that {@code node} holds {@code rows} values of {@code type}, as its parent needs. */
  void expect(SegmentNode node, PhysicalType type, long rows) {
    if (node.type != type || node.rows != rows) {
      throw corrupt(node, "holds " + node.rows + " " + node.type.label + " values; " + rows + " " + type.label
          + " values expected");
    }
  }

  /** A buffer freed when the decode ends. */
  ArrowBuf allocateTemporary(long bytes) {
    ArrowBuf buffer = Allocators.exactBuffer(allocator, bytes);
    temporaries.add(buffer);
    return buffer;
  }

  /** A buffer the caller owns. */
  ArrowBuf allocateOwned(long bytes) {
    return Allocators.exactBuffer(allocator, bytes);
  }

  /** Buffer {@code index} of {@code node}, valid until the decode ends. */
  ArrowBuf buffer(SegmentNode node, int index, long expected) {
    checkStoredLength(node, index, expected);
    if (node.bufferCompressions[index] == EncodingFormat.COMPRESSION_NONE) {
      return segment.slice(node.bufferOffsets[index], expected);
    }
    checkFrame(node, index, expected);
    ArrowBuf target = allocateTemporary(expected);
    decompress(node, index, expected, target.memoryAddress());
    return target;
  }

  /** Buffer {@code index} of {@code node} as a buffer the caller owns (a retained slice when stored plain). */
  ArrowBuf ownedBuffer(SegmentNode node, int index, long expected) {
    checkStoredLength(node, index, expected);
    if (node.bufferCompressions[index] == EncodingFormat.COMPRESSION_NONE) {
      ArrowBuf slice = segment.slice(node.bufferOffsets[index], expected);
      slice.getReferenceManager().retain();
      return slice;
    }
    checkFrame(node, index, expected);
    ArrowBuf target = allocateOwned(expected);
    try {
      decompress(node, index, expected, target.memoryAddress());
    } catch (RuntimeException failure) {
      target.close();
      throw failure;
    }
    return target;
  }

  /** Copies (or decompresses) buffer {@code index} of {@code node} to {@code destination}, which holds {@code expected} bytes. */
  void copyBuffer(SegmentNode node, int index, long expected, long destination) {
    checkStoredLength(node, index, expected);
    if (node.bufferCompressions[index] == EncodingFormat.COMPRESSION_NONE) {
      if (expected > 0) {
        MemoryUtil.copyMemory(segment.memoryAddress() + node.bufferOffsets[index], destination, expected);
      }
    } else {
      decompress(node, index, expected, destination);
    }
  }

  private void checkStoredLength(SegmentNode node, int index, long expected) {
    if (expected < 0 || expected > EncodingFormat.MAXIMUM_DATA_BYTES) {
      throw corrupt(node, "buffer " + index + " would decode to " + expected + " bytes, more than the limit of "
          + EncodingFormat.MAXIMUM_DATA_BYTES);
    }
    if (node.bufferCompressions[index] == EncodingFormat.COMPRESSION_NONE && node.bufferLengths[index] != expected) {
      throw corrupt(node, "buffer " + index + " holds " + node.bufferLengths[index] + " bytes; " + node.rows
          + " rows need " + expected);
    }
  }

  /** Proves the frame declares exactly {@code expected} bytes before anything is allocated for them. */
  private void checkFrame(SegmentNode node, int index, long expected) {
    ZstdCodec.checkFrame(segment, node.bufferOffsets[index], node.bufferLengths[index], expected, this, node);
  }

  private void decompress(SegmentNode node, int index, long expected, long destination) {
    ZstdCodec.decompress(segment, node.bufferOffsets[index], node.bufferLengths[index], expected, destination, this,
        node);
  }

  /** Frees a temporary before the decode ends. */
  @SuppressWarnings("ReferenceEquality") // this very buffer, not an equal one
  void release(ArrowBuf temporary) {
    for (int i = temporaries.size() - 1; i >= 0; i--) {
      if (temporaries.get(i) == temporary) {
        temporaries.remove(i).close();
        return;
      }
    }
  }

  @Override
  public void close() {
    for (ArrowBuf temporary : temporaries) {
      temporary.close();
    }
    temporaries.clear();
  }
}
