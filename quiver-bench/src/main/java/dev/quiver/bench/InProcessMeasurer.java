package dev.quiver.bench;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.MeasureResult;
import dev.quiver.bench.run.Measurer;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Runs measurements in this JVM, as a measurement JVM would ({@link MeasureMain#measure}), under
 * one allocator: for tests and smoke runs of whole suites. Peak RSS is then this JVM's, shared by
 * every system: never for figures.
 */
public final class InProcessMeasurer implements Measurer {
  private final BufferAllocator allocator;

  public InProcessMeasurer(BufferAllocator allocator) {
    this.allocator = allocator;
  }

  @Override
  public MeasureResult run(MeasureRequest request) throws IOException {
    try {
      return MeasureMain.measure(request, allocator);
    } catch (IOException | RuntimeException failure) {
      throw failure;
    } catch (Exception failure) {
      throw new IOException("measuring " + request.system() + " on " + request.subject() + " failed: " + failure,
          failure);
    }
  }

  @Override
  public List<String> options() {
    return List.of("in-process");
  }
}
