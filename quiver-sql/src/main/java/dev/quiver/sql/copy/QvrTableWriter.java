package dev.quiver.sql.copy;

import dev.quiver.format.FormatConstants;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.io.TableWriter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Batches as a {@code .qvr} file, as a quiver-io {@link TableWriter} (COPY, {@code quiver convert});
 * {@link QuiverWriter} writes a temporary file and renames it itself. Given the order the rows come
 * in, the footer records it ({@link FormatConstants#METADATA_SORTED_BY}, {@link SortOrder#text()}).
 */
public final class QvrTableWriter implements TableWriter {
  private final QuiverWriter writer;
  private boolean committed;

  private QvrTableWriter(QuiverWriter writer) {
    this.writer = writer;
  }

  /** Starts {@code target}; fails with USER when it is a folder or its folder is missing. */
  public static QvrTableWriter create(Path target, Schema schema, BufferAllocator allocator) throws IOException {
    return create(target, schema, allocator, null);
  }

  /**
   * {@link #create(Path, Schema, BufferAllocator)} for rows written in {@code sortedBy} (null: not
   * known), which the footer records.
   */
  public static QvrTableWriter create(Path target, Schema schema, BufferAllocator allocator, SortOrder sortedBy)
      throws IOException {
    QuiverWriter writer = QuiverWriter.create(AtomicOutputFile.checkTarget(target), schema, allocator);
    if (sortedBy != null) {
      writer.putMetadata(FormatConstants.METADATA_SORTED_BY, sortedBy.spelledAs(schema).text());
    }
    return new QvrTableWriter(writer);
  }

  @Override
  public Schema schema() {
    return writer.schema();
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    writer.write(batch);
  }

  @Override
  public void commit() throws IOException {
    committed = true;
    writer.close();
  }

  @Override
  public void close() {
    if (!committed) {
      writer.abort();
    }
  }
}
