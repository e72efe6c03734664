package dev.quiver.sql;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-sql use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.sql";
  }
}
