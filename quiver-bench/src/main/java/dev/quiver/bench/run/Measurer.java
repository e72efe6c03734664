package dev.quiver.bench.run;

import java.io.IOException;
import java.util.List;

/** Runs one measurement ({@link ChildJvm} starts a JVM for it; tests may answer directly). */
public interface Measurer {
  MeasureResult run(MeasureRequest request) throws IOException;

  /** The JVM options the measurements run with, for the record. */
  List<String> options();
}
