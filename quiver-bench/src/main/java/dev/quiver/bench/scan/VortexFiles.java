package dev.quiver.bench.scan;

import dev.quiver.common.io.TemporaryFiles;
import dev.vortex.api.Session;
import dev.vortex.api.VortexWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.apache.arrow.c.ArrowArray;
import org.apache.arrow.c.ArrowSchema;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes a Vortex file with Vortex's own writer ({@link VortexWriter}, its default layout and
 * compression) from Arrow batches handed over through Arrow's C Data interface. The writer takes
 * the array and only borrows the schema, so the schema is released here. The file is written under
 * a temporary name and renamed into place when complete.
 *
 * <p>vortex-jni 0.76's {@code VortexWriter.create} exports the schema from the allocator it is given
 * and never releases it (146 bytes for a one-column schema, measured): it gets an allocator of its
 * own that is never closed, so the leak stays out of the callers' checked allocators.
 */
public final class VortexFiles implements AutoCloseable {
  private final Session session = Session.create();
  private final BufferAllocator allocator;
  private final Path target;
  private final Path temporary;
  private final VortexWriter writer;
  private boolean done;

  public VortexFiles(Path target, Schema schema, BufferAllocator allocator) throws IOException {
    this.allocator = allocator;
    this.target = target;
    TemporaryFiles.removeStale(target);
    this.temporary = TemporaryFiles.nameFor(target);
    this.writer = VortexWriter.create(session, temporary.toAbsolutePath().toString(), schema, Map.of(),
        new RootAllocator(Long.MAX_VALUE));
  }

  /** Appends a batch (still the caller's to close). */
  public void write(VectorSchemaRoot batch) throws IOException {
    try (ArrowArray array = ArrowArray.allocateNew(allocator);
        ArrowSchema schema = ArrowSchema.allocateNew(allocator)) {
      Data.exportVectorSchemaRoot(allocator, batch, null, array, schema);
      try {
        writer.writeBatch(array.memoryAddress(), schema.memoryAddress());
      } finally {
        schema.release();
      }
    }
  }

  /** Finishes the file and moves it into place. */
  public void commit() throws IOException {
    writer.close();
    Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    done = true;
  }

  @Override
  public void close() throws IOException {
    if (!done) {
      try {
        writer.close();
      } finally {
        Files.deleteIfExists(temporary);
      }
    }
  }
}
