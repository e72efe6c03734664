package dev.quiver.io;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-io use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.io";
  }
}
