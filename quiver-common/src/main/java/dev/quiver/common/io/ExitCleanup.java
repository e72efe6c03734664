package dev.quiver.common.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Temporary files and folders (a COPY's temporary target, a query's spill folder) removed when the
 * JVM stops before their owner does: Ctrl-C or SIGTERM run the JVM's shutdown hooks, and the one
 * installed here (once, on the first registration) deletes whatever is still registered. Owners
 * unregister what they commit or remove themselves.
 */
public final class ExitCleanup {
  private static final Set<Path> PATHS = ConcurrentHashMap.newKeySet();
  private static volatile boolean installed;

  private ExitCleanup() {}

  /** Deletes {@code path} (a file, or a folder with what it holds) if the JVM exits first. */
  public static void register(Path path) {
    install();
    PATHS.add(path.toAbsolutePath());
  }

  /** Forgets {@code path}: its owner committed or removed it. */
  public static void unregister(Path path) {
    PATHS.remove(path.toAbsolutePath());
  }

  /** The paths registered now (for tests). */
  public static List<Path> registered() {
    return new ArrayList<>(PATHS);
  }

  private static void install() {
    if (installed) {
      return;
    }
    synchronized (ExitCleanup.class) {
      if (!installed) {
        Runtime.getRuntime().addShutdownHook(new Thread(ExitCleanup::removeAll, "quiver-exit-cleanup"));
        installed = true;
      }
    }
  }

  /** How many times a path is removed while it keeps coming back; {@link #RETRY_MILLIS} apart. */
  private static final int REMOVE_ATTEMPTS = 50;
  private static final long RETRY_MILLIS = 20;

  /**
   * Removes every registered path, best effort (the JVM is stopping). The query's threads still run while the
   * hooks do: one may create a file in a folder after the folder was listed, so the folder's removal would fail. A
   * folder is therefore first renamed aside (files created by its name then fail), and removal is tried again
   * while anything is left, up to {@link #REMOVE_ATTEMPTS} times.
   */
  static void removeAll() {
    for (Path path : List.copyOf(PATHS)) {
      Path target = Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? movedAside(path) : path;
      for (int attempt = 0; attempt < REMOVE_ATTEMPTS && Files.exists(target, LinkOption.NOFOLLOW_LINKS); attempt++) {
        if (attempt > 0 && !pause()) {
          break;
        }
        remove(target);
      }
      PATHS.remove(path);
    }
  }

  /**
   * Renames a folder to a hidden name beside it (one atomic rename), so that a file another thread creates by the
   * folder's name fails from then on; the folder itself when the rename fails (then removed where it is).
   */
  private static Path movedAside(Path folder) {
    Path parent = folder.getParent();
    if (parent == null) {
      return folder;
    }
    Path aside = parent.resolve("." + folder.getFileName() + ".removing-" + System.nanoTime());
    try {
      return Files.move(folder, aside, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException notMoved) {
      return folder;
    }
  }

  private static void remove(Path path) {
    try {
      if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
        try (Stream<Path> inside = Files.walk(path)) {
          for (Path file : inside.sorted(Comparator.reverseOrder()).toList()) {
            Files.deleteIfExists(file);
          }
        }
      } else {
        Files.deleteIfExists(path);
      }
    } catch (IOException | RuntimeException ignored) {
      // a file another thread created meanwhile: the caller tries again
    }
  }

  /** Waits before the next attempt; false when interrupted (the attempts then end). */
  private static boolean pause() {
    try {
      Thread.sleep(RETRY_MILLIS);
      return true;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
