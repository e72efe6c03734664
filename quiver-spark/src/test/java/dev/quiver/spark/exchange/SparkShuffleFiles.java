package dev.quiver.spark.exchange;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Spark's shuffle files under a {@code spark.local.dir}: {@code blockmgr-*}/{@code xx}/{@code
 * shuffle_<shuffle>_<map>_0.data} and {@code .index}. Spark places each file by a hash of its own name,
 * so a data file and its index are usually in different subdirectories.
 */
final class SparkShuffleFiles {
  private SparkShuffleFiles() {}

  static final Pattern DATA_FILE = Pattern.compile("shuffle_(\\d+)_(\\d+)_0\\.data");

  /** Every shuffle data file under {@code localDirectory}. */
  static List<Path> dataFiles(Path localDirectory) throws IOException {
    return files(localDirectory).stream().filter(file -> DATA_FILE.matcher(file.getFileName().toString()).matches())
        .sorted().toList();
  }

  /**
   * Every file under {@code localDirectory}, walked so that a file or folder Spark deletes meanwhile (its context
   * cleaner removes the shuffles of earlier tests while this one runs) is skipped, not an error.
   */
  static List<Path> files(Path localDirectory) throws IOException {
    List<Path> found = new java.util.ArrayList<>();
    Files.walkFileTree(localDirectory, new java.nio.file.SimpleFileVisitor<>() {
      @Override
      public java.nio.file.FileVisitResult visitFile(Path file,
          java.nio.file.attribute.BasicFileAttributes attributes) {
        found.add(file);
        return java.nio.file.FileVisitResult.CONTINUE;
      }

      @Override
      public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
        if (failure instanceof java.nio.file.NoSuchFileException) {
          return java.nio.file.FileVisitResult.CONTINUE;
        }
        throw failure;
      }

      @Override
      public java.nio.file.FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
        if (failure != null && !(failure instanceof java.nio.file.NoSuchFileException)) {
          throw failure;
        }
        return java.nio.file.FileVisitResult.CONTINUE;
      }
    });
    return found;
  }

  /** The shuffle id of a data file. */
  static int shuffleId(Path dataFile) {
    Matcher matcher = DATA_FILE.matcher(dataFile.getFileName().toString());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(dataFile + " is not a shuffle data file");
    }
    return Integer.parseInt(matcher.group(1));
  }

  /** The index file of {@code dataFile}, wherever under {@code localDirectory} Spark put it. */
  static Path indexOf(Path dataFile, Path localDirectory) throws IOException {
    String name = dataFile.getFileName().toString().replace(".data", ".index");
    return files(localDirectory).stream().filter(file -> file.getFileName().toString().equals(name)).findFirst()
        .orElseThrow(() -> new IOException("no index file " + name + " under " + localDirectory));
  }

  /** Deletes {@code directory} and everything under it (a missing directory is fine). */
  static void deleteRecursively(Path directory) throws IOException {
    if (directory == null || !Files.exists(directory)) {
      return;
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }
}
