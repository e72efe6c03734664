package dev.quiver.bench.run;

import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Runs one measurement ({@link ChildJvm} starts a JVM for it, {@link PersistentJvm} sends it to a
 * long-lived one; tests may answer directly).
 */
public interface Measurer extends Closeable {
  MeasureResult run(MeasureRequest request) throws IOException;

  /** The JVM options the measurements run with, for the record. */
  List<String> options();

  /** Ends what the measurer keeps (the JVMs of {@link PersistentJvm}); reports how they ended. */
  @Override
  default void close() throws IOException {}
}
