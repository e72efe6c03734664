package dev.quiver.spark.write;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.spark.files.Manifest;
import dev.quiver.spark.files.ManifestStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The driver's commit and abort on a folder, without Spark: what gets listed, swept and kept. */
class JobCommitTest {
  @TempDir
  Path table;

  private WriteJob job() {
    return job(1);
  }

  private WriteJob job(int retainVersions) {
    return new WriteJob(table.toString(), UUID.randomUUID().toString(),
        new StructType().add("id", DataTypes.LongType), List.of(),
        new WriteOptions(8, 1 << 20, 1 << 20, retainVersions, false));
  }

  /** Commits one new file of a new job; returns the file's path relative to the table. */
  private String commitOneFile(WriteMode mode, int retainVersions) throws Exception {
    WriteJob job = job(retainVersions);
    String name = job.fileName(0, 1, -1);
    file(name, 4);
    JobCommit.commit(job, mode, messages(new TaskCommit(0, 1, List.of(new TaskCommit.WrittenFile(name, 4, 1)))));
    return name;
  }

  @Test
  void retiredFilesStayForTheRetainedVersionsThenGo() throws Exception {
    for (int retain = 1; retain <= 3; retain++) {
      for (Path old : WriteTesting.filesBelow(table).stream().map(table::resolve).toList()) {
        Files.delete(old);
      }
      String first = commitOneFile(WriteMode.APPEND, retain);
      commitOneFile(WriteMode.OVERWRITE, retain); // retires first
      for (int later = 1; later < retain; later++) {
        commitOneFile(WriteMode.APPEND, retain);
        assertThat(table.resolve(first)).as("retain %d, %d commits later", retain, later).exists();
      }
      commitOneFile(WriteMode.APPEND, retain);
      assertThat(table.resolve(first)).as("retain %d, %d commits later", retain, retain).doesNotExist();
      List<Long> versions = ManifestStore.versions(table);
      assertThat(versions).as("retain %d", retain).hasSize(retain + 1);
    }
  }

  private Path file(String name, int length) throws Exception {
    Path path = table.resolve(name);
    Files.createDirectories(path.getParent());
    Files.write(path, new byte[length]);
    return path;
  }

  private static WriterCommitMessage[] messages(TaskCommit... commits) {
    return commits;
  }

  @Test
  void commitListsTheReportedFilesAndSweepsTheJobsStrays() throws Exception {
    WriteJob job = job();
    String kept = job.fileName(0, 11, -1);
    file(kept, 10);
    Path hiddenStray = file("." + job.fileName(1, 12, -1), 5);
    Path lostCommit = file(job.fileName(1, 13, -1), 6);
    Path otherJob = file(job().fileName(0, 99, -1), 7);
    Manifest manifest = JobCommit.commit(job, WriteMode.APPEND,
        messages(new TaskCommit(0, 11, List.of(new TaskCommit.WrittenFile(kept, 10, 1))), null));

    assertThat(manifest.version()).isEqualTo(1);
    assertThat(manifest.files()).containsExactly(new Manifest.Entry(kept, 10));
    assertThat(table.resolve(kept)).exists();
    assertThat(hiddenStray).doesNotExist();
    assertThat(lostCommit).as("a visible file of the job that no message reported").doesNotExist();
    assertThat(otherJob).as("another job's file is neither adopted nor swept").exists();
    assertThat(ManifestStore.latest(table)).contains(manifest);
  }

  @Test
  void abortRemovesTheJobsFilesAndLeavesTheManifest() throws Exception {
    WriteJob first = job();
    String committed = first.fileName(0, 1, -1);
    file(committed, 4);
    JobCommit.commit(first, WriteMode.APPEND,
        messages(new TaskCommit(0, 1, List.of(new TaskCommit.WrittenFile(committed, 4, 1)))));
    byte[] before = Files.readAllBytes(ManifestStore.path(table, 1));

    WriteJob failed = job();
    String reported = "p=1/" + failed.fileName(0, 2, 0);
    file(reported, 3);
    Path stray = file("p=2/." + failed.fileName(1, 3, 0), 3);
    JobCommit.abort(failed, messages(new TaskCommit(0, 2, List.of(new TaskCommit.WrittenFile(reported, 3, 1)))));

    assertThat(table.resolve(reported)).doesNotExist();
    assertThat(stray).doesNotExist();
    assertThat(table.resolve(committed)).exists();
    assertThat(ManifestStore.versions(table)).containsExactly(1L);
    assertThat(Files.readAllBytes(ManifestStore.path(table, 1))).isEqualTo(before);
  }

  @Test
  void aCreateOnlyCommitOverAnExistingTableFailsAndRemovesTheJobsFiles() throws Exception {
    WriteJob first = job();
    JobCommit.commit(first, WriteMode.APPEND, messages());
    WriteJob create = job();
    String name = create.fileName(0, 5, -1);
    file(name, 2);
    WriterCommitMessage[] reported = messages(new TaskCommit(0, 5, List.of(new TaskCommit.WrittenFile(name, 2, 1))));
    Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(
        () -> new QuiverBatchWrite(create, WriteMode.CREATE).commit(reported));
    assertThat(thrown).hasMessageContaining("already exists").hasMessageContaining(table.toString());
    assertThat(table.resolve(name)).doesNotExist();
    assertThat(ManifestStore.versions(table)).containsExactly(1L);
  }
}
