package dev.quiver.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.MeasureMain;
import dev.quiver.bench.MeasureServer;
import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.bench.tpch.TpchData;
import dev.quiver.bench.tpch.TpchDataPreparer;
import dev.quiver.bench.tpch.TpchSuite;
import dev.quiver.common.memory.Allocators;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hot TPC-H run end to end at scale 0.01 in real JVMs: each arm's verifying warm-up in a JVM of its
 * own ({@link ChildJvm}), then Quiver and DuckDB each in one persistent JVM ({@link PersistentJvm},
 * {@link MeasureServer}) that runs both queries on one SQL arm, every answer checked against DuckDB's.
 */
class HotTpchTest {
  static final double SCALE = 0.01;

  @TempDir
  Path directory;

  @Test
  void eachSystemRunsEveryQueryOnOneArmInOnePersistentJvm() throws Exception {
    TpchData data;
    try (BufferAllocator allocator = Allocators.newRoot()) {
      data = TpchDataPreparer.prepare(TpchSuite.directory(directory, SCALE), SCALE, false, true, allocator,
          new PrintWriter(new StringWriter(), true));
    }
    StringWriter log = new StringWriter();
    ChildJvm own = new ChildJvm(MeasureMain.class.getName(), List.of(ChildJvm.CALCITE_CHARSET));
    List<ResultRecord> records;
    int started;
    try (PersistentJvm persistent = new PersistentJvm(MeasureServer.class.getName(),
        List.of(ChildJvm.CALCITE_CHARSET))) {
      SuiteRunner runner = TpchSuite.runner(own, new RunEnvironment("machine", "jvm", "abc"), 2, 1,
          new PrintWriter(log, true)).persistent(persistent);
      records = runner.run(TpchSuite.arms(List.of(1, 6), EnumSet.of(SqlSystem.DUCKDB, SqlSystem.QUIVER), List.of(1),
          data, SCALE, 1L << 30));
      assertThat(runner.failures()).isEmpty();
      started = persistent.started();
    }
    assertThat(started).as("one persistent JVM per system").isEqualTo(2);
    // per arm: the verifying warm-up, the persistent warm-up, two rounds
    assertThat(records).hasSize(16);
    List<ResultRecord> verifying = records.stream().filter(ResultRecord::checksumVerified).toList();
    assertThat(verifying).hasSize(4).allSatisfy(record -> {
      assertThat(record.pass()).isEqualTo(-1);
      assertThat(record.details()).containsEntry(SuiteRunner.PERSISTENT_JVM, 0L);
      assertThat(record.peakRssBytes()).isGreaterThan(1 << 20);
    });
    List<ResultRecord> quiver = records.stream().filter(record -> record.system().equals("quiver")
        && record.details().getOrDefault(SuiteRunner.PERSISTENT_JVM, 0L) == 1L).toList();
    assertThat(quiver).extracting(ResultRecord::subject).containsExactly("q01", "q06", "q01", "q06", "q01", "q06");
    assertThat(quiver).extracting(ResultRecord::pass).containsExactly(-1, -1, 0, 0, 1, 1);
    assertThat(quiver).extracting(record -> record.details().get(MeasureServer.REQUESTS)).containsExactly(1L, 2L, 3L,
        4L, 5L, 6L);
    assertThat(quiver).allSatisfy(record -> assertThat(record.details()).containsEntry(MeasureServer.SESSIONS, 1L));
    assertThat(records).allSatisfy(record -> assertThat(record.answer()).startsWith("rows="));
    assertThat(log.toString()).contains("tpch q06").contains("run 2").contains("persistent-jvm");
  }
}
