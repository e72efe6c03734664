package dev.quiver.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.quiver.spark.files.Manifest;
import dev.quiver.spark.files.ManifestStore;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Task attempts that fail: a retried task leaves no orphan in the table; a failed job leaves the previous version. */
class TaskFailureTest {
  /** Task attempt ids of the attempts the UDFs made fail. */
  private static final Set<Long> FAILED_ATTEMPTS = ConcurrentHashMap.newKeySet();
  private static SparkSession spark;

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path folder;

  @BeforeAll
  static void start() {
    spark = WriteTesting.session("local[2,4]");
    // fails partition 1's first attempt after it has handed the writer 700 rows
    spark.udf().register("failFirstAttempt", (UDF1<Long, Long>) id -> {
      TaskContext task = TaskContext.get();
      if (task.partitionId() == 1 && task.attemptNumber() == 0 && id % 1000 == 700) {
        FAILED_ATTEMPTS.add(task.taskAttemptId());
        throw new IllegalStateException("planned failure of the first attempt of partition 1");
      }
      return id;
    }, DataTypes.LongType);
    spark.udf().register("failAlways", (UDF1<Long, Long>) id -> {
      TaskContext task = TaskContext.get();
      if (task.partitionId() == 2 && id % 1000 == 500) {
        FAILED_ATTEMPTS.add(task.taskAttemptId());
        throw new IllegalStateException("planned failure of every attempt of partition 2");
      }
      return id;
    }, DataTypes.LongType);
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @Test
  void aRetriedTaskLeavesExactlyOneFilePerTaskAndNoOrphan() throws Exception {
    FAILED_ATTEMPTS.clear();
    Path table = folder.resolve("retried");
    // small batches so the failing attempt has already written batches of a file when it fails
    spark.range(0, 4000, 1, 4).selectExpr("failFirstAttempt(id) as id", "id * 3 as tripled").write()
        .format("quiver").option(WriteOptions.BATCH_ROWS, "128").mode("append").save(table.toString());
    assertThat(FAILED_ATTEMPTS).hasSize(1);

    Manifest manifest = ManifestStore.latest(table).orElseThrow();
    List<String> listed = new ArrayList<>();
    manifest.files().forEach(entry -> listed.add(entry.path()));
    assertThat(listed).hasSize(4);
    List<String> partitions = new ArrayList<>();
    for (String path : listed) {
      partitions.add(path.substring(0, "part-00000".length()));
      for (long failed : FAILED_ATTEMPTS) {
        assertThat(path).doesNotEndWith("-" + failed + ".qvr");
      }
    }
    assertThat(partitions).containsExactlyInAnyOrder("part-00000", "part-00001", "part-00002", "part-00003");
    assertThat(WriteTesting.visibleDataFiles(table)).containsExactlyInAnyOrderElementsOf(listed);
    assertThat(WriteTesting.filesBelow(table)).as("no stray file (hidden or not) is left")
        .allMatch(path -> path.startsWith(ManifestStore.FOLDER + "/") || listed.contains(path));

    List<Long> ids = new ArrayList<>();
    for (List<Object> row : WriteTesting.read(TableFiles.resolve(List.of(table.toString())), allocator.allocator())) {
      ids.add((Long) row.get(0));
      assertThat(row.get(1)).isEqualTo((Long) row.get(0) * 3);
    }
    ids.sort(null);
    assertThat(ids).hasSize(4000).doesNotHaveDuplicates();
    assertThat(ids.get(0)).isZero();
    assertThat(ids.get(3999)).isEqualTo(3999L);
  }

  @Test
  void aFailedJobLeavesThePreviousManifestAndRowsAndNoNewVisibleFile() throws Exception {
    FAILED_ATTEMPTS.clear();
    Path table = folder.resolve("failed");
    spark.range(0, 300, 1, 2).selectExpr("id", "id * 3 as tripled").write().format("quiver").mode("append")
        .save(table.toString());
    byte[] manifestBefore = Files.readAllBytes(ManifestStore.path(table, 1));
    List<String> visibleBefore = WriteTesting.visibleDataFiles(table);

    for (String mode : List.of("append", "overwrite")) {
      Throwable thrown = catchThrowable(() -> spark.range(1000, 5000, 1, 4)
          .selectExpr("failAlways(id) as id", "id * 3 as tripled").write().format("quiver")
          .option(WriteOptions.BATCH_ROWS, "128").mode(mode).save(table.toString()));
      assertThat(thrown).as(mode).isNotNull();
      assertThat(ManifestStore.versions(table)).as(mode).containsExactly(1L);
      assertThat(Files.readAllBytes(ManifestStore.path(table, 1))).isEqualTo(manifestBefore);
      assertThat(WriteTesting.visibleDataFiles(table)).as(mode).isEqualTo(visibleBefore);
    }
    assertThat(FAILED_ATTEMPTS).as("attempts of partition 2").hasSizeGreaterThanOrEqualTo(4);

    List<Long> ids = new ArrayList<>();
    for (List<Object> row : WriteTesting.read(TableFiles.resolve(List.of(table.toString())), allocator.allocator())) {
      ids.add((Long) row.get(0));
    }
    ids.sort(null);
    List<Long> expected = new ArrayList<>();
    for (long id = 0; id < 300; id++) {
      expected.add(id);
    }
    assertThat(ids).isEqualTo(expected);
  }
}
