package dev.quiver.shuffle.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.partition.Partitioning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An in-process shuffle: runs M map tasks, each writing its batches through a {@link ShuffleWriter}
 * into a temporary directory, then R reduce tasks (one per partition), each reading its partition of
 * every map output through a {@link ShuffleReader}; both over one thread pool. The engine's
 * repartition (quiver-exec's {@code ExchangeSinkFactory}) uses the same writer and reader inside its
 * own pipelines, on the query's threads.
 *
 * <p>The exchange owns a temporary directory ({@code quiver-exchange-*} under the options' root);
 * each {@link #exchange} call works in a subdirectory of its own and deletes it when it ends, with
 * or without success. {@link #close} deletes the directory and stops the threads. If a task fails,
 * the others are interrupted or skipped, every file of the call is deleted and the first failure is
 * thrown.
 */
public final class LocalExchange implements AutoCloseable {

  /** Runs one map task: writes its batches to {@code writer} (the exchange commits it after). */
  @FunctionalInterface
  public interface MapTask {
    void run(ShuffleWriter writer) throws Exception;
  }

  /**
   * Runs one reduce task over its partition's batches; it must close every batch it reads before it
   * returns (the reader's memory is checked empty when it closes), so copy out what it keeps.
   */
  @FunctionalInterface
  public interface ReduceTask<T> {
    T run(ShuffleReader reader) throws Exception;
  }

  /**
   * Exchange settings.
   *
   * @param threads threads of the pool the tasks run on
   * @param temporaryRoot where the exchange's directory goes, or null for {@code java.io.tmpdir}
   * @param writer the map tasks' writer settings
   * @param reader the reduce tasks' reader settings
   */
  public record Options(int threads, Path temporaryRoot, ShuffleWriterOptions writer, ShuffleReaderOptions reader) {
    public Options {
      if (threads < 1) {
        throw QuiverException.user("an exchange needs at least 1 thread, not " + threads);
      }
    }

    /** A thread per core, the default writer, and a reader that trusts the blocks (this process wrote them). */
    public static Options defaults() {
      return new Options(Runtime.getRuntime().availableProcessors(), null, ShuffleWriterOptions.defaults(),
          ShuffleReaderOptions.defaults().withValidation(false));
    }

    public Options withThreads(int count) {
      return new Options(count, temporaryRoot, writer, reader);
    }

    public Options withTemporaryRoot(Path root) {
      return new Options(threads, root, writer, reader);
    }

    public Options withWriter(ShuffleWriterOptions options) {
      return new Options(threads, temporaryRoot, options, reader);
    }

    public Options withReader(ShuffleReaderOptions options) {
      return new Options(threads, temporaryRoot, writer, options);
    }
  }

  private final Options options;
  private final BufferAllocator allocator;
  private final Path directory;
  private final ExecutorService tasks;
  private final ExecutorService readAhead;
  private MetricsSnapshot writerTotals = new WriterMetrics().snapshot();
  private MetricsSnapshot readerTotals;
  private final AtomicInteger exchanges = new AtomicInteger();
  private boolean closed;

  private LocalExchange(Options options, BufferAllocator allocator, Path directory) {
    this.options = options;
    this.allocator = allocator;
    this.directory = directory;
    this.tasks = Executors.newFixedThreadPool(options.threads(), daemonThreads("quiver-exchange-task"));
    this.readAhead = Executors.newCachedThreadPool(daemonThreads("quiver-exchange-read-ahead"));
    this.readerTotals = ShuffleReader.metrics(new ReaderMetrics(), new BlockDecoder(allocator));
  }

  /** An exchange whose tasks take memory from children of {@code allocator}. */
  public static LocalExchange create(Options options, BufferAllocator allocator) throws IOException {
    Path root = options.temporaryRoot() != null ? options.temporaryRoot()
        : Path.of(System.getProperty("java.io.tmpdir"));
    return new LocalExchange(options, allocator, Files.createTempDirectory(root, "quiver-exchange-"));
  }

  private static ThreadFactory daemonThreads(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  /** The exchange's temporary directory (deleted on close). */
  public Path directory() {
    return directory;
  }

  /** The metrics of every map task so far, added up (see {@link ShuffleWriter#metrics()}). */
  public synchronized MetricsSnapshot writerMetrics() {
    return writerTotals;
  }

  /** The metrics of every reduce task so far, added up (see {@link ShuffleReader#metrics()}). */
  public synchronized MetricsSnapshot readerMetrics() {
    return readerTotals;
  }

  private synchronized void addWriterMetrics(MetricsSnapshot task) {
    writerTotals = writerTotals.plus(task);
  }

  private synchronized void addReaderMetrics(MetricsSnapshot task) {
    readerTotals = readerTotals.plus(task);
  }

  /**
   * Shuffles: runs {@code mapTasks} (batches of {@code schema}, split by {@code partitioning}), then
   * {@code reduceTask} once per partition; returns the reduce results in partition order.
   *
   * @throws IOException when a task failed with one (a damaged file, a full disk)
   * @throws QuiverException when a task failed otherwise
   */
  public <T> List<T> exchange(Schema schema, Partitioning partitioning, List<MapTask> mapTasks,
      ReduceTask<T> reduceTask)
      throws IOException {
    if (closed) {
      throw QuiverException.user("the exchange is closed");
    }
    Path stage = Files.createDirectory(directory.resolve("exchange-" + exchanges.incrementAndGet()));
    try {
      int partitions = partitioning.partitionCount();
      List<MapOutput> outputs = TaskGroup.runAll(tasks, mapTasks.size(), "map task", m -> {
        MapOutput target = MapOutput.named(stage, "map-" + m, options.writer().checksums(), partitions);
        try (ShuffleWriter writer = ShuffleWriter.create(target, schema, partitioning.newPartitioner(schema, m),
            options.writer(), allocator)) {
          try {
            mapTasks.get(m).run(writer);
            return writer.commit();
          } finally {
            addWriterMetrics(writer.metrics());
          }
        }
      });
      ShuffleReaderOptions readerOptions = options.reader().withIoExecutor(readAhead);
      return TaskGroup.runAll(tasks, partitions, "reduce task", p -> {
        try (ShuffleReader reader = ShuffleReader.open(outputs, p, readerOptions, allocator)) {
          try {
            return reduceTask.run(reader);
          } finally {
            addReaderMetrics(reader.metrics());
          }
        }
      });
    } finally {
      deleteRecursively(stage);
    }
  }

  private static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(path)) {
      walk.sorted(Comparator.reverseOrder()).forEach(paths::add);
    }
    for (Path file : paths) {
      Files.deleteIfExists(file);
    }
  }

  /** Stops the threads and deletes the exchange's directory. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    tasks.shutdownNow();
    readAhead.shutdownNow();
    try {
      tasks.awaitTermination(1, TimeUnit.MINUTES);
      readAhead.awaitTermination(1, TimeUnit.MINUTES);
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
    }
    deleteRecursively(directory);
  }
}
