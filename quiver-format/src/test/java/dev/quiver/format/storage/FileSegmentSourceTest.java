package dev.quiver.format.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.ArrowBuf;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Positional reads: coalescing, the checksum, bytes equal to the file's. */
class FileSegmentSourceTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static byte[] bytesOf(ArrowBuf buffer) {
    byte[] bytes = new byte[(int) buffer.capacity()];
    buffer.getBytes(0, bytes);
    return bytes;
  }

  @Test
  void nearbySegmentsAreReadTogetherAndFarOnesApart() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 20_000, 4 * 1024, memory.allocator());
    byte[] whole = Files.readAllBytes(file);
    List<SegmentLocation> locations;
    try (QuiverFile opened = QuiverFile.open(file)) {
      locations = opened.footer().segments();
    }
    List<Integer> wanted = List.of(0, 1, 2, locations.size() - 1);
    for (CoalescingPolicy policy : List.of(CoalescingPolicy.DEFAULT, CoalescingPolicy.NONE,
        new CoalescingPolicy(1 << 20, 1 << 30))) {
      try (FileSegmentSource source = FileSegmentSource.open(file, locations, policy)) {
        List<ArrowBuf> buffers = source.read(wanted, memory.allocator());
        try {
          for (int i = 0; i < wanted.size(); i++) {
            SegmentLocation location = locations.get(wanted.get(i));
            byte[] expected = java.util.Arrays.copyOfRange(whole, (int) location.offset(),
                (int) (location.offset() + location.length()));
            assertThat(bytesOf(buffers.get(i))).isEqualTo(expected);
          }
        } finally {
          buffers.forEach(ArrowBuf::close);
        }
        assertThat(source.segmentsRequested()).isEqualTo(4);
        if (policy == CoalescingPolicy.NONE) {
          assertThat(source.reads()).isEqualTo(4);
        } else if (policy == CoalescingPolicy.DEFAULT) {
          assertThat(source.reads()).as("three adjacent segments, one far away").isEqualTo(2);
        } else {
          assertThat(source.reads()).isEqualTo(1);
          assertThat(source.bytesRead())
              .isGreaterThan(locations.get(locations.size() - 1).offset() - locations.get(0).offset());
        }
      }
    }
  }

  @Test
  void concurrentReadersOfOneSegmentGetTheSameBytes() throws Exception {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 20_000, 4 * 1024, memory.allocator());
    List<SegmentLocation> locations;
    try (QuiverFile opened = QuiverFile.open(file)) {
      locations = opened.footer().segments();
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try (FileSegmentSource source = FileSegmentSource.open(file, locations, CoalescingPolicy.DEFAULT)) {
      for (int round = 0; round < 50; round++) {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<byte[]>> results = new ArrayList<>();
        for (int reader = 0; reader < 4; reader++) {
          results.add(pool.submit(() -> {
            start.await();
            List<ArrowBuf> buffers = source.read(List.of(3), memory.allocator());
            try {
              return bytesOf(buffers.get(0));
            } finally {
              buffers.forEach(ArrowBuf::close);
            }
          }));
        }
        start.countDown();
        byte[] first = results.get(0).get();
        for (Future<byte[]> result : results) {
          assertThat(result.get()).isEqualTo(first);
        }
      }
      assertThat(source.segmentsRequested()).isEqualTo(200);
      assertThat(source.reads()).as("identical requests in flight share a read").isBetween(50L, 200L);
    } finally {
      pool.shutdown();
    }
  }

  @Test
  void aDamagedSegmentIsNamed() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 5_000, 4 * 1024, memory.allocator());
    List<SegmentLocation> locations;
    try (QuiverFile opened = QuiverFile.open(file)) {
      locations = opened.footer().segments();
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) locations.get(2).offset()] ^= 1;
    Files.write(file, bytes);
    try (FileSegmentSource source = FileSegmentSource.open(file, locations, CoalescingPolicy.DEFAULT)) {
      assertThatThrownBy(() -> source.read(List.of(1, 2, 3), memory.allocator()))
          .isInstanceOf(CorruptFileException.class).hasMessageContaining(file + ": segment 2: checksum does not match")
          .satisfies(failure -> assertThat(((CorruptFileException) failure).segment()).isEqualTo(2));
    }
    Files.write(file, java.util.Arrays.copyOf(bytes, (int) locations.get(2).offset() + 3));
    try (FileSegmentSource source = FileSegmentSource.open(file, locations, CoalescingPolicy.NONE)) {
      assertThatThrownBy(() -> source.read(List.of(2), memory.allocator()))
          .isInstanceOf(CorruptFileException.class).hasMessageContaining("the file ends at byte");
    }
  }
}
