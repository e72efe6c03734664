package dev.quiver.spark.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.spark.files.DataFile;
import dev.quiver.spark.files.Manifest;
import dev.quiver.spark.files.ManifestStore;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.files.TableListing;
import dev.quiver.testing.TestingAllocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** partitionBy writes hive-style folders (escaped names, null folder), one file per task and folder, all in the manifest. */
class PartitionedWriteTest {
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

  @Test
  void partitionByTwoColumnsWritesEscapedHiveFoldersListedByTheManifest() throws Exception {
    Dataset<Row> data = spark.range(0, 600, 1, 3).selectExpr("id",
        "case when id % 4 = 0 then null when id % 4 = 1 then 'a/b=c%' when id % 4 = 2 then '' else 'plain' end as p_str",
        "concat('v', id) as v", "cast(id % 3 as int) as p_int");
    Path table = folder.resolve("partitioned");
    data.write().format("quiver").partitionBy("p_int", "p_str").mode("append").save(table.toString());

    Set<String> expectedFolders = new TreeSet<>();
    for (int p = 0; p < 3; p++) {
      for (String value : List.of("__HIVE_DEFAULT_PARTITION__", "a%2Fb%3Dc%25", "plain")) {
        expectedFolders.add("p_int=" + p + "/p_str=" + value);
      }
    }
    List<String> visible = WriteTesting.visibleDataFiles(table);
    Set<String> folders = new TreeSet<>();
    visible.forEach(path -> folders.add(path.substring(0, path.lastIndexOf('/'))));
    assertThat(folders).isEqualTo(expectedFolders);

    // one file per task and folder: sorted input means a task never reopens a folder
    Map<String, Set<String>> tasksPerFolder = new HashMap<>();
    for (String path : visible) {
      String name = path.substring(path.lastIndexOf('/') + 1);
      String task = name.substring(0, name.indexOf(".c"));
      assertThat(tasksPerFolder.computeIfAbsent(path.substring(0, path.lastIndexOf('/')), key -> new HashSet<>())
          .add(task)).as("second file of %s in its folder", task).isTrue();
    }
    assertThat(visible.size()).isLessThanOrEqualTo(3 * expectedFolders.size());

    Manifest manifest = Manifest.parse("manifest-1", Files.readAllBytes(ManifestStore.path(table, 1)));
    List<String> listed = new ArrayList<>();
    manifest.files().forEach(entry -> listed.add(entry.path()));
    assertThat(listed).containsExactlyInAnyOrderElementsOf(visible);
    assertThat(manifest.partitionSchema().fieldNames()).containsExactly("p_int", "p_str");
    assertThat(manifest.partitionSchema().fields()[0].dataType()).isEqualTo(DataTypes.IntegerType);
    assertThat(manifest.partitionSchema().fields()[1].dataType()).isEqualTo(DataTypes.StringType);

    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.dataSchema().fieldNames()).containsExactly("id", "v");
    assertThat(listing.schema().fieldNames()).containsExactly("id", "v", "p_int", "p_str");
    for (DataFile file : listing.files()) {
      String relative = table.relativize(Path.of(file.path())).toString();
      String pInt = relative.substring("p_int=".length(), relative.indexOf('/'));
      String pStr = relative.split("/")[1].substring("p_str=".length());
      String expectedString = pStr.equals("__HIVE_DEFAULT_PARTITION__") ? null
          : pStr.equals("a%2Fb%3Dc%25") ? "a/b=c%" : pStr;
      assertThat(file.partitionValues()).as(relative).containsExactly(pInt, expectedString);
    }

    List<List<Object>> expected = new ArrayList<>();
    for (Row row : data.collectAsList()) {
      String text = row.getString(1);
      expected.add(java.util.Arrays.asList(row.getLong(0), row.getString(2), row.getInt(3),
          text == null || text.isEmpty() ? null : text));
    }
    assertThat(WriteTesting.byId(WriteTesting.read(listing, allocator.allocator())))
        .isEqualTo(WriteTesting.byId(expected));
  }

  @Test
  void aPartitionFolderOfACommittedTableReadsOnlyItsListedFiles() {
    Path table = folder.resolve("sub");
    spark.range(0, 100, 1, 2).selectExpr("id", "cast(id % 2 as int) as p", "id % 3 as q").write().format("quiver")
        .partitionBy("p", "q").save(table.toString());
    Dataset<Row> second = spark.range(100, 160, 1, 2).selectExpr("id", "cast(id % 2 as int) as p", "id % 3 as q");
    second.write().format("quiver").partitionBy("p", "q").mode("overwrite").save(table.toString());
    // the first version's files are retired but still on disk (one version of grace)
    Path partition = table.resolve("p=1");
    assertThat(WriteTesting.visibleDataFiles(partition).size())
        .isGreaterThan(TableFiles.resolve(List.of(partition.toString())).files().size());

    TableListing listing = TableFiles.resolve(List.of(partition.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.partitionSchema().fieldNames()).containsExactly("q");
    List<List<Object>> expected = new ArrayList<>();
    for (Row row : second.where("p = 1").collectAsList()) {
      expected.add(List.of(row.getLong(0), row.getLong(2)));
    }
    assertThat(WriteTesting.byId(WriteTesting.read(listing, allocator.allocator())))
        .isEqualTo(WriteTesting.byId(expected));
    assertThat(WriteTesting.byId(WriteTesting.normal(spark.read().format("quiver").load(partition.toString())
        .collectAsList()))).isEqualTo(WriteTesting.byId(expected));
  }

  @Test
  void badPartitionColumnsAreUserErrorsNamingThem() {
    Path table = folder.resolve("bad");
    Throwable timestamp = org.assertj.core.api.Assertions.catchThrowable(() -> spark.range(3)
        .selectExpr("id", "timestamp'2024-01-01 00:00:00' as at").write().format("quiver").partitionBy("at")
        .save(table.toString()));
    assertThat(WriteTesting.quiverCause(timestamp).getMessage()).contains("partition column at")
        .contains("timestamp");
    Throwable everyColumn = org.assertj.core.api.Assertions.catchThrowable(() -> spark.range(3).selectExpr("id")
        .write().format("quiver").partitionBy("id").save(table.toString()));
    assertThat(WriteTesting.quiverCause(everyColumn).getMessage()).contains("every column is a partition column");
    Throwable missing = org.assertj.core.api.Assertions.catchThrowable(() -> spark.range(3).selectExpr("id", "id as b")
        .write().format("quiver").partitionBy("nope").save(table.toString()));
    assertThat(missing).isNotNull();
    assertThat(table).doesNotExist();
  }

  @Test
  void writingToAFileIsAUserError() throws Exception {
    Path file = folder.resolve("file.qvr");
    Files.writeString(file, "not a table");
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> spark.range(3).write()
        .format("quiver").mode("append").save(file.toString()));
    assertThat(WriteTesting.quiverCause(thrown).getMessage()).contains(file.toString()).contains("is a file");
  }

  @Test
  void appendingWithOtherPartitionColumnsIsAUserError() {
    Path table = folder.resolve("mismatch");
    spark.range(10).selectExpr("id", "id % 2 as p").write().format("quiver").partitionBy("p").save(table.toString());
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> spark.range(10)
        .selectExpr("id", "id % 2 as p").write().format("quiver").mode("append").save(table.toString()));
    assertThat(WriteTesting.quiverCause(thrown).getMessage()).contains("cannot append to " + table)
        .contains("partitioned by");
  }
}
