package dev.quiver.scan.decode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.metrics.Counter;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.storage.SegmentSource;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import dev.quiver.scan.plan.SplitPlanner;
import dev.quiver.scan.plan.SplitStrategy;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A split's {@link DecodeRegistry#startAll} that fails on a decode whose bytes a take fetched fails every other
 * decode it claimed too: another split sharing one of them finds it failed instead of waiting forever for it.
 */
class DecodeRegistryFailureTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void aFailedDecodeAfterATakeFailsEveryDecodeTheCallClaimed() throws IOException {
    // one chunk a column, read by both splits of 10,000 rows
    Path path = ScanTables.write(directory.resolve("one-chunk.qvr"), 0, 20_000, 64L << 20, memory.allocator());
    try (QuiverFile file = QuiverFile.open(path);
        BufferAllocator decodes = memory.allocator().newChildAllocator("decodes", 0, Long.MAX_VALUE)) {
      ScanPlan plan = SplitPlanner.plan(List.of(file), List.of("id", "text"), null, SplitStrategy.fixed(10_000), null,
          null);
      assertThat(plan.splits()).hasSize(2);
      Split first = plan.splits().get(0);
      FlatLayout id = plan.pieces(first).get(plan.touchedColumns().indexOf("id")).get(0).data();
      FlatLayout text = plan.pieces(first).get(plan.touchedColumns().indexOf("text")).get(0).data();
      // the text segment's bytes come back as the id segment's: bytes that pass their checksum but lie
      SegmentSource lying = new Lying(file.segments(), text.segment(), id.segment());
      try (DecodeRegistry registry = new DecodeRegistry(plan, List.of(file), List.of(lying), decodes, true,
          new Counter("started"), new Counter("reused"), new Counter("decoded"))) {
        assertThat(registry.plannedReaders(first, text)).isEqualTo(2);
        // a take fetches the text segment's bytes, then turns them down (they read as integers not at positions)
        FieldVector taken = registry.take(first, text, plan.tableSchema().findField("text"), new int[] {3}, 1, decodes,
            true);
        assertThat(taken).isNull();
        SharedDecode idDecode = registry.entry(first, id);
        SharedDecode textDecode = registry.entry(first, text);
        assertThat(textDecode.fetchClaimed()).isTrue();
        assertThatThrownBy(() -> registry.startAll(List.of(textDecode, idDecode)))
            .isInstanceOf(CorruptFileException.class).hasMessageContaining("column text");
        // the other split would wait on the id decode it shares: it is failed, not left open
        assertThat(idDecode.vector.isDone()).as("the id decode the failed call claimed is done").isTrue();
        assertThat(idDecode.vector.isCompletedExceptionally()).isTrue();
        assertThat(textDecode.vector.isCompletedExceptionally()).isTrue();
        for (Split split : plan.splits()) {
          registry.release(split);
        }
      }
    }
  }

  /** A source that reads segment {@code instead} whenever segment {@code asked} is asked for. */
  private record Lying(SegmentSource source, int asked, int instead) implements SegmentSource {
    @Override
    public List<ArrowBuf> read(List<Integer> segments, BufferAllocator allocator) throws IOException {
      List<Integer> swapped = new ArrayList<>();
      for (int segment : segments) {
        swapped.add(segment == asked ? instead : segment);
      }
      return source.read(swapped, allocator);
    }

    @Override
    public long segmentsRequested() {
      return source.segmentsRequested();
    }

    @Override
    public long reads() {
      return source.reads();
    }

    @Override
    public long bytesRead() {
      return source.bytesRead();
    }

    @Override
    public void close() throws IOException {
      source.close();
    }
  }
}
