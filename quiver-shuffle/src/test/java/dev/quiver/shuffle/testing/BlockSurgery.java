package dev.quiver.shuffle.testing;

import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.block.BlockHeader;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.codec.GrowableBytes;
import dev.quiver.shuffle.codec.PayloadCodecs;
import dev.quiver.shuffle.codec.ZstdFrame;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/** Takes blocks apart and puts them back together, so tests can craft precise damage. */
public final class BlockSurgery {
  private BlockSurgery() {}

  /** The uncompressed IPC stream inside a block. */
  public static byte[] ipcStream(byte[] block, BufferAllocator allocator) {
    try (ArrowBuf buffer = allocator.buffer(block.length)) {
      buffer.setBytes(0, block);
      BlockHeader header = BlockHeader.read(buffer, 0, block.length, "block");
      try (ArrowBuf payload = PayloadCodecs.decompress(
          header.codec(), buffer, BlockFormat.HEADER_BYTES, header.payloadBytes(), allocator, "block")) {
        byte[] stream = new byte[(int) payload.capacity()];
        payload.getBytes(0, stream);
        return stream;
      }
    }
  }

  /** A block holding {@code stream} compressed with {@code codec}. */
  public static byte[] block(CompressionCodec codec, byte[] stream, long fieldCount, boolean offsetsAsLengths) {
    GrowableBytes out = new GrowableBytes(stream.length + 64);
    out.ensureRoom(BlockFormat.HEADER_BYTES);
    out.setSize(BlockFormat.HEADER_BYTES);
    try (var zstd = ZstdFrame.newCompressContext(1)) {
      PayloadCodecs.compress(codec, zstd, stream, 0, stream.length, out);
    }
    out.putLongLittleEndian(0, out.size() - 8L);
    out.putLongLittleEndian(8, fieldCount);
    out.putIntLittleEndian(16, codec.tag() | (offsetsAsLengths ? 0x80 : 0));
    return Arrays.copyOf(out.array(), out.size());
  }

  /** The positions of the messages of an IPC stream: {start, metadataLength, bodyLength} each. */
  public static long[][] messages(byte[] stream) {
    ByteBuffer buffer = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN);
    java.util.List<long[]> found = new java.util.ArrayList<>();
    int position = 0;
    while (position + 8 <= stream.length) {
      int metadataLength = buffer.getInt(position + 4);
      if (metadataLength == 0) {
        found.add(new long[] {position, 0, 0});
        position += 8;
        continue;
      }
      ByteBuffer metadata = buffer.duplicate().position(position + 8).limit(position + 8 + metadataLength).slice()
          .order(ByteOrder.LITTLE_ENDIAN);
      long body = org.apache.arrow.flatbuf.Message.getRootAsMessage(metadata).bodyLength();
      found.add(new long[] {position, metadataLength, body});
      position += 8 + metadataLength + (int) body;
    }
    return found.toArray(new long[0][]);
  }

  public static byte[] concat(byte[]... parts) {
    int total = 0;
    for (byte[] part : parts) {
      total += part.length;
    }
    byte[] joined = new byte[total];
    int at = 0;
    for (byte[] part : parts) {
      System.arraycopy(part, 0, joined, at, part.length);
      at += part.length;
    }
    return joined;
  }

  public static void putLong(byte[] array, int position, long value) {
    ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN).putLong(position, value);
  }

  public static void putInt(byte[] array, int position, int value) {
    ByteBuffer.wrap(array).order(ByteOrder.LITTLE_ENDIAN).putInt(position, value);
  }

  /** The index of the first occurrence of {@code pattern} in {@code array} at or after {@code from}. */
  public static int indexOf(byte[] array, byte[] pattern, int from) {
    outer:
    for (int i = from; i + pattern.length <= array.length; i++) {
      for (int j = 0; j < pattern.length; j++) {
        if (array[i + j] != pattern[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
