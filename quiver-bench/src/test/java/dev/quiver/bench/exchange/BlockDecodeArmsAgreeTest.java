package dev.quiver.bench.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.shuffle.sample.CometBenchmarkTable;
import dev.quiver.testing.TestingAllocator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Quiver's decoder, Comet's native decoder and Arrow Java's reader decode every block shape and codec
 * to the same values (column checksums), and the workload reports them. Comet needs its jar (the build
 * copies it; surefire passes its path) and Linux x86-64.
 */
class BlockDecodeArmsAgreeTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @ParameterizedTest
  @CsvSource({"5x64-none", "5x512-lz4", "50x64-zstd", "50x512-snappy", "5x8192-zstd", "50x512-lz4"})
  void everyDecoderGivesTheSameValues(String text) throws Exception {
    BlockShape shape = BlockShape.parse(text);
    List<String> names = CometBenchmarkTable.schema(shape.columns()).getFields().stream().map(Field::getName).toList();
    BufferAllocator kept = memory.allocator().newChildAllocator("kept", 0, Long.MAX_VALUE);
    BufferAllocator passes = memory.allocator().newChildAllocator("passes", 0, Long.MAX_VALUE);
    try {
      byte[] block = BlockDecodeWorkloads.encode(shape, kept);
      String reference = null;
      for (String system : BlockDecodeWorkloads.SYSTEMS) {
        if (system.equals(BlockDecodeWorkloads.COMET) && !CometLibrary.available()) {
          continue;
        }
        try (BlockDecodeArm arm = BlockDecodeWorkloads.arm(system, shape, block, kept)) {
          for (int pass = 0; pass < 3; pass++) {
            ColumnDigest digest = new ColumnDigest(names);
            assertThat(arm.decode(passes, digest)).isEqualTo(shape.rows());
            assertThat(passes.getAllocatedMemory()).as("%s leaves nothing allocated", system).isZero();
            if (reference == null) {
              reference = digest.text();
            }
            assertThat(digest.text()).as("%s on %s, pass %d", system, shape, pass).isEqualTo(reference);
          }
        }
      }
    } finally {
      passes.close();
      kept.close();
    }
  }

  @Test
  void cometIsThereWhereTheBuildPutIt() throws Exception {
    assumeTrue(System.getProperty("os.name").startsWith("Linux") && System.getProperty("os.arch").equals("amd64"),
        "Comet ships libcomet.so for Linux only");
    assertThat(CometLibrary.available()).as("the Comet jar at -D%s", CometLibrary.JAR_PROPERTY).isTrue();
    CometLibrary.load();
  }

  @Test
  void shapesParseAndNameThemselves() {
    assertThat(BlockShape.parse("50x8192-LZ4")).isEqualTo(new BlockShape(50, 8192, "lz4"));
    assertThat(BlockShape.parse("5x64-zstd").toString()).isEqualTo("5x64-zstd");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> BlockShape.parse("50-8192"))
        .hasMessageContaining("COLUMNSxROWS-CODEC");
  }
}
