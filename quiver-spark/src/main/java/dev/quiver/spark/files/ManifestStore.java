package dev.quiver.spark.files;

import dev.quiver.format.table.TableManifests;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The versions of a table's manifest with Spark's types: {@link TableManifests} (the shared table
 * format's store) read and published as {@link Manifest}s.
 */
public final class ManifestStore {
  /** The table's metadata folder (skipped by listings: it starts with '_'). */
  public static final String FOLDER = TableManifests.FOLDER;

  private ManifestStore() {}

  /** The path of version {@code version} of the manifest of {@code table}. */
  public static Path path(Path table, long version) {
    return TableManifests.path(table, version);
  }

  /** Whether {@code table} has a committed manifest. */
  public static boolean exists(Path table) {
    return TableManifests.exists(table);
  }

  /** The latest committed manifest of {@code table}; empty when it has none; CORRUPT when it is damaged. */
  public static Optional<Manifest> latest(Path table) {
    return TableManifests.latest(table)
        .map(manifest -> Manifest.of(path(table, manifest.version()).toString(), manifest));
  }

  /** Version {@code version} of the manifest of {@code table}; empty when it is not there. */
  public static Optional<Manifest> read(Path table, long version) {
    return TableManifests.read(table, version).map(manifest -> Manifest.of(path(table, version).toString(), manifest));
  }

  /** The versions present, ascending. */
  public static List<Long> versions(Path table) {
    return TableManifests.versions(table);
  }

  /**
   * Publishes {@code manifest} as version {@code manifest.version()}; false when that version already
   * exists (another committer won it), in which case nothing was changed.
   */
  public static boolean publish(Path table, Manifest manifest) throws IOException {
    return TableManifests.publish(table, manifest.shared());
  }

  /** Deletes the manifest versions below {@code version} (best effort: a failure leaves them). */
  public static void deleteBelow(Path table, long version) {
    TableManifests.deleteBelow(table, version);
  }
}
