package dev.quiver.sql.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The names CREATE INDEX accepted (no index is built: scans prune by zone maps), so that DROP INDEX of
 * a name that was never created, or was dropped with its table, fails as in other databases: {@code
 * <schema folder>/<name>.index}, holding the table's name.
 */
final class StoredIndexes {
  static final String SUFFIX = ".index";

  private StoredIndexes() {}

  /** Records an index; false when the name is taken. */
  static boolean create(Path schemaFolder, String name, String table) throws IOException {
    try {
      Files.writeString(schemaFolder.resolve(DatabaseNames.encode(name) + SUFFIX), table, StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
      return true;
    } catch (FileAlreadyExistsException taken) {
      return false;
    }
  }

  /** The file of index {@code name}, if it was created. */
  static Optional<Path> find(Path schemaFolder, String name) {
    for (Path entry : Database.list(schemaFolder)) {
      String fileName = entry.getFileName().toString();
      if (fileName.endsWith(SUFFIX)) {
        String stored = DatabaseNames.decode(fileName.substring(0, fileName.length() - SUFFIX.length()));
        if (stored != null && DatabaseNames.same(stored, name)) {
          return Optional.of(entry);
        }
      }
    }
    return Optional.empty();
  }

  /** Forgets the indexes of {@code table}. */
  static void dropFor(Path schemaFolder, String table) throws IOException {
    for (Path entry : Database.list(schemaFolder)) {
      if (entry.getFileName().toString().endsWith(SUFFIX)
          && DatabaseNames.same(Files.readString(entry, StandardCharsets.UTF_8), table)) {
        StoredTable.deleteQuietly(entry);
      }
    }
  }
}
