package dev.quiver.spark.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.spark.files.ManifestStore;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.files.TableListing;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** append, overwrite, errorifexists and ignore on new and existing tables, plain folders, and overwrite against a concurrent reader. */
class SaveModesTest {
  private static SparkSession spark;

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path folder;

  @BeforeAll
  static void start() {
    spark = WriteTesting.session("local[2]");
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  private static Dataset<Row> rows(long from, long to, String tag) {
    return spark.range(from, to, 1, 2).selectExpr("id", "'" + tag + "' as tag");
  }

  private List<Long> ids(Path table) {
    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    List<Long> ids = new ArrayList<>();
    for (List<Object> row : WriteTesting.read(listing, allocator.allocator())) {
      ids.add((Long) row.get(0));
    }
    ids.sort(null);
    return ids;
  }

  private static List<Long> range(long from, long to) {
    List<Long> ids = new ArrayList<>();
    for (long id = from; id < to; id++) {
      ids.add(id);
    }
    return ids;
  }

  @Test
  void appendTwiceHasBothJobsRowsAndOverwriteOnlyTheNewOnes() {
    Path table = folder.resolve("t");
    rows(0, 100, "a").write().format("quiver").mode("append").save(table.toString());
    rows(100, 250, "b").write().format("quiver").mode("append").save(table.toString());
    assertThat(ids(table)).isEqualTo(range(0, 250));
    assertThat(ManifestStore.versions(table)).containsExactly(1L, 2L);

    rows(1000, 1040, "c").write().format("quiver").mode("overwrite").save(table.toString());
    assertThat(ids(table)).isEqualTo(range(1000, 1040));
    List<String> listed = listedFiles(table);
    assertThat(WriteTesting.visibleDataFiles(table)).as("the retired files stay one version for readers")
        .hasSizeGreaterThan(listed.size());

    rows(2000, 2010, "d").write().format("quiver").mode("append").save(table.toString());
    assertThat(ids(table)).isEqualTo(concat(range(1000, 1040), range(2000, 2010)));
    assertThat(WriteTesting.visibleDataFiles(table)).as("retired files deleted one version later")
        .containsExactlyInAnyOrderElementsOf(listedFiles(table));
    assertThat(ManifestStore.versions(table)).containsExactly(3L, 4L);
  }

  @Test
  void everyModeCreatesATableThatDoesNotExist() {
    for (String mode : List.of("append", "overwrite", "errorifexists", "ignore")) {
      Path table = folder.resolve("new-" + mode);
      rows(0, 30, mode).write().format("quiver").mode(mode).save(table.toString());
      assertThat(ids(table)).as(mode).isEqualTo(range(0, 30));
      assertThat(TableFiles.resolve(List.of(table.toString())).fromManifest()).isTrue();
    }
    Path table = folder.resolve("default-mode");
    rows(0, 5, "x").write().format("quiver").save(table.toString());
    assertThat(ids(table)).isEqualTo(range(0, 5));
  }

  @Test
  void errorIfExistsOnAnExistingTableIsAUserErrorNamingThePathAndChangesNothing() {
    Path table = folder.resolve("exists");
    rows(0, 10, "a").write().format("quiver").mode("append").save(table.toString());
    List<String> before = WriteTesting.filesBelow(table);
    Throwable thrown = catchThrowable(() -> rows(10, 20, "b").write().format("quiver").mode("errorifexists")
        .save(table.toString()));
    QuiverException error = WriteTesting.quiverCause(thrown);
    assertThat(error.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(error.getMessage()).contains(table.toString()).contains("already exists");
    assertThat(WriteTesting.filesBelow(table)).isEqualTo(before);
    assertThat(ids(table)).isEqualTo(range(0, 10));
  }

  @Test
  void ignoreOnAnExistingTableLeavesItUnchanged() {
    Path table = folder.resolve("ignored");
    rows(0, 10, "a").write().format("quiver").mode("append").save(table.toString());
    List<String> before = WriteTesting.filesBelow(table);
    rows(10, 20, "b").write().format("quiver").mode("ignore").save(table.toString());
    assertThat(WriteTesting.filesBelow(table)).isEqualTo(before);
    assertThat(ids(table)).isEqualTo(range(0, 10));
  }

  @Test
  void aFolderOfPlainFilesCountsAsExistingAndItsFirstAppendAdoptsThem() throws Exception {
    Path table = folder.resolve("plain");
    Files.createDirectories(table);
    writePlainFile(table.resolve("converted.qvr"), 500, 510);
    assertThat(ManifestStore.exists(table)).isFalse();

    Throwable thrown = catchThrowable(() -> rows(0, 3, "x").write().format("quiver").save(table.toString()));
    assertThat(WriteTesting.quiverCause(thrown).getMessage()).contains("already exists");

    rows(0, 20, "a").write().format("quiver").mode("append").save(table.toString());
    assertThat(listedFiles(table)).contains("converted.qvr");
    assertThat(ids(table)).isEqualTo(concat(range(0, 20), range(500, 510)));

    Throwable mismatch = catchThrowable(() -> spark.range(3).selectExpr("id", "id * 2 as other").write()
        .format("quiver").mode("append").save(table.toString()));
    QuiverException error = WriteTesting.quiverCause(mismatch);
    assertThat(error.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(error.getMessage()).contains("cannot append to " + table).contains("other");
  }

  @Test
  void overwriteIsAtomicToAConcurrentReader() throws Exception {
    Path table = folder.resolve("concurrent");
    int rowsPerVersion = 2000;
    spark.range(0, rowsPerVersion, 1, 4).selectExpr("id", "0L as generation").write().format("quiver")
        .mode("overwrite").save(table.toString());
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicInteger reads = new AtomicInteger();
    java.util.concurrent.atomic.AtomicBoolean writing = new java.util.concurrent.atomic.AtomicBoolean(true);
    Set<Long> generationsSeen = new TreeSet<>();
    Thread reader = new Thread(() -> {
      try {
        while (writing.get()) {
          TableListing listing = TableFiles.resolve(List.of(table.toString()));
          List<List<Object>> rows = WriteTesting.readAtOnce(listing, allocator.allocator());
          Set<Long> generations = new TreeSet<>();
          List<Long> ids = new ArrayList<>();
          for (List<Object> row : rows) {
            ids.add((Long) row.get(0));
            generations.add((Long) row.get(1));
          }
          ids.sort(null);
          assertThat(generations).as("one version's rows, never a mix").hasSize(1);
          assertThat(ids).as("every row of the version").isEqualTo(range(0, rowsPerVersion));
          synchronized (generationsSeen) {
            generationsSeen.addAll(generations);
          }
          reads.incrementAndGet();
        }
      } catch (Throwable thrown) {
        failure.compareAndSet(null, thrown);
      }
    });
    reader.start();
    try {
      for (long generation = 1; generation <= 6 && failure.get() == null; generation++) {
        spark.range(0, rowsPerVersion, 1, 4).selectExpr("id", generation + "L as generation").write()
            .format("quiver").mode("overwrite").save(table.toString());
      }
    } finally {
      writing.set(false);
      reader.join();
    }
    System.out.println("overwriteIsAtomicToAConcurrentReader: " + reads.get() + " reads, generations seen "
        + generationsSeen);
    if (failure.get() != null) {
      throw new AssertionError("the concurrent reader failed", failure.get());
    }
    assertThat(reads.get()).isPositive();
    assertThat(ManifestStore.latest(table).orElseThrow().version()).isEqualTo(7);
  }

  @Test
  void concurrentAppendsAllLand() throws Exception {
    Path table = folder.resolve("appends");
    rows(0, 10, "seed").write().format("quiver").save(table.toString());
    int jobs = 3;
    List<Thread> threads = new ArrayList<>();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    for (int j = 1; j <= jobs; j++) {
      long from = j * 1000L;
      Thread thread = new Thread(() -> {
        try {
          rows(from, from + 100, "job").write().format("quiver").mode("append").save(table.toString());
        } catch (Throwable thrown) {
          failure.compareAndSet(null, thrown);
        }
      });
      threads.add(thread);
      thread.start();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    if (failure.get() != null) {
      throw new AssertionError("a concurrent append failed", failure.get());
    }
    List<Long> expected = new ArrayList<>(range(0, 10));
    for (int j = 1; j <= jobs; j++) {
      expected.addAll(range(j * 1000L, j * 1000L + 100));
    }
    assertThat(ids(table)).isEqualTo(expected);
    assertThat(ManifestStore.latest(table).orElseThrow().version()).isEqualTo(1 + jobs);
  }

  private static List<String> listedFiles(Path table) {
    List<String> paths = new ArrayList<>();
    ManifestStore.latest(table).orElseThrow().files().forEach(entry -> paths.add(entry.path()));
    return paths;
  }

  private static List<Long> concat(List<Long> first, List<Long> second) {
    List<Long> all = new ArrayList<>(first);
    all.addAll(second);
    all.sort(null);
    return all;
  }

  private void writePlainFile(Path path, long from, long to) throws Exception {
    Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null),
        new Field("tag", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        QuiverWriter writer = QuiverWriter.create(path, schema, allocator.allocator())) {
      BigIntVector ids = (BigIntVector) root.getVector(0);
      VarCharVector tags = (VarCharVector) root.getVector(1);
      int count = (int) (to - from);
      ids.allocateNew(count);
      tags.allocateNew(count);
      for (int i = 0; i < count; i++) {
        ids.set(i, from + i);
        tags.setSafe(i, "plain".getBytes(StandardCharsets.UTF_8));
      }
      root.setRowCount(count);
      writer.write(root);
    }
  }
}
