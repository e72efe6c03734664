package dev.quiver.exec.sort;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.exec.memory.MemoryPool;
import dev.quiver.exec.memory.MemoryReservation;
import dev.quiver.exec.operator.ExecutionContext;
import dev.quiver.exec.operator.Morsel;
import dev.quiver.exec.operator.MorselSource;
import dev.quiver.exec.operator.OperatorMetrics;
import dev.quiver.exec.operator.Sink;
import dev.quiver.exec.operator.SinkFactory;
import dev.quiver.exec.plan.SortNode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The sort and top-N breaker of a {@link SortNode}. Each pipeline thread's {@link SortSink} collects
 * and sorts its rows (a top-N keeps only offset + limit of them), spilling sorted runs to Arrow IPC
 * files past its share of the memory limit; {@link #combine} takes each thread's runs and
 * {@link #finish} prepares their merge: when anything was spilled, every run is spilled and runs are
 * merged k ways at a time (k from the memory left) until one merge can produce the answer. {@link
 * #output} then yields the rows in order, the offset skipped and the limit applied, in batches of
 * about {@link ExecutionContext#batchRows()} rows.
 *
 * <p>The output is one ordered stream: the executor must read {@link #output} from ONE thread (an
 * ordered pipeline), or the order is lost. A merge that does not fit even two runs at a time fails
 * with a RESOURCE error naming Sort (or TopN).
 */
public final class SortFactory implements SinkFactory {
  private static final int MAX_FAN_IN = 64;

  private final SortNode node;
  private final Schema schema;
  private final KeyLayout layout;
  private final long keep;
  private final OperatorMetrics metrics;
  private final List<MemoryRun> runs = new ArrayList<>();
  private final List<SpillFile> files = new ArrayList<>();
  private final List<MemoryReservation> reservations = new ArrayList<>();
  private MemoryReservation mergeReservation;
  private SortOutput output;
  private int mergePasses;
  /** Rows per batch of the final merge's output (planned by {@link #finish}). */
  private int outputRows;
  private boolean finished;
  private boolean closed;

  /**
   * @param node the sort (its keys, offset and limit)
   * @param input the schema of the sort's input (its output's too)
   */
  public SortFactory(SortNode node, Schema input) {
    this.node = node;
    this.schema = storage(input);
    this.layout = new KeyLayout(node.keys(), input);
    if (node.offset() < 0) {
      throw new IllegalArgumentException("a sort's offset must not be negative: " + node.offset());
    }
    long limit = node.limit();
    this.keep = limit < 0 ? Long.MAX_VALUE : limit > Long.MAX_VALUE - node.offset() ? Long.MAX_VALUE
        : node.offset() + limit;
    String details = node.keys().toString() + (node.distinctKeys() > 0 ? " distinct=" + node.distinctKeys() : "")
        + (node.offset() > 0 ? " offset=" + node.offset() : "") + (limit >= 0 ? " limit=" + limit : "");
    this.metrics = new OperatorMetrics(limit >= 0 ? "TopN" : node.distinctKeys() > 0 ? "DistinctOn" : "Sort",
        details);
  }

  /** The schema without dictionary annotations (rows are held and spilled decoded). */
  private static Schema storage(Schema input) {
    List<Field> fields = new ArrayList<>();
    for (Field field : input.getFields()) {
      fields.add(field.getDictionary() == null ? field
          : new Field(field.getName(), new FieldType(field.isNullable(), field.getType(), null, field.getMetadata()),
              field.getChildren()));
    }
    return new Schema(fields);
  }

  /** What one thread's sink may hold before it spills: a quarter of the memory limit over the threads. */
  static long budget(ExecutionContext context) {
    return Math.max(1, context.memory().limit() / (4L * context.threads()));
  }

  KeyLayout layout() {
    return layout;
  }

  /** Rows each thread needs to keep: offset + limit, or Long.MAX_VALUE without a limit. */
  long keep() {
    return keep;
  }

  Schema storageSchema() {
    return schema;
  }

  public SortNode node() {
    return node;
  }

  @Override
  public Sink create(ExecutionContext context) {
    return new SortSink(this, context);
  }

  @Override
  public synchronized void combine(Sink finished, ExecutionContext context) {
    ((SortSink) finished).handOver(runs, files, reservations);
  }

  @Override
  public synchronized void finish(ExecutionContext context) {
    if (finished) {
      return;
    }
    finished = true;
    mergeReservation = context.reservation(metrics.operator());
    try {
      if (!files.isEmpty() && !runs.isEmpty()) {
        spillMemoryRuns(context);
      }
      while (!files.isEmpty()) {
        int fanIn = planMerge(context);
        if (files.size() <= fanIn) {
          break;
        }
        mergePass(context, fanIn);
      }
    } catch (RuntimeException failure) {
      throw named(failure);
    }
  }

  private void spillMemoryRuns(ExecutionContext context) {
    RunSpiller spiller = new RunSpiller(schema, metrics);
    long budget = budget(context);
    while (!runs.isEmpty()) {
      context.checkCancelled();
      try (MemoryRun run = runs.remove(runs.size() - 1)) {
        int rows = RunSpiller.spillBatchRows(budget, run.batchBytes, Math.max(1, run.rows), context.batchRows());
        files.add(spiller.spill(run, context, rows));
      }
    }
    for (MemoryReservation reservation : reservations) {
      reservation.close();
    }
  }

  /**
   * Plans the next merge: how many spilled runs it reads at once, as many as fit in half the memory
   * left (the other half stays for the operators the merged rows go to, such as the result queue,
   * and for allocation rounding), or in all of it when half does not hold two; and the rows of its
   * output batches, {@link ExecutionContext#batchRows()} or, when that does not leave room for two
   * runs, the rows of the spilled batches (sized to the memory limit when they were written). Fails
   * with RESOURCE, naming the limit that would do, if not even two runs (or the only one) fit.
   */
  private int planMerge(ExecutionContext context) {
    long batchBytes = 1;
    int batchRows = 1;
    for (SpillFile file : files) {
      batchBytes = Math.max(batchBytes, file.largestBatchBytes());
      batchRows = Math.max(batchRows, file.largestBatchRows());
    }
    long perRun = batchBytes + 8L * layout.words() * batchRows + 1024;
    int least = Math.min(2, files.size());
    MemoryPool pool = context.memory();
    long free = pool.limit() - pool.used();
    long output = 0;
    long fanIn = 0;
    for (int rows : new int[] {context.batchRows(), Math.min(context.batchRows(), batchRows)}) {
      // the output chunk (rounded allocations: twice its average bytes) and the one finished batch a
      // chunk may keep beside the runs' current ones (RunMerger.next)
      output = 2 * (batchBytes / batchRows + 1) * rows + batchBytes;
      long inHalf = (free / 2 - output) / perRun;
      fanIn = inHalf >= least ? inHalf : (free - output) / perRun;
      outputRows = rows;
      if (fanIn >= least) {
        break;
      }
    }
    if (fanIn < least) {
      long needed = pool.used() + least * perRun + output;
      throw new QuiverException(ErrorCode.RESOURCE, metrics.operator() + " cannot merge its " + files.size()
          + " spilled runs: reading " + least + " of them at once (" + perRun + " bytes each) and making its output ("
          + output + " bytes) does not fit in the " + free + " bytes left of the query's memory limit of "
          + pool.limit() + " bytes; raise --memory-limit to at least " + needed + " bytes");
    }
    return (int) Math.min(MAX_FAN_IN, fanIn);
  }

  /** Merges the smallest {@code fanIn} spilled runs into one. */
  private void mergePass(ExecutionContext context, int fanIn) {
    files.sort(Comparator.comparingLong(SpillFile::rows));
    List<SpillFile> group = new ArrayList<>(files.subList(0, fanIn));
    files.subList(0, fanIn).clear();
    int chunk = 1;
    for (SpillFile file : group) {
      chunk = Math.max(chunk, file.largestBatchRows());
    }
    RunSpiller spiller = new RunSpiller(schema, metrics);
    int[] sources = new int[chunk];
    int[] rows = new int[chunk];
    try (RunMerger merger = new RunMerger(layout, schema, List.of(), group, mergeReservation, context.allocator());
        SpillWriter writer = spiller.newWriter(context)) {
      long remaining = keep;
      while (remaining > 0) {
        context.checkCancelled();
        int count = merger.next((int) Math.min(chunk, remaining), sources, rows);
        if (count == 0) {
          break;
        }
        writer.write(merger.gather(sources, rows, count, context.allocator()), count);
        remaining -= count;
      }
      files.add(spiller.written(writer.finish()));
      mergePasses++;
    }
  }

  /** Rows per output batch: {@link ExecutionContext#batchRows()} unless memory is short for it. */
  synchronized int outputRows(ExecutionContext context) {
    return outputRows > 0 ? outputRows : context.batchRows();
  }

  /** Merges of spilled runs into a new spilled run done by {@link #finish} (before the final merge). */
  synchronized int mergePasses() {
    return mergePasses;
  }

  /**
   * The sorted rows, one morsel yielding batches in order. Read it from one thread only. Call after
   * {@link #finish}.
   */
  public MorselSource output() {
    return new MorselSource() {
      private boolean taken;

      @Override
      public Morsel next(ExecutionContext context) {
        synchronized (SortFactory.this) {
          if (taken || closed) {
            return null;
          }
          taken = true;
          List<MemoryRun> memory = new ArrayList<>(runs);
          List<SpillFile> spilled = new ArrayList<>(files);
          runs.clear();
          files.clear();
          if (mergeReservation == null) {
            mergeReservation = context.reservation(metrics.operator());
          }
          try {
            output = new SortOutput(SortFactory.this, context, memory, spilled, mergeReservation);
          } catch (RuntimeException failure) {
            throw named(failure);
          }
          return output;
        }
      }

      @Override
      public OperatorMetrics metrics() {
        return metrics;
      }
    };
  }

  /** The node's offset (rows the output skips). */
  long offset() {
    return node.offset();
  }

  /** The node's limit (-1: none). */
  long limit() {
    return node.limit();
  }

  @Override
  public OperatorMetrics metrics() {
    return metrics;
  }

  /** Gives back the threads' reservations once the output no longer needs the runs. */
  synchronized void releaseReservations() {
    for (MemoryReservation reservation : reservations) {
      reservation.close();
    }
  }

  /** A failure with an allocator's out-of-memory turned into a RESOURCE error naming this operator. */
  RuntimeException named(RuntimeException failure) {
    if (failure instanceof OutOfMemoryException) {
      return new QuiverException(ErrorCode.RESOURCE, metrics.operator() + " ran out of memory: "
          + failure.getMessage() + "; raise --memory-limit", failure);
    }
    if (failure instanceof QuiverException quiver && quiver.errorCode() == ErrorCode.RESOURCE
        && quiver.getMessage() != null && !quiver.getMessage().startsWith(metrics.operator())) {
      return new QuiverException(ErrorCode.RESOURCE, metrics.operator() + ": " + quiver.getMessage(), quiver);
    }
    return failure;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    RuntimeException failure = null;
    if (output != null) {
      try {
        output.close();
      } catch (RuntimeException thrown) {
        failure = thrown;
      }
    }
    for (MemoryRun run : runs) {
      run.close();
    }
    runs.clear();
    for (SpillFile file : files) {
      SpillReader.delete(file.path());
    }
    files.clear();
    for (MemoryReservation reservation : reservations) {
      reservation.close();
    }
    if (mergeReservation != null) {
      mergeReservation.close();
    }
    if (failure != null) {
      throw failure;
    }
  }
}
