package dev.quiver.bench.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.comet.NativeBase;

/**
 * Loads Apache DataFusion Comet's native library without Comet's Java classes: the Comet jar
 * (copied by the build to {@code quiver-bench/target/peers/comet-spark.jar}, on no class path, since
 * it bundles its own {@code org.apache.arrow.c}) is opened as a zip, {@value #ENTRY} is extracted once
 * beside it (atomically), loaded with {@link System#load}, and initialized through our
 * {@link NativeBase} declaration. The jar's location: system property {@value #JAR_PROPERTY}.
 */
public final class CometLibrary {
  public static final String JAR_PROPERTY = "quiver.bench.cometJar";
  static final String ENTRY = "org/apache/comet/linux/amd64/libcomet.so";
  private static boolean loaded;

  private CometLibrary() {}

  /** The Comet jar named by {@value #JAR_PROPERTY}, or null when the property is unset. */
  public static Path jar() {
    String property = System.getProperty(JAR_PROPERTY);
    return property == null || property.isBlank() ? null : Path.of(property);
  }

  /** Whether Comet can be loaded here: the jar exists and this is Linux on x86-64. */
  public static boolean available() {
    Path jar = jar();
    return jar != null && Files.isRegularFile(jar) && System.getProperty("os.name").startsWith("Linux")
        && (System.getProperty("os.arch").equals("amd64") || System.getProperty("os.arch").equals("x86_64"));
  }

  /** Loads and initializes the library (once per JVM). */
  public static synchronized void load() throws IOException {
    if (loaded) {
      return;
    }
    if (!available()) {
      throw QuiverException.user("Comet's native library is not available: set -D" + JAR_PROPERTY
          + " to the comet-spark jar (the build copies it to quiver-bench/target/peers/comet-spark.jar); Linux x86-64 only");
    }
    Path jar = jar();
    Path library = jar.resolveSibling("libcomet-" + Files.size(jar) + ".so");
    if (!Files.exists(library)) {
      extract(jar, library);
    }
    System.load(library.toAbsolutePath().toString());
    NativeBase.init("", "warn");
    loaded = true;
  }

  private static void extract(Path jar, Path library) throws IOException {
    TemporaryFiles.removeStale(library);
    Path temporary = TemporaryFiles.nameFor(library);
    try (ZipFile zip = new ZipFile(jar.toFile())) {
      ZipEntry entry = zip.getEntry(ENTRY);
      if (entry == null) {
        throw QuiverException.user(jar + " holds no " + ENTRY + ": not a Comet 1.2 Spark jar");
      }
      try (InputStream in = zip.getInputStream(entry)) {
        Files.copy(in, temporary);
      }
      Files.move(temporary, library, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
