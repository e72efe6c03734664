package dev.quiver.spark.write;

import dev.quiver.format.file.QuiverWriter;
import dev.quiver.spark.types.SparkSchemas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.BoundReference;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.execution.arrow.ArrowWriter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Writes one task attempt's rows: Spark's {@link ArrowWriter} fills Arrow batches of up to
 * {@link WriteOptions#batchRows()} rows (or {@link WriteOptions#batchBytes()}), a {@link QuiverWriter}
 * streams them into a file. Rows arrive sorted by the partition columns, so one file is open at a
 * time: when the partition values change the file is finished and the next folder's opened (a value
 * seen again gets another file). Files are written under a hidden name ({@code .part-...}), which
 * readers skip, and {@link #commit()} renames them into place; {@link #abort()} deletes them. One
 * allocator per writer, closed (and so checked empty) by {@link #close()}.
 */
final class QuiverDataWriter implements DataWriter<InternalRow> {
  private final WriteJob job;
  private final int partitionId;
  private final long taskId;
  private final Path root;
  private final StructType partitionSchema;
  private final Schema arrowSchema;
  private final BufferAllocator allocator;
  private final VectorSchemaRoot batch;
  private final ArrowWriter arrow;
  private final UnsafeProjection keyProjection;
  private final UnsafeProjection dataProjection;
  private final List<FinishedFile> finished = new ArrayList<>();
  private UnsafeRow currentKey;
  private String currentFolders;
  private QuiverWriter current;
  private Path currentHidden;
  private String currentRelative;
  private int batchRows;
  private int fileCount;

  /** A file closed under its hidden name, waiting for {@link #commit()}. */
  private record FinishedFile(Path hidden, Path visible, String relative, long rows) {}

  QuiverDataWriter(WriteJob job, int partitionId, long taskId) {
    this.job = job;
    this.partitionId = partitionId;
    this.taskId = taskId;
    this.root = job.rootPath();
    this.partitionSchema = job.partitionSchema();
    this.arrowSchema = SparkSchemas.toArrow(job.dataSchema());
    this.allocator = new RootAllocator(Long.MAX_VALUE);
    VectorSchemaRoot created = null;
    try {
      created = VectorSchemaRoot.create(arrowSchema, allocator);
      this.batch = created;
      this.arrow = ArrowWriter.create(created);
    } catch (RuntimeException failure) {
      if (created != null) {
        created.close();
      }
      allocator.close();
      throw failure;
    }
    if (job.partitionOrdinals().isEmpty()) {
      keyProjection = null;
      dataProjection = null;
    } else {
      keyProjection = projection(job.inputSchema(), job.partitionOrdinals());
      dataProjection = projection(job.inputSchema(), job.dataOrdinals());
    }
  }

  private static UnsafeProjection projection(StructType schema, List<Integer> ordinals) {
    List<Expression> references = new ArrayList<>(ordinals.size());
    for (int ordinal : ordinals) {
      StructField field = schema.fields()[ordinal];
      references.add(new BoundReference(ordinal, field.dataType(), field.nullable()));
    }
    return UnsafeProjection.create(scala.jdk.javaapi.CollectionConverters.asScala(references).toList());
  }

  @Override
  public void write(InternalRow row) throws IOException {
    InternalRow data = row;
    if (keyProjection != null) {
      UnsafeRow key = keyProjection.apply(row);
      if (currentKey == null || !currentKey.equals(key)) {
        currentKey = key.copy();
        String folders = PartitionValues.folders(partitionSchema, currentKey);
        if (!folders.equals(currentFolders)) {
          // keys that differ can share a folder (null and the empty string): keep writing its file
          finishFile();
          currentFolders = folders;
          openFile(folders + "/" + job.fileName(partitionId, taskId, fileCount++));
        }
      }
      data = dataProjection.apply(row);
    } else if (current == null) {
      openFile(job.fileName(partitionId, taskId, -1));
    }
    arrow.write(data);
    batchRows++;
    if (batchRows >= job.options().batchRows()
        || ((batchRows & 1023) == 0 && arrow.sizeInBytes() >= job.options().batchBytes())) {
      flush();
    }
  }

  private void openFile(String relative) throws IOException {
    Path visible = root.resolve(relative);
    Path hidden = visible.resolveSibling("." + visible.getFileName());
    Files.createDirectories(visible.getParent());
    current = QuiverWriter.create(hidden, arrowSchema, allocator,
        QuiverWriter.Options.defaults().withChunkBytes(job.options().chunkBytes()));
    currentHidden = hidden;
    currentRelative = relative;
  }

  private void flush() throws IOException {
    if (batchRows == 0) {
      return;
    }
    arrow.finish();
    current.write(batch);
    arrow.reset();
    batchRows = 0;
  }

  private void finishFile() throws IOException {
    if (current == null) {
      return;
    }
    flush();
    QuiverWriter writer = current;
    current = null;
    writer.close();
    finished.add(new FinishedFile(currentHidden, root.resolve(currentRelative), currentRelative, writer.rowCount()));
  }

  @Override
  public WriterCommitMessage commit() throws IOException {
    finishFile();
    List<TaskCommit.WrittenFile> files = new ArrayList<>(finished.size());
    for (FinishedFile file : finished) {
      Files.move(file.hidden(), file.visible(), StandardCopyOption.ATOMIC_MOVE);
      files.add(new TaskCommit.WrittenFile(file.relative(), Files.size(file.visible()), file.rows()));
    }
    return new TaskCommit(partitionId, taskId, files);
  }

  @Override
  public void abort() throws IOException {
    if (current != null) {
      current.abort();
      current = null;
    }
    arrow.reset();
    batchRows = 0;
    for (FinishedFile file : finished) {
      Files.deleteIfExists(file.hidden());
      Files.deleteIfExists(file.visible());
    }
  }

  @Override
  public void close() {
    if (current != null) {
      current.abort();
      current = null;
    }
    batch.close();
    allocator.close();
  }
}
