package dev.quiver.exec.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.ExchangeNode;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleReader;
import dev.quiver.shuffle.exchange.ShuffleReaderOptions;
import dev.quiver.shuffle.exchange.ShuffleWriter;
import dev.quiver.shuffle.exchange.ShuffleWriterOptions;
import dev.quiver.shuffle.partition.Partitioning;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A hash exchange inside one query: each pipeline thread is a map task whose {@link ShuffleWriter}
 * splits its rows into partitions of Arrow IPC blocks (uncompressed, not forced to disk) in the query's spill folder; once every
 * map task committed, {@link #output} hands out one partition per morsel, read back through a
 * {@link ShuffleReader} from every map output (blocks decoded in place against the reader's cached
 * schema). Partitions: four per thread, so threads that finish early take more. Buffered rows count
 * in the query's memory; past a thread's share the writer spills. Files are removed with the query.
 */
public final class ExchangeSinkFactory implements SinkFactory {
  private static final int PARTITIONS_PER_THREAD = 4;
  /** The blocks' codec: NONE unless {@code -Dquiver.exchange.codec} says otherwise (read once). */
  static final CompressionCodec EXCHANGE_CODEC = exchangeCodec(System.getProperty("quiver.exchange.codec", "NONE"));

  /** The codec a {@code -Dquiver.exchange.codec} value names; NONE, with a warning, for a name that is none. */
  static CompressionCodec exchangeCodec(String name) {
    try {
      return CompressionCodec.valueOf(name.trim().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException unknown) {
      System.err.println("quiver: -Dquiver.exchange.codec=" + name + " names no codec (NONE, LZ4, ZSTD): NONE is used");
      return CompressionCodec.NONE;
    }
  }

  private final Schema input;
  /** The input's columns renamed c0, c1, ... (the writer's schema: names need not be unique in a plan). */
  private final Schema blocks;
  private final List<String> keyNames = new ArrayList<>();
  private final OperatorMetrics metrics;
  private final List<MapOutput> outputs = new ArrayList<>();
  private final AtomicInteger mapTasks = new AtomicInteger();
  private int partitions;
  private boolean finished;
  /**
   * Rows the map tasks hold before writing any block, in all: an input that ends below it is handed to the
   * operator above as it came, without a block written (the planner's estimate of a join's rows can be thousands of
   * times the truth: TPC-H q03's 30 thousand rows were estimated in millions and paid the writers and readers).
   */
  static final long PASS_THROUGH_ROWS = 1 << 16;
  /** {@link #PASS_THROUGH_ROWS}, or {@code -Dquiver.exchange.passThroughRows=N} (0: always write), read when made. */
  private final long passThroughRows = Long.getLong("quiver.exchange.passThroughRows", PASS_THROUGH_ROWS);
  /** Rows held by the map tasks, over all of them, while nothing is written. */
  private final java.util.concurrent.atomic.AtomicLong heldRows = new java.util.concurrent.atomic.AtomicLong();
  /** Whether a map task has started writing blocks: from then on every task writes what it holds. */
  private volatile boolean writing;
  /** Batches of finished map tasks that never wrote, handed on as they are when no task writes. */
  private final List<Batch> heldBatches = new ArrayList<>();
  /** Whether the rows passed through (decided at {@link #finish}). */
  private volatile boolean passedThrough;
  private final dev.quiver.common.metrics.Counter passedRows = new dev.quiver.common.metrics.Counter("rows.passed");
  /** The closed readers' metrics added up (blocks, bytes, decoder cache hits...), prefixed {@code read.}. */
  private MetricsSnapshot readTotals = new MetricsSnapshot(List.of());
  /** The map tasks' writer metrics added up, prefixed {@code write.}. */
  private MetricsSnapshot writeTotals = new MetricsSnapshot(List.of());

  public ExchangeSinkFactory(ExchangeNode node) {
    this.input = node.input().schema();
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < input.getFields().size(); i++) {
      Field field = input.getFields().get(i);
      fields.add(new Field("c" + i, field.getFieldType(), field.getChildren()));
    }
    this.blocks = new Schema(fields);
    for (int key : node.keys()) {
      keyNames.add("c" + key);
    }
    this.metrics = new OperatorMetrics("Exchange", node.label());
    metrics.include(this::totals);
    metrics.include(() -> new MetricsSnapshot(List.of(new dev.quiver.common.metrics.Metric("rows.passed",
        dev.quiver.common.metrics.Metric.Kind.COUNT, passedRows.get()))));
  }

  private synchronized MetricsSnapshot totals() {
    return writeTotals.prefixed("write").plus(readTotals.prefixed("read"));
  }

  private synchronized void addRead(MetricsSnapshot reader) {
    readTotals = readTotals.metrics().isEmpty() ? reader : readTotals.plus(reader);
  }

  private synchronized void addWrite(MetricsSnapshot writer) {
    writeTotals = writeTotals.metrics().isEmpty() ? writer : writeTotals.plus(writer);
  }

  /**
   * Whether the exchange repartitions at all: on more than one thread, and when a thread's share of
   * the memory limit is at least {@link #MINIMUM_SHARE} and holds its writer's per-partition buffers
   * twice over. Otherwise its rows pass
   * straight through (and an aggregate above merges its threads' tables as usual).
   */
  public boolean repartitions(ExecutionContext context) {
    if (context.threads() == 1 || share(context) < MINIMUM_SHARE || blockRows(context) < MINIMUM_BLOCK_ROWS) {
      return false;
    }
    long needed = ShuffleWriter.minimumMemory(blocks, partitions(context),
        ShuffleWriterOptions.defaults().withTargetBatchRows(blockRows(context)), context.allocator());
    return share(context) >= 2 * needed;
  }

  /**
   * The least memory share per thread for an exchange: its writers allocate from the same pool as
   * the spilling operators beside them and fail (RESOURCE) when it is exhausted, so under a limit this
   * tight the rows pass through instead (measured: 1.5 MB for two threads failed).
   */
  private static final long MINIMUM_SHARE = 8L << 20;

  /** The fewest rows per block worth an exchange. */
  private static final int MINIMUM_BLOCK_ROWS = 256;

  /**
   * Rows per block: the batch size, fewer when a block per partition would not fit in half the
   * thread's memory share (a row's bytes estimated from its types, 24 for a string).
   */
  private int blockRows(ExecutionContext context) {
    long rowBytes = 1;
    for (Field field : blocks.getFields()) {
      rowBytes += switch (field.getType().getTypeID()) {
        case Utf8, Binary, LargeUtf8, LargeBinary -> 24;
        case Decimal -> 16;
        case Bool -> 1;
        default -> 8;
      };
    }
    long fit = share(context) / (2L * partitions(context) * rowBytes);
    return (int) Math.min(context.batchRows(), fit);
  }

  private static long share(ExecutionContext context) {
    return Math.max(1, context.memory().limit() / (2L * (context.threads() + 1)));
  }

  private synchronized int partitions(ExecutionContext context) {
    if (partitions == 0) {
      partitions = Math.max(2, PARTITIONS_PER_THREAD * context.threads());
    }
    return partitions;
  }

  @Override
  public Sink create(ExecutionContext context) {
    return new MapSink(context);
  }

  @Override
  public void combine(Sink finished, ExecutionContext context) {
    MapSink sink = (MapSink) finished;
    List<Batch> held = sink.takeHeldUnlessWriting();
    synchronized (this) {
      heldBatches.addAll(held);
    }
    MapOutput output = sink.commit();
    if (output != null) {
      synchronized (this) {
        outputs.add(output);
      }
    }
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    partitions(context);
    if (!writing) {
      passedThrough = true;
      heldBatches.forEach(batch -> passedRows.add(batch.rowCount()));
    } else if (!heldBatches.isEmpty()) {
      // tasks that finished holding rows before another started writing: their rows are written now
      MapSink late = new MapSink(context);
      try {
        for (Batch batch : heldBatches) {
          late.write(batch);
        }
        heldBatches.clear();
        MapOutput output = late.commit();
        if (output != null) {
          outputs.add(output);
        }
      } finally {
        late.close();
      }
    }
    finished = true;
  }

  /**
   * Whether the rows were repartitioned by the keys (after {@link #finish}): false when so few came that they
   * passed through as they were, each to whichever thread takes it.
   */
  public boolean repartitioned() {
    return !passedThrough;
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** The partitions, one per morsel (after {@link #finish}); or the rows as they came, one batch per morsel. */
  public MorselSource output() {
    return new Partitions();
  }

  @Override
  public synchronized void close() {
    heldBatches.forEach(Batch::close);
    heldBatches.clear();
    for (MapOutput output : outputs) {
      delete(output.dataFile());
      delete(output.indexFile());
    }
    outputs.clear();
  }

  private static void delete(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException failure) {
      throw new UncheckedIOException("removing the exchange file " + file, failure);
    }
  }

  /** One thread's map task: rows in, partitioned blocks out. */
  private final class MapSink implements Sink {
    private final ExecutionContext context;
    private ShuffleWriter writer;

    MapSink(ExecutionContext context) {
      this.context = context;
    }

    /** Batches held while no task writes. */
    private final List<Batch> held = new ArrayList<>();

    @Override
    public void consume(Batch batch) {
      // the driver times the sink (rows in and time inside it)
      if (!writing) {
        if (heldRows.addAndGet(batch.rowCount()) <= passThroughRows) {
          held.add(batch);
          return;
        }
        writing = true;
      }
      writeHeld();
      write(batch);
    }

    /** Writes the batches this task held (once some task writes). */
    private void writeHeld() {
      if (!held.isEmpty()) {
        List<Batch> pending = new ArrayList<>(held);
        held.clear();
        for (int i = 0; i < pending.size(); i++) {
          try {
            write(pending.get(i));
          } catch (RuntimeException failure) {
            pending.subList(i + 1, pending.size()).forEach(Batch::close);
            throw failure;
          }
        }
      }
    }

    /**
     * The batches held when no task writes (handed over, no longer this sink's); when some task writes, they are
     * written by this task first and none is returned.
     */
    List<Batch> takeHeldUnlessWriting() {
      if (writing) {
        writeHeld();
        return List.of();
      }
      List<Batch> taken = new ArrayList<>(held);
      held.clear();
      return taken;
    }

    void write(Batch batch) {
      try (VectorSchemaRoot rows = renamed(batch)) {
        if (rows.getRowCount() > 0) {
          writer().write(rows);
        }
      } catch (IOException failure) {
        throw new QuiverException(ErrorCode.IO, "the exchange cannot write its blocks: " + failure.getMessage(),
            failure);
      } catch (OutOfMemoryException exhausted) {
        throw new QuiverException(ErrorCode.RESOURCE, "Exchange ran out of the query's memory: "
            + exhausted.getMessage(), exhausted);
      }
    }

    /** The batch's rows as a root of the writer's schema (the batch is left empty). */
    private VectorSchemaRoot renamed(Batch batch) {
      List<FieldVector> vectors = new ArrayList<>();
      try (batch; VectorSchemaRoot dense = batch.materialize(context.allocator())) {
        for (int i = 0; i < blocks.getFields().size(); i++) {
          FieldVector target = blocks.getFields().get(i).createVector(context.allocator());
          vectors.add(target);
          dense.getVector(i).makeTransferPair(target).transfer();
        }
        return new VectorSchemaRoot(blocks.getFields(), vectors, dense.getRowCount());
      } catch (RuntimeException failure) {
        vectors.forEach(FieldVector::close);
        throw failure;
      }
    }

    private ShuffleWriter writer() throws IOException {
      if (writer == null) {
        Path file = context.newSpillFile("exchange");
        String name = file.getFileName().toString().replace(".spill", "") + "-map-" + mapTasks.incrementAndGet();
        int count = partitions(context);
        // the files live and die with the query: nothing forced to disk, and blocks stored as they are unless
        // -Dquiver.exchange.codec names a codec (LZ4, ZSTD): they stay in the page cache, where compressing only
        // costs the threads' time
        ShuffleWriterOptions options = ShuffleWriterOptions.defaults().withMemoryLimit(share(context))
            .withSpillDirectory(file.getParent()).withTargetBatchRows(blockRows(context)).withDurable(false)
            .withCodec(EXCHANGE_CODEC);
        writer = ShuffleWriter.create(MapOutput.named(file.getParent(), name, false, count), blocks,
            Partitioning.hash(count, keyNames).newPartitioner(blocks, mapTasks.get()), options, context.allocator());
      }
      return writer;
    }

    /** Commits the writer's files (null when this thread saw no rows). */
    MapOutput commit() {
      if (writer == null) {
        return null;
      }
      try {
        MapOutput output = writer.commit();
        addWrite(writer.metrics());
        return output;
      } catch (IOException failure) {
        throw new QuiverException(ErrorCode.IO, "the exchange cannot commit its blocks: " + failure.getMessage(),
            failure);
      } finally {
        close();
      }
    }

    @Override
    public void close() {
      held.forEach(Batch::close);
      held.clear();
      if (writer != null) {
        ShuffleWriter open = writer;
        writer = null;
        try {
          open.close();
        } catch (IOException failure) {
          throw new QuiverException(ErrorCode.IO, "the exchange cannot close its writer: " + failure.getMessage(),
              failure);
        }
      }
    }
  }

  /** The exchange's partitions as morsels: each read whole by the thread that takes it. */
  private final class Partitions implements MorselSource {
    private final AtomicInteger next = new AtomicInteger();

    @Override
    public Morsel next(ExecutionContext context) throws IOException {
      context.checkCancelled();
      List<MapOutput> committed;
      synchronized (ExchangeSinkFactory.this) {
        if (!finished) {
          throw new IllegalStateException("the exchange is read before its map tasks finished");
        }
        if (passedThrough) {
          if (heldBatches.isEmpty()) {
            return null;
          }
          Batch batch = heldBatches.remove(heldBatches.size() - 1);
          return Morsel.of(batch, metrics);
        }
        committed = List.copyOf(outputs);
      }
      int partition = next.getAndIncrement();
      if (partition >= partitions || committed.isEmpty()) {
        return null;
      }
      ShuffleReader reader = ShuffleReader.open(committed, partition,
          ShuffleReaderOptions.defaults().withValidation(false).withChecksumVerification(false),
          context.allocator());
      return new Morsel() {
        @Override
        public Batch next() throws IOException {
          try (DecodedBatch decoded = reader.next()) {
            if (decoded == null) {
              return null;
            }
            metrics.output(decoded.rowCount());
            return restored(decoded.toBatch(context.allocator()), context);
          }
        }

        @Override
        public void close() {
          addRead(reader.metrics());
          reader.close();
        }
      };
    }

    /**
     * A decoded batch under the input's own fields again, its memory moved to the query's allocator
     * (the reader's closes with the morsel, while the batch may still wait in a queue).
     */
    private Batch restored(Batch decoded, ExecutionContext context) {
      try (decoded) {
        Batch.Builder builder = Batch.builder(decoded.rowCount());
        try {
          for (int i = 0; i < input.getFields().size(); i++) {
            FieldVector target = input.getFields().get(i).createVector(context.allocator());
            decoded.vector(i).makeTransferPair(target).transfer();
            builder.add(input.getFields().get(i), target);
          }
          return builder.build();
        } catch (RuntimeException failure) {
          builder.abandon();
          throw failure;
        }
      }
    }

    @Override
    public double progress() {
      return partitions == 0 ? 0 : Math.min(1.0, (double) next.get() / partitions);
    }

    @Override
    public OperatorMetrics metrics() {
      return metrics;
    }

    @Override
    public void close() {}
  }
}
