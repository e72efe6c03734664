package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.format.table.TableManifest;
import dev.quiver.sql.catalog.DatabaseObjects.View;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Views as files, {@code <schema folder>/<name>.view}, UTF-8:
 *
 * <pre>
 * quiver-view 1
 * columns 2        (the names given to its columns, one a line; 0 when none were)
 * a
 * b
 * query
 * SELECT ...       (the rest of the file)
 * </pre>
 *
 * Written to a hidden temporary and then linked (create) or moved (replace) into place, so a view is
 * whole the moment its name exists.
 */
final class StoredViews {
  static final String SUFFIX = ".view";
  private static final String MAGIC = "quiver-view 1";

  private StoredViews() {}

  static Optional<View> read(Path schemaFolder, String schema, String name) {
    for (Path entry : Database.list(schemaFolder)) {
      String fileName = entry.getFileName().toString();
      if (!fileName.endsWith(SUFFIX)) {
        continue;
      }
      String stored = DatabaseNames.decode(fileName.substring(0, fileName.length() - SUFFIX.length()));
      if (stored != null && DatabaseNames.same(stored, name)) {
        try {
          return Optional.of(parse(entry, schema, stored, Files.readString(entry, StandardCharsets.UTF_8)));
        } catch (NoSuchFileException dropped) {
          return Optional.empty();
        } catch (IOException failure) {
          throw new UncheckedIOException("cannot read view " + name + ": " + failure.getMessage(), failure);
        }
      }
    }
    return Optional.empty();
  }

  private static View parse(Path file, String schema, String name, String text) {
    String[] lines = text.split("\n", -1);
    try {
      if (!lines[0].equals(MAGIC) || !lines[1].startsWith("columns ")) {
        throw TableManifest.corrupt(file.toString(), "not a view file");
      }
      int count = Integer.parseInt(lines[1].substring("columns ".length()));
      List<String> columns = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        columns.add(lines[2 + i]);
      }
      if (!lines[2 + count].equals("query")) {
        throw TableManifest.corrupt(file.toString(), "the view's query is missing");
      }
      int start = text.indexOf("\nquery\n") + "\nquery\n".length();
      return new View(schema, name, text.substring(start), columns);
    } catch (RuntimeException malformed) {
      if (malformed instanceof QuiverException known) {
        throw known;
      }
      throw TableManifest.corrupt(file.toString(), "a malformed view file: " + QuiverException.describe(malformed));
    }
  }

  /** Stores a view; false when {@code replace} is not set and the name is taken. */
  static boolean write(Path schemaFolder, String name, String query, List<String> columns, boolean replace)
      throws IOException {
    StringBuilder text = new StringBuilder(MAGIC).append('\n').append("columns ").append(columns.size()).append('\n');
    for (String column : columns) {
      if (column.indexOf('\n') >= 0) {
        throw QuiverException.user("a view's column name cannot hold a line break");
      }
      text.append(column).append('\n');
    }
    text.append("query\n").append(query);
    Path target = schemaFolder.resolve(DatabaseNames.encode(name) + SUFFIX);
    Path temporary = schemaFolder.resolve(".view-" + UUID.randomUUID());
    Files.writeString(temporary, text, StandardCharsets.UTF_8);
    try {
      if (replace) {
        Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return true;
      }
      Files.createLink(target, temporary);
      return true;
    } catch (FileAlreadyExistsException taken) {
      return false;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** The file of view {@code name} in the folder, if there is one. */
  static Optional<Path> file(Path schemaFolder, String name) {
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
}
