package dev.quiver.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version {@code quiver --version} prints, from the build's filtered {@code version.properties}. */
public final class VersionProvider implements IVersionProvider {

  @Override
  public String[] getVersion() throws IOException {
    Properties properties = new Properties();
    try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        properties.load(in);
      }
    }
    String version = properties.getProperty("version", "unknown");
    return new String[] {
        "quiver " + version,
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
        dev.quiver.common.simd.Simd.describe()
    };
  }
}
