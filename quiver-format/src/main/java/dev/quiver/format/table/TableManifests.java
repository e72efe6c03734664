package dev.quiver.format.table;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The versions of a table's manifest ({@link TableManifest}): {@code <table>/_quiver/manifest-<n>}, n = 1, 2, ... A version
 * is published with an atomic create-if-absent (the text is written and forced to a hidden temporary
 * file, then hard-linked to its final name, which fails when the name exists), so a manifest is
 * complete the moment its name exists and two committers can never both publish version n. Readers
 * take the highest version; a version that disappears while it is being opened (cleaned up by a
 * later commit) makes them look again.
 */
public final class TableManifests {
  /** The table's metadata folder (skipped by listings: it starts with '_'). */
  public static final String FOLDER = "_quiver";
  static final String PREFIX = "manifest-";
  private static final int LOOKUPS = 10;

  private TableManifests() {}

  /** The path of version {@code version} of the manifest of {@code table}. */
  public static Path path(Path table, long version) {
    return table.resolve(FOLDER).resolve(PREFIX + version);
  }

  /** Whether {@code table} has a committed manifest. */
  public static boolean exists(Path table) {
    return !versions(table).isEmpty();
  }

  /** The latest committed manifest of {@code table}; empty when it has none; CORRUPT when it is damaged. */
  public static Optional<TableManifest> latest(Path table) {
    for (int lookup = 0; lookup < LOOKUPS; lookup++) {
      List<Long> versions = versions(table);
      if (versions.isEmpty()) {
        return Optional.empty();
      }
      long version = versions.get(versions.size() - 1);
      Path file = path(table, version);
      byte[] bytes;
      try {
        bytes = Files.readAllBytes(file);
      } catch (NoSuchFileException removed) {
        continue;
      } catch (IOException failure) {
        throw new UncheckedIOException("reading " + file, failure);
      }
      TableManifest manifest = TableManifest.parse(file.toString(), bytes);
      if (manifest.version() != version) {
        throw TableManifest.corrupt(file.toString(),
            "it says version " + manifest.version() + " but is named " + version);
      }
      return Optional.of(manifest);
    }
    throw new QuiverException(dev.quiver.common.ErrorCode.IO,
        "the manifest of " + table + " kept changing while it was read (" + LOOKUPS + " tries)");
  }

  /** Version {@code version} of the manifest of {@code table}; empty when it is not there. */
  public static Optional<TableManifest> read(Path table, long version) {
    Path file = path(table, version);
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException removed) {
      return Optional.empty();
    } catch (IOException failure) {
      throw new UncheckedIOException("reading " + file, failure);
    }
    return Optional.of(TableManifest.parse(file.toString(), bytes));
  }

  /** The versions present, ascending. */
  public static List<Long> versions(Path table) {
    Path folder = table.resolve(FOLDER);
    List<Long> versions = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return versions;
    }
    try (Stream<Path> entries = Files.list(folder)) {
      entries.forEach(entry -> {
        String name = entry.getFileName().toString();
        if (name.startsWith(PREFIX) && name.length() > PREFIX.length() && name.length() <= PREFIX.length() + 18
            && name.substring(PREFIX.length()).chars().allMatch(c -> c >= '0' && c <= '9')) {
          versions.add(Long.parseLong(name.substring(PREFIX.length())));
        }
      });
    } catch (NoSuchFileException removed) {
      return versions;
    } catch (IOException failure) {
      throw new UncheckedIOException("listing " + folder, failure);
    }
    versions.sort(null);
    return versions;
  }

  /**
   * Publishes {@code manifest} as version {@code manifest.version()}; false when that version already
   * exists (another committer won it), in which case nothing was changed.
   */
  public static boolean publish(Path table, TableManifest manifest) throws IOException {
    Path folder = table.resolve(FOLDER);
    Files.createDirectories(folder);
    Path target = path(table, manifest.version());
    Path temporary = folder.resolve("." + PREFIX + manifest.version() + "-" + UUID.randomUUID() + ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(manifest.toBytes());
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      try {
        Files.createLink(target, temporary);
      } catch (FileAlreadyExistsException taken) {
        return false;
      } catch (UnsupportedOperationException noLinks) {
        // a file system without hard links: a move that refuses to replace (not atomic against a
        // committer racing in the same instant)
        try {
          Files.move(temporary, target);
        } catch (FileAlreadyExistsException taken) {
          return false;
        }
      }
      forceFolder(folder);
      return true;
    } finally {
      try {
        Files.deleteIfExists(temporary);
      } catch (IOException ignored) {
        // a hidden temporary may remain; it is never read, and a published version must not fail here
      }
    }
  }

  /**
   * Deletes the manifest versions below {@code version} that were written more than {@code age} ago
   * (best effort: a failure leaves them). A version's name must not be free again while a committer
   * that read the version before it may still publish: that committer would link a version below the
   * latest, which no reader takes, and lose its write without knowing. Committers check that their
   * base is still there before they publish, and the age keeps every recent base there.
   */
  public static void deleteBelow(Path table, long version, java.time.Duration age) {
    long cutoff = System.currentTimeMillis() - age.toMillis();
    for (long old : versions(table)) {
      if (old < version) {
        try {
          if (Files.getLastModifiedTime(path(table, old)).toMillis() < cutoff) {
            Files.deleteIfExists(path(table, old));
          }
        } catch (IOException ignored) {
          // an old version left behind is never read: readers take the highest
        }
      }
    }
  }

  /** Deletes the manifest versions below {@code version} (best effort: a failure leaves them). */
  public static void deleteBelow(Path table, long version) {
    for (long old : versions(table)) {
      if (old < version) {
        try {
          Files.deleteIfExists(path(table, old));
        } catch (IOException ignored) {
          // an old version left behind is never read: readers take the highest
        }
      }
    }
  }

  private static void forceFolder(Path folder) {
    try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException | UnsupportedOperationException notSupported) {
      // not every platform can force a directory; the link itself is already atomic
    }
  }
}
