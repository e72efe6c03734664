package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.source.QvrTableSource;
import dev.quiver.exec.source.TableSource;
import dev.quiver.format.table.ManifestSchemas;
import dev.quiver.format.table.TableManifest;
import dev.quiver.format.table.TableManifests;
import dev.quiver.sql.catalog.RowTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * One table of a database: a folder of {@code .qvr} files under the shared table format's manifest
 * ({@link TableManifest}, the format the Spark connector commits). A statement reads the latest
 * version, writes new files under names no one else uses ({@code part-<pid>-<uuid>.qvr}), and
 * publishes version n+1 with an atomic create-if-absent: readers see version n or n+1, never half of
 * a statement, and of two statements that built on version n one wins and the other learns it lost.
 */
final class StoredTable {
  static final String FILE_PREFIX = "part-";
  private static final String FILE_SUFFIX = ".qvr";
  /** How long a superseded manifest stays (a statement's base must outlive the statement). */
  static final java.time.Duration MANIFEST_RETENTION = java.time.Duration.ofMinutes(10);
  private static final String EMPTY_PARTITIONS = "{\"type\":\"struct\",\"fields\":[]}";

  private final Path folder;
  private final String schemaName;
  private final String name;

  StoredTable(Path folder, String schemaName, String name) {
    this.folder = folder;
    this.schemaName = schemaName;
    this.name = name;
  }

  Path folder() {
    return folder;
  }

  String schemaName() {
    return schemaName;
  }

  String name() {
    return name;
  }

  /** The latest committed version; a USER error when the table was dropped meanwhile. */
  TableManifest latest() {
    return TableManifests.latest(folder)
        .orElseThrow(() -> QuiverException.user("table " + name + " does not exist (dropped meanwhile?)"));
  }

  /** The columns of a version. */
  static org.apache.arrow.vector.types.pojo.Schema columns(TableManifest manifest) {
    return ManifestSchemas.fromJson(manifest.dataSchemaJson());
  }

  /** The table of a version's files (an empty table of its columns when it has none). */
  TableSource source(TableManifest manifest) {
    if (manifest.files().isEmpty()) {
      return new RowTable(name, columns(manifest), List.of());
    }
    List<Path> files = new ArrayList<>();
    for (TableManifest.Entry entry : manifest.files()) {
      files.add(folder.resolve(entry.path()));
    }
    try {
      return QvrTableSource.open(name, files);
    } catch (IOException failure) {
      throw new UncheckedIOException("cannot read table " + name + ": " + failure.getMessage(), failure);
    }
  }

  /** A new data file's path: unique, and naming the writing process (so VACUUM knows a dead writer's files). */
  Path newFile() {
    return folder.resolve(FILE_PREFIX + ProcessHandle.current().pid() + "-" + UUID.randomUUID() + FILE_SUFFIX);
  }

  /** The first version of a new table: its columns and files. False when the version exists already. */
  static boolean create(Path folder, org.apache.arrow.vector.types.pojo.Schema columns, String statement,
      List<TableManifest.Entry> files) throws IOException {
    Files.createDirectories(folder);
    return TableManifests.publish(folder, new TableManifest(1, statement, ManifestSchemas.toJson(columns),
        EMPTY_PARTITIONS, files, List.of()));
  }

  /**
   * Publishes the version after {@code base}: its files less {@code removed}, plus {@code added}, with
   * {@code columns}. False when another statement published that version first (nothing changed).
   */
  boolean commit(TableManifest base, String statement, org.apache.arrow.vector.types.pojo.Schema columns,
      List<TableManifest.Entry> added, List<TableManifest.Entry> removed) throws IOException {
    Set<String> gone = new HashSet<>();
    for (TableManifest.Entry entry : removed) {
      gone.add(entry.path());
    }
    List<TableManifest.Entry> files = new ArrayList<>();
    for (TableManifest.Entry entry : base.files()) {
      if (!gone.contains(entry.path())) {
        files.add(entry);
      }
    }
    files.addAll(added);
    TableManifest next = new TableManifest(base.version() + 1, statement, ManifestSchemas.toJson(columns),
        base.partitionSchemaJson(), files, removed);
    if (base.version() > 0 && TableManifests.read(folder, base.version()).isEmpty()) {
      return false; // the base was cleaned up: versions after it committed long ago (see MANIFEST_RETENTION)
    }
    if (!TableManifests.publish(folder, next)) {
      return false;
    }
    cleanUp(next.version());
    return true;
  }

  /** An entry for a file just written into the folder. */
  TableManifest.Entry entry(Path file) throws IOException {
    return new TableManifest.Entry(folder.relativize(file).toString().replace('\\', '/'), Files.size(file));
  }

  /**
   * After version {@code committed}: the files version {@code committed - 1} retired are deleted (a
   * reader of the version before that had one version of grace), and the manifests below it written more
   * than {@link #MANIFEST_RETENTION} ago. Best effort: what stays is never read.
   */
  private void cleanUp(long committed) {
    if (committed < 3) {
      return;
    }
    TableManifests.read(folder, committed - 1).ifPresent(previous -> {
      for (TableManifest.Entry entry : previous.retired()) {
        deleteQuietly(folder.resolve(entry.path()));
      }
    });
    TableManifests.deleteBelow(folder, committed - 1, MANIFEST_RETENTION);
  }

  /**
   * Deletes the data files no version lists whose writer is gone (a statement killed before it
   * committed): their names carry the writing process; files of a live process are left (it may be
   * about to commit them). The number of files deleted.
   */
  int removeStrays() throws IOException {
    Set<String> listed = new HashSet<>();
    List<Long> versions = TableManifests.versions(folder);
    for (long version : versions) {
      TableManifests.read(folder, version).ifPresent(manifest -> {
        manifest.files().forEach(entry -> listed.add(entry.path()));
        manifest.retired().forEach(entry -> listed.add(entry.path()));
      });
    }
    int deleted = 0;
    try (Stream<Path> entries = Files.list(folder)) {
      for (Path file : (Iterable<Path>) entries::iterator) {
        String fileName = file.getFileName().toString();
        boolean data = fileName.startsWith(FILE_PREFIX) && fileName.endsWith(FILE_SUFFIX);
        boolean temporary = fileName.startsWith("." + FILE_PREFIX);
        if ((data || temporary) && !listed.contains(fileName) && !writerAlive(fileName)) {
          deleteQuietly(file);
          deleted++;
        }
      }
    }
    return deleted;
  }

  private static boolean writerAlive(String fileName) {
    int start = fileName.indexOf(FILE_PREFIX) + FILE_PREFIX.length();
    int end = fileName.indexOf('-', start);
    if (end < 0) {
      return false;
    }
    try {
      long pid = Long.parseLong(fileName.substring(start, end));
      return pid == ProcessHandle.current().pid() || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    } catch (NumberFormatException notOurs) {
      return true;
    }
  }

  static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // left behind: never listed, so never read
    }
  }
}
