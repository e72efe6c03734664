package dev.quiver.spark.exchange;

import dev.quiver.common.memory.Allocators;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.partition.Partitioner;
import dev.quiver.shuffle.partition.Partitioning;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.arrow.ArrowFieldWriter;
import org.apache.spark.sql.execution.arrow.ArrowWriter;
import org.apache.spark.sql.execution.arrow.ArrowWriter$;
import scala.Tuple2;

/**
 * The map side of one task: rows in, (partition id, block bytes) pairs out, lazily. Rows are read a
 * chunk at a time: each row is copied (the input reuses its row), its key columns are written to a
 * small Arrow batch, and {@link Partitioning#hash} gives every row of the chunk its partition, as
 * Spark's {@code repartition(n, cols)} does. Each row is then written (Spark's {@link ArrowWriter}, with
 * {@link CompactDecimalWriter} for decimals of up to 18 digits)
 * to its partition's Arrow batch; a partition with {@link ExchangeOptions#rowsPerBlock} rows becomes
 * one block ({@link ShuffleBlockWriter}). When the batches hold more than
 * {@link ExchangeOptions#mapMemoryBytes}, the fullest partitions become blocks early and free their
 * memory. At the end of the input every partition's last rows become a block and all memory is freed
 * (also at task end, if the task stops early). Within a partition rows keep their input order.
 */
final class BlockMapper implements Iterator<Tuple2<Object, Object>>, AutoCloseable {
  /** Rows hashed at a time. */
  static final int CHUNK_ROWS = 4096;
  /** The rows a partition's batch is first sized for. */
  static final int INITIAL_ROWS = 256;

  private final Iterator<InternalRow> input;
  private final ExchangeOptions options;
  private final Schema schema;
  private final int[] keyOrdinals;
  private final Partitioner partitioner;
  private final BufferAllocator allocator;
  private final ShuffleBlockWriter blockWriter;
  private final VectorSchemaRoot keys;
  private final ArrowFieldWriter[] keyWriters;
  private final InternalRow[] chunk;
  private final int[] partitionIds;
  private final VectorSchemaRoot[] batches;
  private final ArrowWriter[] writers;
  private final int[] rows;
  private final ArrayDeque<Tuple2<Object, Object>> ready = new ArrayDeque<>();
  private boolean inputDone;
  private boolean closed;

  /**
   * A mapper of {@code input} whose batches live in a child of {@code taskAllocator} of its own (so
   * its memory limit counts its own rows only, not a reduce side's batches in the same task).
   */
  BlockMapper(Iterator<InternalRow> input, ExchangePlan plan, int mapTask, BufferAllocator taskAllocator) {
    this.input = input;
    this.options = plan.options();
    this.schema = plan.arrowSchema();
    this.keyOrdinals = plan.keyOrdinals();
    int partitions = plan.partitions();
    this.partitioner = plan.partitioning().newPartitioner(plan.keySchema(), mapTask);
    this.chunk = new InternalRow[CHUNK_ROWS];
    this.partitionIds = new int[CHUNK_ROWS];
    this.batches = new VectorSchemaRoot[partitions];
    this.writers = new ArrowWriter[partitions];
    this.rows = new int[partitions];
    this.keyWriters = new ArrowFieldWriter[keyOrdinals.length];
    BufferAllocator allocator = taskAllocator.newChildAllocator("quiver exchange map", 0, Long.MAX_VALUE);
    this.allocator = allocator;
    VectorSchemaRoot keyRoot = null;
    try {
      keyRoot = VectorSchemaRoot.create(plan.keySchema(), allocator);
      for (int k = 0; k < keyOrdinals.length; k++) {
        FieldVector vector = keyRoot.getVector(k);
        vector.setInitialCapacity(CHUNK_ROWS);
        vector.allocateNew();
        keyWriters[k] = fieldWriter(vector);
      }
      this.keys = keyRoot;
      this.blockWriter = new ShuffleBlockWriter(schema, options.codec(), ShuffleBlockWriter.Options.defaults());
    } catch (RuntimeException failure) {
      if (keyRoot != null) {
        keyRoot.close();
      }
      allocator.close();
      throw failure;
    }
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && !inputDone) {
      readChunk();
    }
    return !ready.isEmpty();
  }

  @Override
  public Tuple2<Object, Object> next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more blocks");
    }
    return ready.poll();
  }

  private void readChunk() {
    int count = 0;
    while (count < CHUNK_ROWS && input.hasNext()) {
      InternalRow row = input.next().copy();
      chunk[count] = row;
      for (int k = 0; k < keyOrdinals.length; k++) {
        keyWriters[k].write(row, keyOrdinals[k]);
      }
      count++;
    }
    if (count > 0) {
      for (ArrowFieldWriter writer : keyWriters) {
        writer.finish();
      }
      keys.setRowCount(count);
      partitioner.partition(keys, partitionIds);
      for (int r = 0; r < count; r++) {
        int partition = partitionIds[r];
        writerOf(partition).write(chunk[r]);
        chunk[r] = null;
        if (++rows[partition] == options.rowsPerBlock()) {
          emit(partition, false);
        }
      }
      for (ArrowFieldWriter writer : keyWriters) {
        writer.reset();
      }
      if (allocator.getAllocatedMemory() > options.mapMemoryBytes()) {
        relieveMemory();
      }
    }
    if (count < CHUNK_ROWS) {
      inputDone = true;
      for (int partition = 0; partition < rows.length; partition++) {
        if (rows[partition] > 0) {
          emit(partition, true);
        }
      }
      close();
    }
  }

  private ArrowWriter writerOf(int partition) {
    ArrowWriter writer = writers[partition];
    if (writer == null) {
      VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
      batches[partition] = batch;
      // Each vector is allocated at its initial capacity: start small, grow by doubling.
      for (FieldVector vector : batch.getFieldVectors()) {
        vector.setInitialCapacity(Math.min(options.rowsPerBlock(), INITIAL_ROWS));
      }
      List<FieldVector> vectors = batch.getFieldVectors();
      ArrowFieldWriter[] fields = new ArrowFieldWriter[vectors.size()];
      for (int i = 0; i < fields.length; i++) {
        vectors.get(i).allocateNew();
        fields[i] = fieldWriter(vectors.get(i));
      }
      writer = new ArrowWriter(batch, fields);
      writers[partition] = writer;
    }
    return writer;
  }

  /** Spark's writer for the vector's type, but {@link CompactDecimalWriter} for decimals of up to 18 digits. */
  private static ArrowFieldWriter fieldWriter(FieldVector vector) {
    if (vector instanceof DecimalVector decimals && CompactDecimalWriter.fits(decimals.getPrecision())) {
      return new CompactDecimalWriter(decimals);
    }
    return ArrowWriter$.MODULE$.createFieldWriter(vector);
  }

  /** Turns the partition's rows into a block; {@code release} also frees its batch. */
  private void emit(int partition, boolean release) {
    ArrowWriter writer = writers[partition];
    writer.finish();
    byte[] block = blockWriter.encodeToArray(batches[partition]);
    if (block.length > 0) {
      ready.add(new Tuple2<>(partition, block));
    }
    rows[partition] = 0;
    if (release) {
      batches[partition].close();
      batches[partition] = null;
      writers[partition] = null;
    } else {
      writer.reset();
    }
  }

  /** Makes blocks of the fullest partitions until the batches hold at most half the memory limit. */
  private void relieveMemory() {
    long target = options.mapMemoryBytes() / 2;
    while (allocator.getAllocatedMemory() > target) {
      int fullest = -1;
      for (int partition = 0; partition < rows.length; partition++) {
        if (writers[partition] != null && (fullest < 0 || rows[partition] > rows[fullest])) {
          fullest = partition;
        }
      }
      if (fullest < 0) {
        return;
      }
      emit(fullest, true);
    }
  }

  /** Frees every batch; idempotent. Blocks already made stay available. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (int partition = 0; partition < batches.length; partition++) {
      if (batches[partition] != null) {
        batches[partition].close();
        batches[partition] = null;
        writers[partition] = null;
      }
    }
    keys.close();
    blockWriter.close();
    Allocators.closeChecked(allocator);
  }
}
