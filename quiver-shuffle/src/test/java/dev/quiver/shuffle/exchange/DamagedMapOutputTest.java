package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.testing.ShuffleFiles;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged or truncated index, data and checksum files: each gives a typed error naming the file and
 * the partition (and the block, for data), never an untyped exception, a huge allocation or a hang;
 * and the reader's memory is freed.
 */
class DamagedMapOutputTest {
  static final int PARTITION = 2;

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;
  List<MapOutput> outputs;
  MapOutput damaged;
  long[] index;

  @BeforeEach
  void writeMapOutputs() throws IOException {
    outputs = new java.util.ArrayList<>(
        ShuffleReaderTest.mapOutputs(directory, CompressionCodec.LZ4, true, 3000, memory.allocator()));
    damaged = outputs.get(1);
    index = ShuffleFiles.longs(damaged.indexFile());
  }

  /** Reads {@code partition} of every map output to the end. */
  private void readAll(int partition) throws IOException {
    try (ShuffleReader reader = ShuffleReader.open(outputs, partition, ShuffleReaderOptions.defaults(),
        memory.allocator())) {
      for (DecodedBatch batch = reader.next(); batch != null; batch = reader.next()) {
        batch.close();
      }
    }
  }

  private AbstractThrowableAssert<?, ? extends Throwable> assertCorrupt(int partition, Path file) {
    return assertThatThrownBy(() -> readAll(partition))
        .satisfies(failure -> System.out.println(failure.getClass().getSimpleName() + ": " + failure.getMessage()))
        .isInstanceOf(CorruptFileException.class)
        .hasMessageStartingWith(file.toString() + ": ")
        .hasMessageContaining("partition " + partition);
  }

  @Test
  void anIndexThatIsNotWholeOffsets() throws IOException {
    byte[] bytes = Files.readAllBytes(damaged.indexFile());
    Files.write(damaged.indexFile(), Arrays.copyOf(bytes, bytes.length - 3));
    assertCorrupt(PARTITION, damaged.indexFile()).hasMessageContaining("has 45 bytes");
  }

  @Test
  void anIndexForAnotherPartitionCount() throws IOException {
    ShuffleFiles.writeLongs(damaged.indexFile(), Arrays.copyOf(index, index.length - 1));
    assertCorrupt(PARTITION, damaged.indexFile()).hasMessageContaining("holds offsets for 4 partitions, expected 5");
  }

  @Test
  void anIndexThatDoesNotStartAtZero() throws IOException {
    index[0] = 8;
    ShuffleFiles.writeLongs(damaged.indexFile(), index);
    assertCorrupt(PARTITION, damaged.indexFile()).hasMessageContaining("the first offset is 8, not 0");
  }

  @Test
  void anIndexWhoseRangeRunsBackwards() throws IOException {
    long start = index[PARTITION];
    index[PARTITION] = index[PARTITION + 1];
    index[PARTITION + 1] = start;
    ShuffleFiles.writeLongs(damaged.indexFile(), index);
    assertCorrupt(PARTITION, damaged.indexFile()).hasMessageContaining("are not an increasing range");
  }

  @Test
  void anIndexThatDecreasesAwayFromThePartitionReadFailsForEveryPartition() throws IOException {
    // Partition 1 runs backwards (entry 2 below entry 1); partitions 0, 2, 3 and 4 have plausible ranges of their own.
    index[1] = (index[2] + index[3]) / 2;
    assertThat(index[1]).isGreaterThan(index[2]);
    ShuffleFiles.writeLongs(damaged.indexFile(), index);
    for (int partition : new int[] {0, PARTITION, 4}) {
      assertCorrupt(partition, damaged.indexFile())
          .hasMessageContaining("entry 2 (" + index[2] + ") is below entry 1 (" + index[1] + ")");
    }
    assertThat(memory.allocator().getAllocatedMemory()).isZero();
  }

  @Test
  void anIndexClaimingMorePartitionsThanAShuffleMayHave() throws IOException {
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(damaged.indexFile(),
        java.nio.file.StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.allocate(8), (dev.quiver.shuffle.partition.Partitioning.MAX_PARTITIONS + 1L) * 8);
    }
    outputs.set(1, new MapOutput(damaged.dataFile(), damaged.indexFile(), damaged.checksumFile(), 0));
    assertCorrupt(PARTITION, damaged.indexFile()).hasMessageContaining("claims 16777217 partitions");
  }

  @Test
  void aTruncatedDataFile() throws IOException {
    byte[] bytes = Files.readAllBytes(damaged.dataFile());
    Files.write(damaged.dataFile(), Arrays.copyOf(bytes, bytes.length - 100));
    assertCorrupt(PARTITION, damaged.dataFile()).hasMessageContaining("(truncated)");
  }

  @Test
  void aPartitionThatDoesNotExistIsAUserError() {
    assertThatThrownBy(() -> readAll(7))
        .isInstanceOf(QuiverException.class)
        .satisfies(failure -> assertThat(((QuiverException) failure).errorCode()).isEqualTo(ErrorCode.USER))
        .hasMessageContaining(outputs.get(0).indexFile().toString())
        .hasMessageContaining("no partition 7; the map output has 5 partitions");
  }

  @Test
  void aBlockLengthThatLiesFarBeyondTheFile() throws IOException {
    putLong(damaged.dataFile(), index[PARTITION], 1L << 40);
    assertCorrupt(PARTITION, damaged.dataFile()).hasMessageContaining("block 0 at byte " + index[PARTITION])
        .hasMessageContaining("is outside 12..");
  }

  @Test
  void aBlockLengthThatRunsPastThePartition() throws IOException {
    long lengthField = readLong(damaged.dataFile(), index[PARTITION]);
    putLong(damaged.dataFile(), index[PARTITION], lengthField + (index[PARTITION + 1] - index[PARTITION]));
    assertCorrupt(PARTITION, damaged.dataFile()).hasMessageContaining("block 0")
        .hasMessageContaining("are left in the partition");
  }

  @Test
  void aPartitionEndingInsideABlockHeader() throws IOException {
    int last = index.length - 2;
    byte[] bytes = Files.readAllBytes(damaged.dataFile());
    Files.write(damaged.dataFile(), Arrays.copyOf(bytes, bytes.length + 10));
    index[last + 1] += 10;
    ShuffleFiles.writeLongs(damaged.indexFile(), index);
    Files.delete(damaged.checksumFile());
    outputs.set(1, damaged.withoutChecksum());
    assertCorrupt(last, damaged.dataFile())
        .hasMessageContaining("only 10 bytes left in the partition, fewer than a 20-byte block header");
  }

  @Test
  void aDamagedBlockPayloadNamesTheBlock() throws IOException {
    long blockStart = index[PARTITION];
    byte[] bytes = Files.readAllBytes(damaged.dataFile());
    bytes[(int) blockStart + 20] ^= 0x55;
    Files.write(damaged.dataFile(), bytes);
    Files.delete(damaged.checksumFile());
    outputs.set(1, damaged.withoutChecksum());
    assertCorrupt(PARTITION, damaged.dataFile())
        .hasMessageContaining("partition " + PARTITION + " block 0 at byte " + blockStart)
        .hasMessageContaining("frame magic");
  }

  @Test
  void aChecksumThatDoesNotMatch() throws IOException {
    long[] checksums = ShuffleFiles.longs(damaged.checksumFile());
    checksums[PARTITION] ^= 1;
    ShuffleFiles.writeLongs(damaged.checksumFile(), checksums);
    assertCorrupt(PARTITION, damaged.dataFile()).hasMessageContaining("CRC-32C");
    try (ShuffleReader reader = ShuffleReader.open(outputs, PARTITION,
        ShuffleReaderOptions.defaults().withChecksumVerification(false), memory.allocator())) {
      for (DecodedBatch batch = reader.next(); batch != null; batch = reader.next()) {
        batch.close();
      }
    }
  }

  @Test
  void aChecksumFileOfTheWrongSize() throws IOException {
    Files.write(damaged.checksumFile(), new byte[12]);
    assertCorrupt(PARTITION, damaged.checksumFile()).hasMessageContaining("expected 5 8-byte checksums");
  }

  private static long readLong(Path file, long position) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    return ByteBuffer.wrap(bytes, (int) position, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  private static void putLong(Path file, long position, long value) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).putLong((int) position, value);
    Files.write(file, bytes);
  }
}
