package dev.quiver.bench.tpch;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.Workload;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/** Makes the TPC-H suite's workloads in a measurement JVM: the requested system's arm over the data directory. */
public final class TpchWorkloads {
  private TpchWorkloads() {}

  public static Workload create(MeasureRequest request, BufferAllocator kept) throws Exception {
    TpchData data = new TpchData(Path.of(request.parameter(TpchSuite.DIRECTORY)));
    int query = TpchSql.number(request.subject());
    long memoryLimit = Long.parseLong(request.parameters().getOrDefault(TpchSuite.MEMORY_LIMIT, "0"));
    TpchArm arm = arm(TpchSystem.parse(request.system()), data, request.threads(), memoryLimit, kept);
    return new Workload() {
      @Override
      public Outcome run(BufferAllocator allocator, boolean verify) throws Exception {
        return arm.run(query, allocator, verify);
      }

      @Override
      public void close() throws Exception {
        arm.close();
      }
    };
  }

  /**
   * The arm of {@code system} over {@code data}.
   *
   * @param memoryLimit Quiver's per-query memory limit in bytes (0: the session's default)
   * @param allocator what Quiver's session allocates under
   */
  public static TpchArm arm(TpchSystem system, TpchData data, int threads, long memoryLimit,
      BufferAllocator allocator) throws Exception {
    switch (system) {
      case QUIVER:
        return new QuiverTpchArm(data, threads, memoryLimit, allocator);
      case DUCKDB:
        return DuckDbTpchArm.nativeTables(data, threads);
      default:
        return DuckDbTpchArm.parquet(data, threads);
    }
  }
}
