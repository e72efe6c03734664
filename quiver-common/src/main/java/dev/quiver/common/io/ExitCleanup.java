package dev.quiver.common.io;

import java.io.IOException;
import java.nio.file.Files;
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

  /** Removes every registered path, best effort (the JVM is stopping). */
  static void removeAll() {
    for (Path path : List.copyOf(PATHS)) {
      try {
        if (Files.isDirectory(path)) {
          try (Stream<Path> inside = Files.walk(path)) {
            for (Path file : inside.sorted(Comparator.reverseOrder()).toList()) {
              Files.deleteIfExists(file);
            }
          }
        } else {
          Files.deleteIfExists(path);
        }
      } catch (IOException | RuntimeException ignored) {
        // Best effort: a file another thread still writes to may reappear; nothing else can be done here.
      }
      PATHS.remove(path);
    }
  }
}
