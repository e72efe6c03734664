package dev.quiver.spark.files;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Turns a manifest into the {@link TableListing} readers use: each entry's absolute path, its
 * partition values (from its folder names, checked against the partition schema) and its length
 * (checked against the file on disk). A damaged entry is a CORRUPT error naming the manifest.
 */
final class ManifestFiles {
  /** A listed file does not exist (a newer version may have cleaned it up). */
  static final class MissingFileException extends Exception {
    private static final long serialVersionUID = 1L;

    MissingFileException(String file) {
      super(file);
    }
  }

  private ManifestFiles() {}

  static TableListing listing(Path table, Manifest manifest) throws MissingFileException {
    String name = ManifestStore.path(table, manifest.version()).toString();
    StructField[] columns = manifest.partitionSchema().fields();
    List<DataFile> files = new ArrayList<>();
    for (Manifest.Entry entry : manifest.files()) {
      String[] parts = entry.path().split("/", -1);
      if (entry.path().startsWith("/") || parts.length != columns.length + 1) {
        throw Manifest.corrupt(name, "file " + entry.path() + " is not in " + columns.length + " partition folders");
      }
      List<String> values = new ArrayList<>(columns.length);
      for (int c = 0; c < columns.length; c++) {
        values.add(value(name, entry.path(), parts[c], columns[c].name()));
      }
      String fileName = parts[parts.length - 1];
      if (fileName.isEmpty() || fileName.equals(".") || fileName.equals("..")) {
        throw Manifest.corrupt(name, "file entry '" + entry.path() + "' names no file");
      }
      Path file = table.resolve(entry.path()).toAbsolutePath().normalize();
      long length;
      try {
        length = Files.size(file);
      } catch (NoSuchFileException missing) {
        throw new MissingFileException(file.toString());
      } catch (IOException failure) {
        throw new UncheckedIOException("reading the size of " + file, failure);
      }
      if (length != entry.length()) {
        throw Manifest.corrupt(name, "file " + file + " is " + length + " bytes, the manifest says " + entry.length());
      }
      files.add(new DataFile(file.toString(), length, values));
    }
    return new TableListing(List.of(table.toString()), files, manifest.dataSchema(), manifest.partitionSchema(), true);
  }

  /**
   * The part of a committed table's listing below its partition folder {@code folder} (e.g.
   * {@code t/a=1} of {@code t}): the files under it, with the partition columns below it only (as
   * Spark reads a partition folder named directly); a USER error when {@code folder} is not a
   * partition folder of the table.
   */
  static TableListing below(TableListing table, Path root, Path folder) {
    Path relative = root.relativize(folder);
    StructField[] columns = table.partitionSchema().fields();
    int depth = relative.getNameCount();
    for (int i = 0; i < depth; i++) {
      String name = relative.getName(i).toString();
      int equals = name.indexOf('=');
      if (i >= columns.length || equals <= 0
          || !HivePaths.unescape(name.substring(0, equals)).equals(columns[i].name())) {
        throw QuiverException.user("folder " + folder + " is inside the committed table " + root
            + " but is not one of its partition folders " + table.partitionSchema().simpleString());
      }
    }
    List<DataFile> files = new ArrayList<>();
    for (DataFile file : table.files()) {
      if (Path.of(file.path()).startsWith(folder)) {
        files.add(new DataFile(file.path(), file.length(), file.partitionValues().subList(depth, columns.length)));
      }
    }
    StructType below = new StructType(java.util.Arrays.copyOfRange(columns, depth, columns.length));
    return new TableListing(List.of(folder.toString()), files, table.dataSchema(), below, true);
  }

  private static String value(String name, String path, String folder, String column) {
    int equals = folder.indexOf('=');
    if (equals <= 0 || !HivePaths.unescape(folder.substring(0, equals)).equals(column)) {
      throw Manifest.corrupt(name, "file " + path + ": folder '" + folder + "' is not a value of column " + column);
    }
    String value = HivePaths.unescape(folder.substring(equals + 1));
    return HivePaths.NULL_PARTITION.equals(value) ? null : value;
  }
}
