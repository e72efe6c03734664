package dev.quiver.shuffle.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.GrowableBytes;
import dev.quiver.shuffle.partition.Partitioner;
import dev.quiver.shuffle.partition.Partitioning;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The map side of a shuffle: takes Arrow batches, splits their rows by partition into per-partition
 * builders, turns a partition's rows into a block when they reach the target size (rows or bytes),
 * keeps the encoded blocks in memory and spills them, whole, to a spill file when the memory limit
 * is reached. {@link #commit} writes one data file (partitions in id order; each partition's spilled
 * bytes copied verbatim, then its blocks in memory, then its last rows) and an index file of P + 1
 * big-endian longs, and optionally a checksum file, all made visible at once ({@link MapOutputCommit}).
 *
 * <p>At most {@link Partitioning#MAX_PARTITIONS} partitions; {@link #create} checks that their
 * bookkeeping fits the Java heap before it makes any, and {@link #minimumMemory} says what their
 * buffers need at least.
 *
 * <p>Within a partition, rows keep the order in which they were written. {@link #close} without a
 * commit (after a failure, say) deletes every temporary and spill file and frees all memory. Not
 * thread-safe: one writer per map task.
 */
public final class ShuffleWriter implements AutoCloseable {
  /**
   * Java heap bytes of each partition's bookkeeping, an estimate on the safe side: its builder, its
   * list of waiting blocks, its group start, offset and checksum, and its entry in a spill run.
   */
  public static final long HEAP_BYTES_PER_PARTITION = 192;

  private final MapOutput target;
  private final Schema schema;
  private final Partitioner partitioner;
  private final int partitions;
  private final ShuffleWriterOptions options;
  private final WriterMetrics metrics;
  private final BufferAllocator allocator;
  private final ShuffleBlockWriter blockWriter;
  private final PartitionBuilder[] builders;
  private final PendingBlocks pending;
  private final PartitionedRows grouped;
  private final RowSizes sizes = new RowSizes();
  private int[] partitionIds = new int[0];
  private SpillFile spillFile;
  private long encodingNanos;
  private boolean committed;
  private boolean failed;
  private boolean closed;

  private ShuffleWriter(MapOutput target, Schema schema, Partitioner partitioner, ShuffleWriterOptions options,
      WriterMetrics metrics, BufferAllocator allocator, ShuffleBlockWriter blockWriter) {
    this.target = target;
    this.schema = schema;
    this.partitioner = partitioner;
    this.partitions = partitioner.partitionCount();
    this.options = options;
    this.metrics = metrics;
    this.allocator = allocator;
    this.blockWriter = blockWriter;
    this.builders = new PartitionBuilder[partitions];
    this.pending = new PendingBlocks(partitions);
    this.grouped = new PartitionedRows(partitions);
    ColumnAppender[] appenders = schema.getFields().stream().map(ColumnAppender::of).toArray(ColumnAppender[]::new);
    for (int p = 0; p < partitions; p++) {
      builders[p] = new PartitionBuilder(schema, appenders, allocator);
    }
  }

  /**
   * A writer of batches of {@code schema} into the files of {@code target}, partitioned by
   * {@code partitioner}. Memory for buffered rows comes from a child of {@code parentAllocator}.
   *
   * @throws QuiverException USER when a column is dictionary-encoded (decode it first) or an option is wrong
   */
  public static ShuffleWriter create(MapOutput target, Schema schema, Partitioner partitioner,
      ShuffleWriterOptions options, BufferAllocator parentAllocator) {
    for (Field field : schema.getFields()) {
      if (hasDictionary(field)) {
        throw QuiverException
            .user("column " + field.getName() + " is dictionary-encoded: decode it before the shuffle");
      }
    }
    if (target.partitionCount() > 0 && target.partitionCount() != partitioner.partitionCount()) {
      throw QuiverException.user("the map output " + target.dataFile() + " is for " + target.partitionCount()
          + " partitions but the partitioner makes " + partitioner.partitionCount());
    }
    if ((target.checksumFile() != null) != options.checksums()) {
      throw QuiverException.user("the map output " + (options.checksums() ? "needs" : "must not have")
          + " a checksum file when checksums are " + (options.checksums() ? "on" : "off"));
    }
    int partitions = Partitioning.checkCount(partitioner.partitionCount());
    reserveHeap(partitions);
    BufferAllocator allocator = parentAllocator.newChildAllocator("shuffle writer " + target.dataFile(), 0,
        Long.MAX_VALUE);
    try {
      ShuffleBlockWriter blockWriter = new ShuffleBlockWriter(schema, options.codec(), options.blockOptions());
      return new ShuffleWriter(target, schema, partitioner, options, new WriterMetrics(), allocator, blockWriter);
    } catch (RuntimeException failure) {
      allocator.close();
      throw failure;
    }
  }

  private static boolean hasDictionary(Field field) {
    return field.getDictionary() != null || field.getChildren().stream().anyMatch(ShuffleWriter::hasDictionary);
  }

  /**
   * The least memory a writer of {@code schema} into {@code partitions} partitions needs for its
   * per-partition state: per partition, the Arrow buffers of a partition builder's first rows
   * ({@code PartitionBuilder.MINIMUM_ROWS}, or the target batch rows when fewer; measured once in
   * {@code allocator}) and {@link #HEAP_BYTES_PER_PARTITION} of bookkeeping. A memory limit below it
   * still works, but once every partition has rows each batch forces a flush and a spill: the
   * command line refuses such a limit up front.
   */
  public static long minimumMemory(Schema schema, int partitions, ShuffleWriterOptions options,
      BufferAllocator allocator) {
    long perPartition = HEAP_BYTES_PER_PARTITION
        + PartitionBuilder.minimumBytes(schema, options.targetBatchRows(), allocator);
    return Math.multiplyExact(perPartition, (long) partitions);
  }

  /**
   * Checks, before any per-partition state exists, that its bookkeeping fits the Java heap still
   * free (RESOURCE error otherwise), so a partition count too large ends in a typed error, never an
   * {@code OutOfMemoryError}. (Arrow buffers are allocated per partition only when it gets rows,
   * and the memory limit bounds them.)
   */
  private static void reserveHeap(int partitions) {
    Runtime runtime = Runtime.getRuntime();
    reserveHeap(partitions, runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory()));
  }

  /** {@link #reserveHeap(int)} against {@code freeHeap} bytes of free heap. */
  static void reserveHeap(int partitions, long freeHeap) {
    long heap = HEAP_BYTES_PER_PARTITION * partitions;
    if (heap > freeHeap) {
      throw new QuiverException(ErrorCode.RESOURCE, partitions + " partitions need about " + heap + " bytes of"
          + " Java heap for the shuffle writer's bookkeeping, but only " + freeHeap + " are free: use fewer"
          + " partitions or a larger heap (-Xmx)");
    }
  }

  /**
   * What this writer did so far: {@code rows}, {@code batches}, {@code blocks.written},
   * {@code bytes.written} (the committed data file), {@code bytes.encoded} (every block encoded,
   * spilled ones once), {@code spills}, {@code bytes.spilled}, {@code flushes.forced}, and the
   * writing thread's wall-clock nanoseconds {@code time.partition}, {@code time.scatter},
   * {@code time.encode} (IPC serialization), {@code time.compress}, {@code time.spill} and
   * {@code time.commit} (files written, fsync and renames; block encoding excluded).
   */
  public MetricsSnapshot metrics() {
    return metrics.snapshot();
  }

  public int partitionCount() {
    return partitions;
  }

  /** Arrow memory held by buffered rows now. */
  public long bufferedBytes() {
    return allocator.getAllocatedMemory();
  }

  /** Bytes of encoded blocks waiting in memory now. */
  public long pendingBlockBytes() {
    return pending.bytes();
  }

  /** Splits the rows of {@code batch} by partition and buffers them; the caller keeps owning the batch. */
  public void write(VectorSchemaRoot batch) throws IOException {
    requireOpen();
    if (!batch.getSchema().equals(schema)) {
      throw QuiverException.user("batch schema " + batch.getSchema() + " differs from the shuffle writer's " + schema);
    }
    int rows = batch.getRowCount();
    if (rows == 0) {
      return;
    }
    boolean done = false;
    try {
      long started = System.nanoTime();
      if (partitionIds.length < rows) {
        partitionIds = new int[Math.max(rows, partitionIds.length * 2)];
      }
      partitioner.partition(batch, partitionIds);
      long partitioned = System.nanoTime();
      metrics.partitionNanos.add(partitioned - started);
      long encodingBefore = encodingNanos;
      grouped.group(partitionIds, rows);
      sizes.measure(batch);
      for (int p = 0; p < partitions; p++) {
        if (grouped.start(p) < grouped.end(p)) {
          append(p, batch, grouped.start(p), grouped.end(p));
        }
      }
      metrics.scatterNanos.add(System.nanoTime() - partitioned - (encodingNanos - encodingBefore));
      metrics.rows.add(rows);
      metrics.batches.increment();
      spillIfOverLimit();
      done = true;
    } catch (OutOfMemoryException exhausted) {
      throw new QuiverException(ErrorCode.RESOURCE, "the shuffle writer for " + target.dataFile()
          + " ran out of Arrow memory buffering rows: " + exhausted.getMessage(), exhausted);
    } finally {
      failed |= !done;
    }
  }

  /** Appends rows {@code order[from, to)} to partition {@code p}, making a block whenever it reaches the target. */
  private void append(int p, VectorSchemaRoot batch, int from, int to) {
    int[] order = grouped.order();
    PartitionBuilder builder = builders[p];
    int start = from;
    while (start < to) {
      int end = Math.min(to, start + (options.targetBatchRows() - builder.rows()));
      long chunkBytes;
      if (sizes.uniform()) {
        long room = options.targetBatchBytes() - builder.bytes();
        long fitting = Math.max(1, (room + sizes.constant() - 1) / sizes.constant());
        end = (int) Math.min(end, start + fitting);
        chunkBytes = sizes.constant() * (end - start);
      } else {
        chunkBytes = 0;
        for (int k = start; k < end; k++) {
          chunkBytes += sizes.bytes(order[k]);
          if (builder.bytes() + chunkBytes >= options.targetBatchBytes()) {
            end = k + 1;
            break;
          }
        }
      }
      builder.append(batch, order, start, end, chunkBytes, options.targetBatchRows());
      if (builder.rows() >= options.targetBatchRows() || builder.bytes() >= options.targetBatchBytes()) {
        emit(p);
      }
      start = end;
    }
  }

  /** Encodes partition {@code p}'s buffered rows as a block waiting in memory. */
  private void emit(int p) {
    VectorSchemaRoot rows = builders[p].finish();
    if (rows != null) {
      GrowableBytes block = encode(rows);
      pending.add(p, Arrays.copyOf(block.array(), block.size()));
      builders[p].release();
    }
  }

  private GrowableBytes encode(VectorSchemaRoot rows) {
    long buildBefore = blockWriter.buildNanos();
    long compressBefore = blockWriter.compressNanos();
    GrowableBytes block = blockWriter.encode(rows);
    long compress = blockWriter.compressNanos() - compressBefore;
    long encode = blockWriter.buildNanos() - buildBefore;
    encodingNanos += encode;
    metrics.compressNanos.add(compress);
    metrics.encodeNanos.add(encode - compress);
    metrics.blocksWritten.increment();
    metrics.blockBytes.add(block.size());
    return block;
  }

  /**
   * Ends the current block of every partition now: buffered rows become blocks, however few. (The
   * benchmark uses this after every batch to write what Comet's writer writes.)
   */
  public void flush() {
    requireOpen();
    boolean done = false;
    try {
      for (int p = 0; p < partitions; p++) {
        emit(p);
      }
      done = true;
    } finally {
      failed |= !done;
    }
  }

  private void spillIfOverLimit() throws IOException {
    long buffered = allocator.getAllocatedMemory();
    if (buffered + pending.bytes() <= options.memoryLimitBytes()) {
      return;
    }
    if (buffered > options.memoryLimitBytes() / 2) {
      flush();
      metrics.forcedFlushes.increment();
    }
    if (pending.count() == 0) {
      return;
    }
    long started = System.nanoTime();
    if (spillFile == null) {
      Path directory = options.spillDirectory() != null ? options.spillDirectory()
          : target.dataFile().toAbsolutePath().getParent();
      spillFile = SpillFile.create(directory, "." + target.dataFile().getFileName() + ".", partitions);
    }
    long bytes = spillFile.spill(pending);
    pending.clearAll();
    metrics.spills.increment();
    metrics.spillBytes.add(bytes);
    metrics.spillNanos.add(System.nanoTime() - started);
  }

  /**
   * Writes the data, index and (if asked) checksum files and makes them visible together. The
   * writer is done afterwards; close it.
   *
   * @return the committed files
   */
  public MapOutput commit() throws IOException {
    requireOpen();
    boolean done = false;
    long started = System.nanoTime();
    long encodingBefore = encodingNanos;
    try (MapOutputCommit files = MapOutputCommit.start(target, options.durable())) {
      DataFileOutput out = new DataFileOutput(files.data(), 0, options.checksums());
      long[] offsets = new long[partitions + 1];
      long[] checksums = new long[partitions];
      for (int p = 0; p < partitions; p++) {
        if (options.checksums()) {
          out.startChecksum();
        }
        if (spillFile != null) {
          spillFile.copyPartition(p, out);
        }
        for (byte[] block : pending.of(p)) {
          out.write(block, 0, block.length);
        }
        pending.clear(p);
        VectorSchemaRoot rest = builders[p].finish();
        if (rest != null) {
          GrowableBytes block = encode(rest);
          out.write(block.array(), 0, block.size());
          builders[p].release();
        }
        offsets[p + 1] = out.position();
        checksums[p] = options.checksums() ? out.checksum() : 0;
      }
      out.flush();
      files.writeIndexAndChecksums(offsets, checksums);
      files.commit();
      metrics.bytesWritten.add(offsets[partitions]);
      committed = true;
      done = true;
    } finally {
      failed |= !done;
      metrics.commitNanos.add(System.nanoTime() - started - (encodingNanos - encodingBefore));
    }
    closeSpillFile();
    return target;
  }

  private void requireOpen() {
    if (closed || committed) {
      throw new QuiverException(ErrorCode.INTERNAL, "the shuffle writer for " + target.dataFile() + " is "
          + (closed ? "closed" : "committed"));
    }
    if (failed) {
      throw new QuiverException(ErrorCode.INTERNAL, "the shuffle writer for " + target.dataFile()
          + " failed earlier; close it");
    }
  }

  private void closeSpillFile() throws IOException {
    if (spillFile != null) {
      SpillFile file = spillFile;
      spillFile = null;
      file.close();
    }
  }

  /** Frees all memory; without a commit, deletes everything this writer wrote. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try {
      for (PartitionBuilder builder : builders) {
        builder.close();
      }
      pending.clearAll();
      blockWriter.close();
      closeSpillFile();
    } finally {
      Allocators.closeChecked(allocator);
    }
  }
}
