package dev.quiver.shuffle.testing;

import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.file.ShuffleBlockFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Reading map output files the plain way in tests: index longs, each partition's blocks. */
public final class ShuffleFiles {
  private ShuffleFiles() {}

  /** The big-endian longs of an index or checksum file. */
  public static long[] longs(Path file) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
    long[] values = new long[bytes.remaining() / 8];
    for (int i = 0; i < values.length; i++) {
      values[i] = bytes.getLong();
    }
    return values;
  }

  /** Writes {@code values} as big-endian longs. */
  public static void writeLongs(Path file, long[] values) throws IOException {
    ByteBuffer bytes = ByteBuffer.allocate(values.length * 8);
    for (long value : values) {
      bytes.putLong(value);
    }
    Files.write(file, bytes.array());
  }

  /** The row counts of the blocks in {@code [start, end)} of a data file, each block decoded with every check. */
  public static List<Integer> blockRows(Path data, long start, long end, BufferAllocator allocator) throws IOException {
    List<Integer> rows = new ArrayList<>();
    forEachBatch(data, start, end, allocator, batch -> rows.add(batch.getRowCount()));
    return rows;
  }

  /** Decodes every block in {@code [start, end)} of a data file (validated) and hands each batch to {@code action}. */
  public static void forEachBatch(Path data, long start, long end, BufferAllocator allocator,
      Consumer<VectorSchemaRoot> action) throws IOException {
    BlockDecoder decoder = new BlockDecoder(allocator);
    try (ShuffleBlockFile blocks = ShuffleBlockFile.open(data, allocator, start, end)) {
      while (blocks.hasNext()) {
        try (ShuffleBlockFile.Block block = blocks.next();
            DecodedBatch batch = decoder.decodeValidated(block.bytes(), blocks.blockName(block.index()))) {
          action.accept(batch.root());
        }
      }
    }
  }

  /** The names of the files in {@code directory}, hidden ones included, sorted. */
  public static List<String> fileNames(Path directory) throws IOException {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(path -> path.getFileName().toString()).sorted().toList();
    }
  }
}
