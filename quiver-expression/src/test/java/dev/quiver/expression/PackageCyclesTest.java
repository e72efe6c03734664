package dev.quiver.expression;

import dev.quiver.testing.TestingPackageCycles;

/** No two main packages of quiver-expression use each other, directly or through others. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.expression";
  }
}
