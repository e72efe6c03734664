package org.apache.comet;

/**
 * Our declaration of the one native method of Comet's {@code NativeBase} the benchmark calls: the
 * JNI symbol names tie it to this package and class. Comet's own class needs Spark on the class
 * path; {@code libcomet.so} itself only needs these signatures. See
 * {@code dev.quiver.bench.exchange.CometLibrary}.
 */
public final class NativeBase {
  private NativeBase() {}

  /** Initializes Comet's native logging: a log configuration file (empty: none) and a level. */
  public static native void init(String logConfigurationPath, String logLevel);
}
