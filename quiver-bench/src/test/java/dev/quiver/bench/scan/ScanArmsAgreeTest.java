package dev.quiver.bench.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.workloads.ScanWorkloads;
import dev.quiver.common.memory.Allocators;
import dev.quiver.testing.TestingAllocator;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The smoke run of the scan suite on tiny data, in this JVM: the data sets are generated, every
 * peer's copy written, and every query run by every system at one and two threads; each answer
 * (and each decode-all's column checksums) must equal Quiver's, and Quiver's must be right on its own
 * terms (row counts, a nonzero Q6, ten phrases, a match count).
 */
class ScanArmsAgreeTest {
  @TempDir
  static Path data;
  static final ScanSuite.Sizes SIZES = new ScanSuite.Sizes(0.002, 3_000, 400);
  static final Map<DataSet, DataFiles> FILES = new EnumMap<>(DataSet.class);

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @BeforeAll
  static void prepare() throws Exception {
    StringWriter log = new StringWriter();
    try (BufferAllocator allocator = Allocators.newRoot()) {
      for (DataSet dataSet : DataSet.values()) {
        FILES.put(dataSet, ScanSuite.prepare(data, dataSet, SIZES, EnumSet.allOf(ScanSystem.class), allocator,
            new PrintWriter(log, true)));
      }
      Allocators.closeChecked(allocator);
    }
  }

  @ParameterizedTest
  @EnumSource(ScanQuery.class)
  void everySystemGivesQuiversAnswer(ScanQuery query) throws Exception {
    DataFiles files = FILES.get(query.dataSet());
    assertThat(Files.exists(files.vortex()) && Files.exists(files.duckdb()) && Files.exists(files.parquet())).isTrue();
    Outcome reference;
    try (ScanArm quiver = ScanWorkloads.arm(ScanSystem.QUIVER, files, 1)) {
      reference = quiver.run(query, memory.allocator(), true);
    }
    checkPlausible(query, reference);
    for (ScanSystem system : ScanSystem.values()) {
      for (int threads = 1; threads <= 2; threads++) {
        try (ScanArm arm = ScanWorkloads.arm(system, files, threads)) {
          Outcome outcome = arm.run(query, memory.allocator(), true);
          assertThat(outcome.answer()).as("%s at %d threads on %s", system, threads, query)
              .isEqualTo(reference.answer());
          assertThat(outcome.checksum()).as("%s checksums at %d threads", system, threads)
              .isEqualTo(reference.checksum());
        }
      }
    }
  }

  private static void checkPlausible(ScanQuery query, Outcome outcome) {
    switch (query) {
      case LINEITEM_DECODE_ALL:
        assertThat(outcome.answer()).startsWith("rows=").endsWith(" columns=16");
        assertThat(outcome.checksum()).contains("l_orderkey=").contains("l_comment=");
        break;
      case HITS_DECODE_ALL:
        assertThat(outcome.answer()).isEqualTo("rows=3000 columns=105");
        break;
      case TPCH_Q6:
        assertThat(new java.math.BigDecimal(outcome.answer())).isPositive();
        break;
      case HITS_Q12:
        assertThat(outcome.answer().split("; ")).hasSize(10);
        break;
      default:
        assertThat(outcome.answer()).matches("count=[1-9][0-9]* sum=[1-9][0-9]*");
    }
  }
}
