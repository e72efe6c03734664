package dev.quiver.sql.catalog;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.source.TableSource;
import dev.quiver.io.csv.CsvReadOptions;
import dev.quiver.io.formats.TableFormat;
import dev.quiver.sql.NameSuggestions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The tables a query can name: registered under a name (looked up ignoring case), or given by path
 * in the query ({@code FROM 'data/lineitem.qvr'}, {@code FROM 'data/*.parquet'}). A table is a
 * {@code .qvr} file or a folder of them (through the {@code .qvr} source given to the constructor),
 * or Parquet, CSV or Arrow IPC files ({@link FileTableSource}). Thread-safe.
 */
public final class Catalog {
  /** The extension of Quiver's own files. */
  public static final String QVR_EXTENSION = "qvr";

  private final Function<List<Path>, TableSource> qvrTables;
  private final Path baseDirectory;
  private final Map<String, TableSource> tables = new ConcurrentHashMap<>();
  private final Map<String, String> registeredNames = new ConcurrentHashMap<>();
  private final Map<String, TableSource> pathTables = new ConcurrentHashMap<>();
  private final Map<String, QuiverException> brokenTables = new ConcurrentHashMap<>();
  private volatile CsvReadOptions csvOptions = CsvReadOptions.defaults();
  private volatile DatabaseObjects database;

  /**
   * @param qvrTables makes the table of a list of {@code .qvr} files (one file, or a folder's files)
   */
  public Catalog(Function<List<Path>, TableSource> qvrTables) {
    this(qvrTables, Path.of(""));
  }

  /**
   * @param qvrTables makes the table of a list of {@code .qvr} files
   * @param baseDirectory where relative paths in queries and registrations start
   */
  public Catalog(Function<List<Path>, TableSource> qvrTables, Path baseDirectory) {
    this.qvrTables = Objects.requireNonNull(qvrTables, "qvrTables");
    this.baseDirectory = Objects.requireNonNull(baseDirectory, "baseDirectory");
  }

  /**
   * How CSV tables opened from now on are typed (the inference sample, given column types: docs/CSV.md);
   * forgets the tables already opened by path, so a query reads them again with these options.
   */
  public void csvOptions(CsvReadOptions options) {
    csvOptions = Objects.requireNonNull(options, "options");
    pathTables.clear();
  }

  /** The database whose tables and views queries name after the registered tables (null: none). */
  public void database(DatabaseObjects objects) {
    database = objects;
  }

  /** The database's tables and views, or null. */
  public DatabaseObjects database() {
    return database;
  }

  /** The view {@code name} (in {@code schema}, or the search path when null), if the database has one. */
  public Optional<DatabaseObjects.View> view(String schema, String name) {
    DatabaseObjects objects = database;
    if (objects == null || schema == null && tables.containsKey(key(name))) {
      return Optional.empty();
    }
    return objects.view(schema, name);
  }

  /** Registers {@code source} under {@code name}, replacing a table of that name (ignoring case). */
  public void register(String name, TableSource source) {
    Objects.requireNonNull(source, "source");
    tables.put(key(name), source);
    registeredNames.put(key(name), name);
  }

  /**
   * Registers the file or folder at {@code path} under {@code name}: a {@code .qvr} file, a folder of
   * {@code .qvr} files, or a Parquet, CSV or Arrow IPC file.
   *
   * @throws QuiverException USER when the path is missing or of no supported format
   */
  public TableSource register(String name, Path path) throws IOException {
    TableSource source = open(name, List.of(resolve(path)));
    register(name, source);
    return source;
  }

  /**
   * Registers every supported file in {@code directory} under its name without the extension, and
   * every sub-folder holding {@code .qvr} files under the folder's name.
   *
   * @return the names registered, sorted
   */
  public List<String> registerDirectory(Path directory) throws IOException {
    Path folder = resolve(directory);
    if (!Files.isDirectory(folder)) {
      throw QuiverException.user("no such folder: " + directory);
    }
    Map<String, Path> found = new TreeMap<>();
    try (Stream<Path> entries = Files.list(folder)) {
      for (Path entry : (Iterable<Path>) entries.sorted()::iterator) {
        String fileName = entry.getFileName().toString();
        if (fileName.startsWith(".")) {
          continue;
        }
        if (Files.isDirectory(entry)) {
          if (!qvrFiles(entry).isEmpty()) {
            found.put(fileName, entry);
          }
        } else if (supported(entry)) {
          int dot = fileName.lastIndexOf('.');
          String stem = dot > 0 ? fileName.substring(0, dot) : fileName;
          Path previous = found.putIfAbsent(stem, entry);
          if (previous != null) {
            throw QuiverException.user("two tables named '" + stem + "' in " + directory + ": " + previous.getFileName()
                + " and " + fileName + "; register one of them by name");
          }
        }
      }
    }
    List<String> registered = new ArrayList<>();
    for (Map.Entry<String, Path> table : found.entrySet()) {
      // A file that cannot be opened fails only the queries that name it, with its own error.
      try {
        register(table.getKey(), open(table.getKey(), List.of(table.getValue())));
        brokenTables.remove(key(table.getKey()));
        registered.add(table.getKey());
      } catch (QuiverException failure) {
        brokenTables.put(key(table.getKey()), failure);
      } catch (IOException failure) {
        brokenTables.put(key(table.getKey()), new QuiverException(ErrorCode.IO,
            "cannot read " + table.getValue() + ": " + failure.getMessage(), failure));
      }
    }
    return List.copyOf(registered);
  }

  /**
   * The table registered under {@code name} (ignoring case).
   *
   * @throws QuiverException the error met opening it, for a file of a registered folder that could
   *     not be opened (so only the queries naming it fail)
   */
  public Optional<TableSource> table(String name) {
    TableSource source = tables.get(key(name));
    QuiverException broken = source == null ? brokenTables.get(key(name)) : null;
    if (broken != null) {
      throw new QuiverException(broken.errorCode(), "table " + name + ": " + broken.getMessage(), broken);
    }
    DatabaseObjects objects = database;
    if (source == null && objects != null) {
      return objects.table(null, name);
    }
    return Optional.ofNullable(source);
  }

  /** Forgets the table registered under {@code name} (ignoring case), if there is one. */
  public void unregister(String name) {
    tables.remove(key(name));
    registeredNames.remove(key(name));
  }

  /** The registered names and the database's tables and views on its search path, sorted. */
  public List<String> tableNames() {
    List<String> names = new ArrayList<>(registeredNames.values());
    DatabaseObjects objects = database;
    if (objects != null) {
      for (String schema : objects.searchPath()) {
        for (DatabaseObjects.ObjectName object : objects.objects(schema)) {
          if (!names.contains(object.name())) {
            names.add(object.name());
          }
        }
      }
    }
    names.sort(String.CASE_INSENSITIVE_ORDER);
    return names;
  }

  /**
   * The table a query names: a registered table, else (when the text looks like a path: it has a
   * slash, a dot or a glob character) the file, folder or files the path or glob names.
   *
   * @throws QuiverException USER naming the closest registered table when there is none
   */
  public TableSource resolveTable(String nameOrPath) {
    TableSource registered = tables.get(key(nameOrPath));
    if (registered != null) {
      return registered;
    }
    DatabaseObjects objects = database;
    if (objects != null) {
      Optional<TableSource> stored = objects.table(null, nameOrPath);
      if (stored.isPresent()) {
        return stored.get();
      }
    }
    if (!looksLikePath(nameOrPath)) {
      throw QuiverException.user("table '" + nameOrPath + "' not found"
          + NameSuggestions.didYouMean(nameOrPath, tableNames()));
    }
    return pathTables.computeIfAbsent(nameOrPath, text -> {
      try {
        return open(text, Globs.expand(baseDirectory, text));
      } catch (IOException failure) {
        throw new QuiverException(ErrorCode.IO, "cannot read " + text + ": " + failure.getMessage(), failure);
      }
    });
  }

  /**
   * The table of the files {@code paths} name (each a file, a folder or a glob), read as {@code format}
   * with {@code csv}: what a table function ({@code read_parquet}, {@code read_csv}) opens. Not cached:
   * each call reads the files' schemas again.
   *
   * @throws QuiverException USER when a path names nothing or a file of another format, IO when one cannot be read
   */
  public TableSource openFiles(String name, List<String> paths, TableFormat format, CsvReadOptions csv) {
    List<Path> files = new ArrayList<>();
    try {
      for (String text : paths) {
        List<Path> expanded = Globs.expand(baseDirectory, text);
        if (expanded.isEmpty()) {
          throw QuiverException.user("no files match " + text);
        }
        for (Path path : expanded) {
          if (Files.isDirectory(path)) {
            List<Path> inside = dataFiles(path).stream().filter(file -> !TableFormat.extension(file)
                .equals(QVR_EXTENSION)).toList();
            if (inside.isEmpty()) {
              throw QuiverException.user(name + ": the folder " + text + " holds no " + format.displayName()
                  + " files");
            }
            files.addAll(inside);
          } else {
            files.add(path);
          }
        }
      }
      return FileTableSource.open(name, files, format, csv);
    } catch (IOException failure) {
      throw new QuiverException(ErrorCode.IO, "cannot read " + name + ": " + failure.getMessage(), failure);
    }
  }

  /** Whether a table name in a query is a path (a slash, a dot, or a glob character). */
  public static boolean looksLikePath(String text) {
    return text.indexOf('/') >= 0 || text.indexOf('\\') >= 0 || text.indexOf('.') >= 0 || Globs.isGlob(text);
  }

  private Path resolve(Path path) {
    return path.isAbsolute() ? path : baseDirectory.resolve(path);
  }

  private TableSource open(String name, List<Path> paths) throws IOException {
    List<Path> qvr = new ArrayList<>();
    List<Path> other = new ArrayList<>();
    for (Path path : paths) {
      if (Files.isDirectory(path)) {
        List<Path> inside = qvrFiles(path);
        if (inside.isEmpty()) {
          inside = dataFiles(path);
        }
        if (inside.isEmpty()) {
          throw QuiverException.user("table " + name + ": the folder " + path + " holds no ." + QVR_EXTENSION
              + ", Parquet, CSV or Arrow files");
        }
        for (Path file : inside) {
          (TableFormat.extension(file).equals(QVR_EXTENSION) ? qvr : other).add(file);
        }
      } else if (TableFormat.extension(path).equals(QVR_EXTENSION)) {
        qvr.add(path);
      } else {
        other.add(path);
      }
    }
    if (!qvr.isEmpty() && !other.isEmpty()) {
      throw QuiverException.user("table " + name + " mixes ." + QVR_EXTENSION + " files with " + other.get(0));
    }
    if (!qvr.isEmpty()) {
      for (Path file : qvr) {
        if (!Files.isRegularFile(file)) {
          throw QuiverException.user("no such file: " + file);
        }
      }
      if (!HivePartitions.of(name, qvr).isEmpty()) {
        throw QuiverException.user("table " + name + ": " + qvr.get(0) + " sits in key=value partition folders;"
            + " partition columns are read for Parquet, CSV and Arrow files, not yet for ." + QVR_EXTENSION);
      }
      return qvrTables.apply(qvr);
    }
    TableFormat format = TableFormat.detect(other.get(0));
    return FileTableSource.open(name, other, format, csvOptions);
  }

  private static List<Path> qvrFiles(Path folder) throws IOException {
    try (Stream<Path> entries = Files.list(folder)) {
      return entries.filter(Files::isRegularFile)
          .filter(file -> TableFormat.extension(file).equals(QVR_EXTENSION))
          .filter(file -> !file.getFileName().toString().startsWith("."))
          .sorted()
          .toList();
    }
  }

  /**
   * The supported files anywhere under {@code folder} (hive-style {@code key=value} sub-folders),
   * sorted; hidden files and those starting with {@code _} ({@code _SUCCESS}) left out.
   */
  private static List<Path> dataFiles(Path folder) throws IOException {
    try (Stream<Path> entries = Files.walk(folder)) {
      return entries.filter(Files::isRegularFile)
          .filter(file -> !file.getFileName().toString().startsWith("."))
          .filter(file -> !file.getFileName().toString().startsWith("_"))
          .filter(Catalog::supported)
          .sorted()
          .toList();
    }
  }

  private static boolean supported(Path file) {
    String extension = TableFormat.extension(file);
    return extension.equals(QVR_EXTENSION) || TableFormat.ofExtension(extension) != null;
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
