package dev.quiver.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version {@code quiver --version} prints, from the build's filtered {@code version.properties}, and
 * the SIMD choice. Picocli also asks for the version while it builds the command model (subcommands
 * inherit it); the SIMD line is left out then, because asking {@link dev.quiver.common.simd.Simd} makes
 * its choice for the whole process, before {@code sql} can say the run is a one-shot one.
 */
public final class VersionProvider implements IVersionProvider {
  /** Set once the command line is built: from then on the version is being printed. */
  static volatile boolean commandLineBuilt;

  @Override
  public String[] getVersion() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    }
    String version = properties.getProperty("version", "unknown");
    String java = "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")";
    if (!commandLineBuilt) {
      return new String[] {"quiver " + version, java};
    }
    return new String[] {"quiver " + version, java, dev.quiver.common.simd.Simd.describe()};
  }
}
