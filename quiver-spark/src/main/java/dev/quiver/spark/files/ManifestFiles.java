package dev.quiver.spark.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.StructField;

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

  private static String value(String name, String path, String folder, String column) {
    int equals = folder.indexOf('=');
    if (equals <= 0 || !HivePaths.unescape(folder.substring(0, equals)).equals(column)) {
      throw Manifest.corrupt(name, "file " + path + ": folder '" + folder + "' is not a value of column " + column);
    }
    String value = HivePaths.unescape(folder.substring(equals + 1));
    return HivePaths.NULL_PARTITION.equals(value) ? null : value;
  }
}
