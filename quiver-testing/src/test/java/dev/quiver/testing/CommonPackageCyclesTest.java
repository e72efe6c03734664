package dev.quiver.testing;

import java.nio.file.Path;

/**
 * quiver-common's main packages form no cycle. It lives here because quiver-common's own tests
 * cannot depend on this module (this module depends on quiver-common).
 */
class CommonPackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.common";
  }

  @Override
  protected Path sourceRoot() {
    return Path.of("../quiver-common/src/main/java");
  }
}
