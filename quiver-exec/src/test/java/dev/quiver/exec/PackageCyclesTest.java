package dev.quiver.exec;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-exec use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.exec";
  }
}
