package dev.quiver.shuffle.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

class ShuffleBlockFileTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private byte[] threeBlocks(long[] ends) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (ShuffleBlockWriter writer = new ShuffleBlockWriter(TestingTables.allTypesSchema(), CompressionCodec.LZ4,
        ShuffleBlockWriter.Options.defaults())) {
      for (int i = 0; i < 3; i++) {
        try (VectorSchemaRoot batch = TestingTables.allTypes(memory.allocator(), 10 + i, i, 10)) {
          writer.write(batch, out);
          ends[i] = out.size();
        }
      }
    }
    return out.toByteArray();
  }

  @Test
  void readsBlocksBackToBackAndByteRanges() throws IOException {
    long[] ends = new long[3];
    Path file = directory.resolve("map.data");
    Files.write(file, threeBlocks(ends));
    BlockDecoder decoder = new BlockDecoder(memory.allocator());
    int rows = 0;
    try (ShuffleBlockFile blocks = ShuffleBlockFile.open(file, memory.allocator())) {
      while (blocks.hasNext()) {
        try (ShuffleBlockFile.Block block = blocks.next();
            DecodedBatch batch = decoder.decodeValidated(block.bytes(), blocks.blockName(block.index()))) {
          assertThat(batch.rowCount()).isEqualTo(10 + block.index());
          rows += batch.rowCount();
        }
      }
    }
    assertThat(rows).isEqualTo(33);
    try (ShuffleBlockFile partition = ShuffleBlockFile.open(file, memory.allocator(), ends[0], ends[2])) {
      try (ShuffleBlockFile.Block block = partition.next()) {
        assertThat(block.position()).isEqualTo(ends[0]);
      }
      partition.next().close();
      assertThat(partition.hasNext()).isFalse();
    }
  }

  @Test
  void aTruncatedFileNamesTheFileAndTheBlock() throws IOException {
    long[] ends = new long[3];
    byte[] bytes = threeBlocks(ends);
    Path file = directory.resolve("cut.data");
    Files.write(file, Arrays.copyOf(bytes, (int) ends[1] + 10));
    try (ShuffleBlockFile blocks = ShuffleBlockFile.open(file, memory.allocator())) {
      blocks.next().close();
      blocks.next().close();
      assertThatThrownBy(blocks::next)
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining(file.toString())
          .hasMessageContaining("block 2")
          .hasMessageContaining("only 10 bytes left");
    }
  }

  @Test
  void aLyingLengthNeverAllocatesBeyondTheFile() throws IOException {
    long[] ends = new long[3];
    byte[] bytes = threeBlocks(ends);
    bytes[(int) ends[0] + 6] = 0x7F; // block 1 claims about 2^55 bytes
    Path file = directory.resolve("liar.data");
    Files.write(file, bytes);
    try (ShuffleBlockFile blocks = ShuffleBlockFile.open(file, memory.allocator())) {
      blocks.next().close();
      assertThatThrownBy(blocks::next)
          .isInstanceOf(CorruptFileException.class)
          .hasMessageContaining("block 1")
          .hasMessageContaining("is outside 12..");
    }
  }
}
