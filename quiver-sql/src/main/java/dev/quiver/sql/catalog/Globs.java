package dev.quiver.sql.catalog;

import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Paths with glob characters ({@code *}, {@code ?}, {@code [...]}, {@code {a,b}}) expanded to files. */
final class Globs {
  private Globs() {}

  static boolean isGlob(String text) {
    return text.indexOf('*') >= 0 || text.indexOf('?') >= 0 || text.indexOf('[') >= 0 || text.indexOf('{') >= 0;
  }

  /**
   * The files (or, without glob characters, the one file or folder) {@code pattern} names, sorted.
   *
   * @throws QuiverException USER when nothing matches
   */
  static List<Path> expand(Path baseDirectory, String pattern) throws IOException {
    if (!isGlob(pattern)) {
      Path path = baseDirectory.resolve(pattern);
      if (!Files.exists(path)) {
        throw QuiverException.user("no such file: " + pattern);
      }
      return List.of(path);
    }
    String normalized = pattern.replace('\\', '/');
    int firstGlob = firstGlobCharacter(normalized);
    int slash = normalized.lastIndexOf('/', firstGlob);
    Path root = baseDirectory.resolve(slash < 0 ? "" : normalized.substring(0, slash + 1));
    String rest = slash < 0 ? normalized : normalized.substring(slash + 1);
    int depth = rest.contains("**") ? Integer.MAX_VALUE : rest.split("/", -1).length;
    List<PathMatcher> matchers = matchers(rest);
    List<Path> files;
    if (!Files.isDirectory(root)) {
      files = List.of();
    } else {
      try (Stream<Path> walk = Files.walk(root, depth)) {
        files = walk.filter(Files::isRegularFile)
            .filter(file -> matchesAny(matchers, root.relativize(file)))
            .filter(file -> !file.getFileName().toString().startsWith("."))
            .sorted()
            .toList();
      }
    }
    if (files.isEmpty()) {
      throw QuiverException.user("no file matches '" + pattern + "'");
    }
    return files;
  }

  /**
   * Matchers for {@code pattern} where each {@code **}{@code /} matches zero or more folders (as in
   * DuckDB): Java's glob needs at least one, so every combination with some of them removed is
   * matched too.
   */
  static List<PathMatcher> matchers(String pattern) {
    List<String> variants = new ArrayList<>();
    variants.add(pattern);
    for (int index = 0; index < variants.size() && variants.size() < 64; index++) {
      String variant = variants.get(index);
      for (int at = variant.indexOf("**/"); at >= 0; at = variant.indexOf("**/", at + 1)) {
        String shorter = variant.substring(0, at) + variant.substring(at + 3);
        if (!variants.contains(shorter)) {
          variants.add(shorter);
        }
      }
    }
    List<PathMatcher> matchers = new ArrayList<>();
    for (String variant : variants) {
      matchers.add(FileSystems.getDefault().getPathMatcher("glob:" + variant));
    }
    return matchers;
  }

  private static boolean matchesAny(List<PathMatcher> matchers, Path path) {
    for (PathMatcher matcher : matchers) {
      if (matcher.matches(path)) {
        return true;
      }
    }
    return false;
  }

  private static int firstGlobCharacter(String text) {
    for (int i = 0; i < text.length(); i++) {
      char character = text.charAt(i);
      if (character == '*' || character == '?' || character == '[' || character == '{') {
        return i;
      }
    }
    return text.length();
  }
}
