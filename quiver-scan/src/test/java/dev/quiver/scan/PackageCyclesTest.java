package dev.quiver.scan;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-scan use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.scan";
  }
}
