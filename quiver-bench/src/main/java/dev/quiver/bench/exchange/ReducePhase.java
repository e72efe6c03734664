package dev.quiver.bench.exchange;

import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleReader;
import dev.quiver.shuffle.exchange.ShuffleReaderOptions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;

/**
 * The reduce side, in a process of its own: P reduce tasks on T threads, each reading its partition
 * of every map output through a {@link ShuffleReader} (read-ahead on an I/O thread, trusted decoding
 * on the task's thread, as the local exchange reads) and summing {@code l_orderkey} to check that
 * every row arrived. Prints one {@code RESULT} line of key=value pairs.
 */
final class ReducePhase {
  private ReducePhase() {}

  static void run(BenchmarkSettings settings) throws Exception {
    List<MapOutput> outputs;
    try (Stream<java.nio.file.Path> files = Files.list(settings.out())) {
      outputs = files.filter(file -> file.getFileName().toString().endsWith(MapOutput.INDEX_SUFFIX)).sorted()
          .map(MapOutput::ofIndex).toList();
    }
    Queue<MetricsSnapshot> readerMetrics = new ConcurrentLinkedQueue<>();
    LongAdder taskNanos = new LongAdder();
    LongAdder taskCpuNanos = new LongAdder();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    LongAdder keySum = new LongAdder();
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    ExecutorService readAhead = Executors.newCachedThreadPool();
    ShuffleReaderOptions options = ShuffleReaderOptions.defaults().withValidation(false).withIoExecutor(readAhead);
    long started = System.nanoTime();
    try (BufferAllocator allocator = Allocators.newRoot()) {
      List<Future<?>> tasks = new ArrayList<>();
      for (int p = 0; p < settings.partitions(); p++) {
        int partition = p;
        tasks.add(pool.submit(() -> {
          long taskStarted = System.nanoTime();
          long cpuStarted = threads.getCurrentThreadCpuTime();
          try (ShuffleReader reader = ShuffleReader.open(outputs, partition, options, allocator)) {
            long sum = 0;
            for (DecodedBatch next = reader.next(); next != null; next = reader.next()) {
              try (DecodedBatch batch = next) {
                BigIntVector keys = (BigIntVector) batch.root().getVector("l_orderkey");
                for (int r = 0; r < batch.rowCount(); r++) {
                  sum += keys.get(r);
                }
              }
            }
            keySum.add(sum);
            readerMetrics.add(reader.metrics());
          }
          taskNanos.add(System.nanoTime() - taskStarted);
          taskCpuNanos.add(threads.getCurrentThreadCpuTime() - cpuStarted);
          return null;
        }));
      }
      for (Future<?> task : tasks) {
        task.get();
      }
    } finally {
      pool.shutdownNow();
      readAhead.shutdownNow();
    }
    long wall = System.nanoTime() - started;
    MetricsSnapshot metrics = readerMetrics.stream().reduce(MetricsSnapshot::plus).orElseThrow();
    System.out.println("RESULT rows=" + metrics.get("rows.read") + " bytes=" + metrics.get("bytes.read")
        + " blocks=" + metrics.get("blocks.read") + " wallNanos=" + wall + " taskNanos=" + taskNanos.sum()
        + " taskCpuNanos=" + taskCpuNanos.sum()
        + " ioNanos=" + metrics.get("time.io") + " decodeNanos=" + metrics.get("time.decode")
        + " waitNanos=" + metrics.get("time.read.ahead.wait") + " waits=" + metrics.get("read.ahead.waits")
        + " bufferWaits=" + metrics.get("buffer.waits") + " bytesDecompressed="
        + metrics.get("decoder.bytes.decompressed")
        + " keySum=" + keySum.sum());
  }
}
