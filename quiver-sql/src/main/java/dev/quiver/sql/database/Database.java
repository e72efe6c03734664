package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.common.io.ExitCleanup;
import dev.quiver.exec.source.TableSource;
import dev.quiver.format.table.TableManifest;
import dev.quiver.format.table.TableManifests;
import dev.quiver.sql.catalog.DatabaseObjects;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A database of one's own: schemas holding tables and views, in a folder ({@code quiver sql --db DIR})
 * or, by default, in a temporary folder that is deleted when the session closes (DuckDB's {@code
 * :memory:}). Layout:
 *
 * <pre>
 * DIR/.quiver-database              (marks the folder as a database)
 * DIR/main/                         (the default schema; CREATE SCHEMA s makes DIR/s/)
 * DIR/main/orders/_quiver/manifest-N + part-*.qvr   (a table: {@link StoredTable})
 * DIR/main/recent.view              (a view: {@link StoredViews})
 * DIR/main/orders_id.index          (a name CREATE INDEX accepted: {@link StoredIndexes})
 * </pre>
 *
 * Temporary tables and views ({@code CREATE TEMP TABLE}) live in schema {@code temp}, a folder of the
 * session's own, deleted at close. A name without a schema is looked up in {@code temp}, then {@code
 * main}. Names are stored as {@link DatabaseNames} spells them and compare ignoring case.
 */
public final class Database implements DatabaseObjects, AutoCloseable {
  /** The default schema. */
  public static final String MAIN = "main";
  /** The session's schema of temporary tables and views. */
  public static final String TEMP = "temp";
  static final String MARKER = ".quiver-database";
  private static final String MARKER_TEXT = "quiver-database 1\n";

  private final Path root;
  private final boolean inMemory;
  private final Path temporaryRoot;
  private final Map<Path, Cached> sources = new ConcurrentHashMap<>();

  private record Cached(long version, TableSource source) {}

  private Database(Path root, boolean inMemory) throws IOException {
    this.root = root;
    this.inMemory = inMemory;
    this.temporaryRoot = Files.createTempDirectory("quiver-temp-");
    ExitCleanup.register(temporaryRoot);
    Files.createDirectories(temporaryRoot.resolve(TEMP));
  }

  /**
   * The database in {@code folder}, made when the folder is missing or empty; a USER error when it
   * holds other things (it is not a database).
   */
  public static Database open(Path folder) throws IOException {
    Path absolute = folder.toAbsolutePath();
    if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
      throw QuiverException.user(folder + " is a file; --db takes a folder (made if missing)");
    }
    Files.createDirectories(absolute);
    Path marker = absolute.resolve(MARKER);
    if (!Files.exists(marker)) {
      try (Stream<Path> entries = Files.list(absolute)) {
        if (entries.findAny().isPresent()) {
          throw QuiverException.user(folder + " is not a Quiver database (it has no " + MARKER
              + " and is not empty); give a new or empty folder");
        }
      }
      Files.writeString(marker, MARKER_TEXT, StandardCharsets.UTF_8);
    }
    Files.createDirectories(absolute.resolve(MAIN));
    return new Database(absolute, false);
  }

  /** A database in a temporary folder, deleted at {@link #close} (or when the JVM exits first). */
  public static Database inMemory() throws IOException {
    Path folder = Files.createTempDirectory("quiver-memory-");
    ExitCleanup.register(folder);
    Files.writeString(folder.resolve(MARKER), MARKER_TEXT, StandardCharsets.UTF_8);
    Files.createDirectories(folder.resolve(MAIN));
    return new Database(folder, true);
  }

  /** The folder (a temporary one for an in-memory database). */
  public Path root() {
    return root;
  }

  /** Whether the database goes away with the session. */
  public boolean isInMemory() {
    return inMemory;
  }

  /** The folder of {@code schema} (which may not exist). */
  Path schemaFolder(String schema) {
    if (DatabaseNames.same(schema, TEMP)) {
      return temporaryRoot.resolve(TEMP);
    }
    return root.resolve(DatabaseNames.encode(schema));
  }

  /** The schema's name as stored, when it exists. */
  Optional<String> schema(String name) {
    for (String schema : schemas()) {
      if (DatabaseNames.same(schema, name)) {
        return Optional.of(schema);
      }
    }
    return Optional.empty();
  }

  @Override
  public List<String> searchPath() {
    return List.of(TEMP, MAIN);
  }

  @Override
  public List<String> schemas() {
    List<String> schemas = new ArrayList<>();
    schemas.add(TEMP);
    for (Path entry : list(root)) {
      String name = DatabaseNames.decode(entry.getFileName().toString());
      if (name != null && Files.isDirectory(entry)) {
        schemas.add(name);
      }
    }
    schemas.sort(String.CASE_INSENSITIVE_ORDER);
    return schemas;
  }

  /** The stored table {@code name} in {@code schema} (null: the search path). */
  Optional<StoredTable> storedTable(String schema, String name) {
    for (String candidate : schema == null ? searchPath() : List.of(schema)) {
      Path folder = schemaFolder(candidate);
      for (Path entry : list(folder)) {
        String stored = DatabaseNames.decode(entry.getFileName().toString());
        if (stored != null && DatabaseNames.same(stored, name) && Files.isDirectory(entry)
            && TableManifests.exists(entry)) {
          return Optional.of(new StoredTable(entry, candidate, stored));
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public Optional<TableSource> table(String schema, String name) {
    return storedTable(schema, name).map(this::source);
  }

  /** The table source of the table's latest version, opened once per version. */
  TableSource source(StoredTable table) {
    TableManifest latest = table.latest();
    Cached cached = sources.get(table.folder());
    if (cached != null && cached.version() == latest.version()) {
      return cached.source();
    }
    TableSource source = table.source(latest);
    sources.put(table.folder(), new Cached(latest.version(), source));
    return source;
  }

  @Override
  public Optional<View> view(String schema, String name) {
    for (String candidate : schema == null ? searchPath() : List.of(schema)) {
      Optional<View> view = StoredViews.read(schemaFolder(candidate), candidate, name);
      if (view.isPresent()) {
        return view;
      }
    }
    return Optional.empty();
  }

  @Override
  public List<ObjectName> objects(String schema) {
    List<ObjectName> objects = new ArrayList<>();
    Path folder = schemaFolder(schema);
    for (Path entry : list(folder)) {
      String fileName = entry.getFileName().toString();
      if (fileName.endsWith(StoredViews.SUFFIX)) {
        String name = DatabaseNames.decode(fileName.substring(0, fileName.length() - StoredViews.SUFFIX.length()));
        if (name != null) {
          objects.add(new ObjectName(schema, name, true));
        }
        continue;
      }
      String name = DatabaseNames.decode(fileName);
      if (name != null && Files.isDirectory(entry) && TableManifests.exists(entry)) {
        objects.add(new ObjectName(schema, name, false));
      }
    }
    objects.sort(Comparator.comparing(ObjectName::name, String.CASE_INSENSITIVE_ORDER));
    return objects;
  }

  /** Whether {@code schema} holds a table or view called {@code name}. */
  boolean holds(String schema, String name) {
    return objects(schema).stream().anyMatch(object -> DatabaseNames.same(object.name(), name));
  }

  static List<Path> list(Path folder) {
    try (Stream<Path> entries = Files.list(folder)) {
      return entries.sorted().toList();
    } catch (NoSuchFileException missing) {
      return List.of();
    } catch (IOException failure) {
      throw new UncheckedIOException("cannot list " + folder + ": " + failure.getMessage(), failure);
    }
  }

  /** Deletes a folder and what it holds (best effort for what cannot be deleted). */
  static void deleteTree(Path folder) {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> entries = Files.walk(folder)) {
      entries.sorted(Comparator.reverseOrder()).forEach(StoredTable::deleteQuietly);
    } catch (IOException ignored) {
      // what remains is under a name no lookup reads
    }
  }

  @Override
  public void close() {
    sources.clear();
    deleteTree(temporaryRoot);
    ExitCleanup.unregister(temporaryRoot);
    if (inMemory) {
      deleteTree(root);
      ExitCleanup.unregister(root);
    }
  }
}
