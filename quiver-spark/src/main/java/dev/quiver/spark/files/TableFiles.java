package dev.quiver.spark.files;

import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.spark.types.SparkSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Resolves the paths of {@code load(...)} to a {@link TableListing}: a {@code .qvr} file; a folder,
 * read through its manifest when it has one, else every {@code .qvr} file below it (names starting
 * with {@code _} or {@code .} skipped, hive-style {@code column=value} folders become partition
 * columns); or a glob over file names. Local file systems ({@code file:} URIs or plain paths).
 */
public final class TableFiles {
  /** Hive's name for a null partition value. */
  public static final String NULL_PARTITION = HivePaths.NULL_PARTITION;

  private TableFiles() {}

  /**
   * The table at {@code paths}; a USER error naming the path when one does not exist or holds no
   * files. A folder with a committed manifest lists exactly the manifest's files (its schema, its
   * partition columns with their types; {@code fromManifest} true, even for an empty table); a
   * partition folder inside such a table lists the manifest's files below it (the partition columns
   * below it only); all paths must then be such folders with the same schema.
   */
  public static TableListing resolve(List<String> paths) {
    List<String> roots = new ArrayList<>();
    List<DataFile> files = new ArrayList<>();
    List<String> partitionColumns = null;
    List<TableListing> committed = new ArrayList<>();
    for (String text : paths) {
      Path path = localPath(text);
      roots.add(path.toString());
      if (Files.isDirectory(path) && ManifestStore.exists(path)) {
        committed.add(listManifest(path));
        continue;
      }
      Path table = Files.isDirectory(path) ? committedAncestor(path) : null;
      if (table != null) {
        committed.add(ManifestFiles.below(listManifest(table), table, path));
        continue;
      }
      List<DataFile> found = new ArrayList<>();
      List<String> columns = listPath(text, path, found);
      if (partitionColumns == null) {
        partitionColumns = columns;
      } else if (!partitionColumns.equals(columns)) {
        throw QuiverException.user("paths " + paths + " have different partition columns: " + partitionColumns
            + " and " + columns + " (at " + text + ")");
      }
      files.addAll(found);
    }
    if (!committed.isEmpty()) {
      return combineCommitted(paths, roots, committed);
    }
    if (files.isEmpty()) {
      throw QuiverException.user("no .qvr files at " + String.join(", ", paths));
    }
    StructType dataSchema = readSchema(files.get(0).path());
    return new TableListing(roots, files, dataSchema, partitionSchema(partitionColumns, files), false);
  }

  private static TableListing combineCommitted(List<String> paths, List<String> roots, List<TableListing> committed) {
    if (committed.size() != paths.size()) {
      throw QuiverException.user("paths " + paths + " mix committed tables (folders with a " + ManifestStore.FOLDER
          + " manifest) and plain files; read them separately");
    }
    TableListing first = committed.get(0);
    List<DataFile> files = new ArrayList<>();
    for (int i = 0; i < committed.size(); i++) {
      TableListing listing = committed.get(i);
      if (!Schemas.sameColumns(listing.dataSchema(), first.dataSchema())
          || !Schemas.sameColumns(listing.partitionSchema(), first.partitionSchema())) {
        throw QuiverException.user("tables " + paths.get(0) + " and " + paths.get(i) + " have different schemas: "
            + first.schema().simpleString() + " and " + listing.schema().simpleString());
      }
      files.addAll(listing.files());
    }
    return new TableListing(roots, files, first.dataSchema(), first.partitionSchema(), true);
  }

  /**
   * The files of the committed table at {@code table}, as its latest manifest lists them (a CORRUPT
   * error naming the manifest when it is damaged or a listed file is missing or has another length).
   */
  public static TableListing listManifest(Path table) {
    for (int attempt = 0; attempt < 10; attempt++) {
      Manifest manifest = ManifestStore.latest(table)
          .orElseThrow(() -> QuiverException.user("folder " + table + " has no committed manifest"));
      try {
        return ManifestFiles.listing(table, manifest);
      } catch (ManifestFiles.MissingFileException missing) {
        List<Long> versions = ManifestStore.versions(table);
        if (versions.isEmpty() || versions.get(versions.size() - 1) == manifest.version()) {
          throw Manifest.corrupt(ManifestStore.path(table, manifest.version()).toString(),
              "it lists " + missing.getMessage() + ", which does not exist");
        }
        // a newer version was committed and cleaned up the files of this one: read the newer one
      }
    }
    throw new QuiverException(dev.quiver.common.ErrorCode.IO,
        "the manifest of " + table + " kept changing while it was read");
  }

  /**
   * The committed table {@code folder} is a partition folder of ({@code t/a=1/b=2} of {@code t} with a
   * manifest), or null: its files are the manifest's, not whatever lies in the folder.
   */
  private static Path committedAncestor(Path folder) {
    for (Path current = folder; current.getParent() != null
        && current.getFileName().toString().indexOf('=') > 0; current = current.getParent()) {
      if (ManifestStore.exists(current.getParent())) {
        return current.getParent();
      }
    }
    return null;
  }

  /** Whether a table exists at {@code path}: a committed manifest, a file, or any .qvr file below it. */
  public static boolean exists(Path path) {
    if (Files.isRegularFile(path)) {
      return true;
    }
    if (!Files.isDirectory(path)) {
      return false;
    }
    if (ManifestStore.exists(path)) {
      return true;
    }
    Map<Path, List<String>> found = new LinkedHashMap<>();
    walk(path, path, new ArrayList<>(), new ArrayList<>(), found);
    return !found.isEmpty();
  }

  /**
   * The plain {@code .qvr} files below a folder without a manifest (e.g. written by {@code quiver
   * convert}) whose file names {@code adopt} accepts, with their partition columns (empty when there
   * are none); the data schema is the first accepted file's, or empty when there is none.
   */
  public static TableListing listPlain(Path folder, java.util.function.Predicate<String> adopt) {
    List<DataFile> all = new ArrayList<>();
    List<String> columns = Files.isDirectory(folder) ? listPath(folder.toString(), folder, all) : List.of();
    List<DataFile> files = new ArrayList<>();
    for (DataFile file : all) {
      if (adopt.test(Path.of(file.path()).getFileName().toString())) {
        files.add(file);
      }
    }
    StructType dataSchema = files.isEmpty() ? new StructType() : readSchema(files.get(0).path());
    return new TableListing(List.of(folder.toString()), files, dataSchema, partitionSchema(columns, files), false);
  }

  /** A local path from a plain path or a {@code file:} URI; a USER error for another scheme. */
  public static Path localPath(String text) {
    if (text.startsWith("file:")) {
      return Path.of(URI.create(text)).toAbsolutePath().normalize();
    }
    if (text.matches("^[a-zA-Z][a-zA-Z0-9+.-]*://.*")) {
      throw QuiverException.user("path " + text + ": only local files are supported (a plain path or file:)");
    }
    return Path.of(text).toAbsolutePath().normalize();
  }

  private static List<String> listPath(String text, Path path, List<DataFile> found) {
    String name = path.getFileName() == null ? "" : path.getFileName().toString();
    if (isGlob(name)) {
      Path folder = path.getParent();
      PathMatcher matcher = folder.getFileSystem().getPathMatcher("glob:" + name);
      try (Stream<Path> entries = Files.list(folder)) {
        entries.filter(entry -> matcher.matches(entry.getFileName()) && Files.isRegularFile(entry))
            .sorted(Comparator.comparing(Path::toString)).forEach(entry -> found.add(file(entry, List.of())));
      } catch (IOException failure) {
        throw new UncheckedIOException("listing " + folder, failure);
      }
      return List.of();
    }
    if (Files.isRegularFile(path)) {
      found.add(file(path, List.of()));
      return List.of();
    }
    if (!Files.isDirectory(path)) {
      throw QuiverException.user("path " + text + " does not exist");
    }
    Map<Path, List<String>> partitioned = new LinkedHashMap<>();
    List<String> columns = walk(path, path, new ArrayList<>(), new ArrayList<>(), partitioned);
    partitioned.forEach((file, values) -> found.add(file(file, values)));
    return columns == null ? List.of() : columns;
  }

  private static List<String> walk(Path root, Path folder, List<String> columns, List<String> values,
      Map<Path, List<String>> out) {
    List<Path> entries;
    try (Stream<Path> listing = Files.list(folder)) {
      entries = listing.sorted(Comparator.comparing(Path::toString)).toList();
    } catch (IOException failure) {
      throw new UncheckedIOException("listing " + folder, failure);
    }
    List<String> seen = null;
    for (Path entry : entries) {
      String name = entry.getFileName().toString();
      if (name.startsWith("_") || name.startsWith(".")) {
        continue;
      }
      if (Files.isDirectory(entry)) {
        int equals = name.indexOf('=');
        if (equals <= 0) {
          continue;
        }
        List<String> nextColumns = new ArrayList<>(columns);
        nextColumns.add(unescape(name.substring(0, equals)));
        List<String> nextValues = new ArrayList<>(values);
        String value = unescape(name.substring(equals + 1));
        nextValues.add(NULL_PARTITION.equals(value) ? null : value);
        List<String> below = walk(root, entry, nextColumns, nextValues, out);
        seen = agree(root, seen, below);
      } else if (name.endsWith(".qvr") && Files.isRegularFile(entry)) {
        out.put(entry, values);
        seen = agree(root, seen, columns);
      }
    }
    return seen;
  }

  private static List<String> agree(Path root, List<String> seen, List<String> columns) {
    if (columns == null) {
      return seen;
    }
    if (seen != null && !seen.equals(columns)) {
      throw QuiverException.user("folder " + root + " mixes partition columns " + seen + " and " + columns);
    }
    return columns;
  }

  /** Reverses Hive's escaping of folder names ({@code %XX}); see {@link HivePaths}. */
  public static String unescape(String name) {
    return HivePaths.unescape(name);
  }

  private static boolean isGlob(String name) {
    return name.indexOf('*') >= 0 || name.indexOf('?') >= 0 || name.indexOf('[') >= 0 || name.indexOf('{') >= 0;
  }

  private static DataFile file(Path path, List<String> partitionValues) {
    try {
      return new DataFile(path.toAbsolutePath().normalize().toString(), Files.size(path), partitionValues);
    } catch (IOException failure) {
      throw new UncheckedIOException("reading the size of " + path, failure);
    }
  }

  /** The Spark schema of one file's footer. */
  public static StructType readSchema(String path) {
    try (QuiverFile file = QuiverFile.open(Path.of(path))) {
      return SparkSchemas.toSpark(file.schema());
    } catch (IOException failure) {
      throw new UncheckedIOException("opening " + path, failure);
    }
  }

  /** Partition column types as Spark infers them: int when every value fits, then long, else string. */
  static StructType partitionSchema(List<String> columns, List<DataFile> files) {
    StructType schema = new StructType();
    if (columns == null) {
      return schema;
    }
    for (int c = 0; c < columns.size(); c++) {
      boolean ints = true;
      boolean longs = true;
      for (DataFile file : files) {
        String value = file.partitionValues().get(c);
        if (value == null) {
          continue;
        }
        try {
          long parsed = Long.parseLong(value);
          ints &= parsed == (int) parsed;
        } catch (NumberFormatException notNumber) {
          ints = false;
          longs = false;
        }
      }
      schema = schema.add(columns.get(c),
          ints ? DataTypes.IntegerType : longs ? DataTypes.LongType : DataTypes.StringType,
          true);
    }
    return schema;
  }
}
