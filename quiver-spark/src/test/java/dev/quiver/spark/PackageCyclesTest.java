package dev.quiver.spark;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-spark use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.spark";
  }
}
