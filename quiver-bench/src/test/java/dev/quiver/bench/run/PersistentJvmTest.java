package dev.quiver.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.bench.MeasureServer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real persistent measurement JVMs ({@link MeasureServer}) on the cheapest workload (a shuffle block
 * decode): one JVM answers every request of its key, a failing request is reported while the JVM
 * goes on, and a child that dies, hangs or ends uncleanly ({@link ScriptedServer}) is reported.
 */
class PersistentJvmTest {
  private static MeasureRequest decode(String shape, boolean verify) {
    return new MeasureRequest("shuffle", shape, "quiver", 1, Map.of(), verify, 1, 0);
  }

  @Test
  void oneJvmMeasuresEveryRequestOfItsKey() throws Exception {
    long peak;
    List<MeasureResult> results;
    try (PersistentJvm jvm = new PersistentJvm(MeasureServer.class.getName(), List.of())) {
      results = List.of(jvm.run(decode("5x64-lz4", true)), jvm.run(decode("3x128-none", false)),
          jvm.run(decode("5x64-lz4", false)));
      assertThat(jvm.started()).isEqualTo(1);
      MeasureResult otherThreads = jvm.run(new MeasureRequest("shuffle", "5x64-lz4", "quiver", 2, Map.of(), false,
          0, 0));
      assertThat(otherThreads.details()).containsEntry(MeasureServer.REQUESTS, 1L);
      assertThat(jvm.started()).as("another thread count is another JVM").isEqualTo(2);
      peak = results.get(2).peakRssBytes();
    }
    assertThat(results).extracting(MeasureResult::answer).containsExactly("rows=64 columns=5", "rows=128 columns=3",
        "rows=64 columns=5");
    assertThat(results.get(0).checksum()).startsWith("column_0=");
    assertThat(results.get(1).checksum()).isNull();
    assertThat(results).extracting(result -> result.details().get(MeasureServer.REQUESTS)).containsExactly(1L, 2L,
        3L);
    assertThat(results).allSatisfy(result -> assertThat(result.nanos()).isPositive());
    // The peak of the measured pass: a warm JVM's resident set, where the peak can be reset.
    if (PeakMemory.reset()) {
      assertThat(peak).isGreaterThan(1 << 20);
    } else {
      assertThat(peak).isEqualTo(-1);
    }
  }

  @Test
  void aFailingSubjectIsReportedAndTheNextOneStillRuns() throws Exception {
    try (PersistentJvm jvm = new PersistentJvm(MeasureServer.class.getName(), List.of())) {
      assertThatThrownBy(() -> jvm.run(decode("5xmany-lz4", false)))
          .hasMessageContaining("quiver on 5xmany-lz4")
          .hasMessageContaining("which goes on")
          .hasMessageContaining("a block shape is COLUMNSxROWS-CODEC");
      MeasureResult next = jvm.run(decode("5x64-lz4", false));
      assertThat(next.answer()).isEqualTo("rows=64 columns=5");
      assertThat(next.details()).containsEntry(MeasureServer.REQUESTS, 2L);
      assertThat(jvm.started()).isEqualTo(1);
    }
  }

  @Test
  void aChildThatDiesIsReportedAndTheNextRequestStartsAnother() throws Exception {
    try (PersistentJvm jvm = new PersistentJvm(ScriptedServer.class.getName(), List.of("-Dscripted.mode=die"))) {
      assertThatThrownBy(() -> jvm.run(decode("5x64-lz4", false)))
          .hasMessageContaining("quiver on 5x64-lz4")
          .hasMessageContaining("exited with 3")
          .hasMessageContaining("starts a new persistent JVM")
          .hasMessageContaining("scripted death");
      assertThatThrownBy(() -> jvm.run(decode("5x64-lz4", false))).hasMessageContaining("exited with 3");
      assertThat(jvm.started()).isEqualTo(2);
    }
  }

  @Test
  void aChildThatDoesNotAnswerInTimeIsEnded() throws Exception {
    try (PersistentJvm jvm = new PersistentJvm(ScriptedServer.class.getName(), List.of("-Dscripted.mode=silent"),
        1500)) {
      long started = System.nanoTime();
      assertThatThrownBy(() -> jvm.run(decode("5x64-lz4", false))).hasMessageContaining("did not finish in 1 s");
      assertThat(System.nanoTime() - started).isLessThan(20_000_000_000L);
    }
  }

  @Test
  void aChildThatEndsUncleanlyIsReportedWhenClosed() throws Exception {
    PersistentJvm jvm = new PersistentJvm(ScriptedServer.class.getName(), List.of("-Dscripted.mode=dirty"));
    assertThat(jvm.run(decode("5x64-lz4", false)).answer()).as("other output lines are skipped").isEqualTo("42");
    assertThatThrownBy(jvm::close).isInstanceOf(IOException.class)
        .hasMessageContaining("did not end cleanly")
        .hasMessageContaining("exited with 1")
        .hasMessageContaining("scripted leak of 64 bytes");
    jvm.close();
  }
}
