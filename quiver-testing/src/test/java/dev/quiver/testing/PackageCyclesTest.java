package dev.quiver.testing;

/** quiver-testing's own main packages form no cycle. */
class PackageCyclesTest extends TestingPackageCycles {
  @Override
  protected String basePackage() {
    return "dev.quiver.testing";
  }
}
