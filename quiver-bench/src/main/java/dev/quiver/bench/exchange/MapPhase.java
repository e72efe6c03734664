package dev.quiver.bench.exchange;

import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.datagen.tpch.TpchGenerator;
import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.shuffle.exchange.MapOutput;
import dev.quiver.shuffle.exchange.ShuffleWriter;
import dev.quiver.shuffle.partition.Partitioning;
import io.trino.tpch.TpchTable;
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
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The map side, in a process of its own: M map tasks on T threads, each generating its part of TPC-H
 * lineitem in batches of 8192 rows and writing them through a {@link ShuffleWriter} hash-partitioned
 * by {@code l_orderkey}. The {@code comet} style ends every partition's block after every input batch
 * ({@link ShuffleWriter#flush}): one block per input batch per partition, what Comet's writer makes.
 * Time inside the writer (write, flush, commit) is measured apart from generation. Prints one
 * {@code RESULT} line of key=value pairs.
 */
final class MapPhase {
  private MapPhase() {}

  static void run(BenchmarkSettings settings) throws Exception {
    Files.createDirectories(settings.out());
    Schema schema = TpchSchemas.schema(TpchTable.LINE_ITEM);
    Partitioning partitioning = Partitioning.hash(settings.partitions(), "l_orderkey");
    boolean cometStyle = settings.style().equals("comet");
    Queue<MetricsSnapshot> writerMetrics = new ConcurrentLinkedQueue<>();
    LongAdder writerNanos = new LongAdder();
    LongAdder generateNanos = new LongAdder();
    LongAdder writerCpuNanos = new LongAdder();
    LongAdder taskCpuNanos = new LongAdder();
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    LongAdder keySum = new LongAdder();
    long started = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(settings.threads());
    try (BufferAllocator allocator = Allocators.newRoot()) {
      List<Future<?>> tasks = new ArrayList<>();
      for (int m = 0; m < settings.maps(); m++) {
        int task = m;
        tasks.add(pool.submit(() -> {
          MapOutput target = MapOutput.named(settings.out(), "map-" + task, false, settings.partitions());
          try (ShuffleWriter writer = ShuffleWriter.create(target, schema, partitioning.newPartitioner(schema, task),
              settings.writerOptions(), allocator)) {
            long taskCpuStarted = threads.getCurrentThreadCpuTime();
            long[] last = {System.nanoTime()};
            TpchGenerator.generatePart(TpchTable.LINE_ITEM, settings.scale(), task + 1, settings.maps(),
                BenchmarkSettings.INPUT_BATCH_ROWS, allocator, batch -> {
                  try (VectorSchemaRoot input = batch) {
                    long generated = System.nanoTime();
                    long cpu = threads.getCurrentThreadCpuTime();
                    generateNanos.add(generated - last[0]);
                    BigIntVector keys = (BigIntVector) input.getVector("l_orderkey");
                    long sum = 0;
                    for (int r = 0; r < input.getRowCount(); r++) {
                      sum += keys.get(r);
                    }
                    keySum.add(sum);
                    writer.write(input);
                    if (cometStyle) {
                      writer.flush();
                    }
                    writerCpuNanos.add(threads.getCurrentThreadCpuTime() - cpu);
                    last[0] = System.nanoTime();
                    writerNanos.add(last[0] - generated);
                  }
                });
            long committing = System.nanoTime();
            long cpu = threads.getCurrentThreadCpuTime();
            writer.commit();
            writerMetrics.add(writer.metrics());
            writerCpuNanos.add(threads.getCurrentThreadCpuTime() - cpu);
            writerNanos.add(System.nanoTime() - committing);
            taskCpuNanos.add(threads.getCurrentThreadCpuTime() - taskCpuStarted);
          }
          return null;
        }));
      }
      for (Future<?> task : tasks) {
        task.get();
      }
    } finally {
      pool.shutdownNow();
    }
    long wall = System.nanoTime() - started;
    MetricsSnapshot metrics = writerMetrics.stream().reduce(MetricsSnapshot::plus).orElseThrow();
    System.out.println("RESULT rows=" + metrics.get("rows") + " bytes=" + metrics.get("bytes.written")
        + " blocks=" + metrics.get("blocks.written") + " spills=" + metrics.get("spills")
        + " spillBytes=" + metrics.get("bytes.spilled") + " forcedFlushes=" + metrics.get("flushes.forced")
        + " wallNanos=" + wall + " writerNanos=" + writerNanos.sum() + " writerCpuNanos=" + writerCpuNanos.sum()
        + " taskCpuNanos=" + taskCpuNanos.sum() + " generateNanos=" + generateNanos.sum()
        + " partitionNanos=" + metrics.get("time.partition") + " scatterNanos=" + metrics.get("time.scatter")
        + " encodeNanos=" + metrics.get("time.encode") + " compressNanos=" + metrics.get("time.compress")
        + " spillNanos=" + metrics.get("time.spill") + " commitNanos=" + metrics.get("time.commit")
        + " keySum=" + keySum.sum());
  }
}
