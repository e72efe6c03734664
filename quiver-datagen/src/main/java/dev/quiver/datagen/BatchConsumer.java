package dev.quiver.datagen;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Takes a generator's batches in table order; owns each batch it is given (closes it). */
@FunctionalInterface
public interface BatchConsumer {
  /** Takes {@code batch}, which is now the consumer's to close. */
  void accept(VectorSchemaRoot batch) throws IOException;
}
