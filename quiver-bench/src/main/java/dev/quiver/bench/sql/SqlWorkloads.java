package dev.quiver.bench.sql;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.Workload;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/** Makes a SQL suite's workloads in a measurement JVM: the requested system's arm over the data directory. */
public final class SqlWorkloads {
  private SqlWorkloads() {}

  /** A workload over the generated table the request names ({@link SqlSuite#DIRECTORY}, {@link SqlSuite#TABLE}). */
  public static Workload create(SqlQueries queries, MeasureRequest request, BufferAllocator kept) throws Exception {
    GeneratedData data = new GeneratedData(Path.of(request.parameter(SqlSuite.DIRECTORY)),
        request.parameter(SqlSuite.TABLE));
    return create(queries, data, request, kept);
  }

  /** A workload over {@code data}. */
  public static Workload create(SqlQueries queries, SqlData data, MeasureRequest request, BufferAllocator kept)
      throws Exception {
    String subject = queries.subject(request.subject());
    long memoryLimit = Long.parseLong(request.parameters().getOrDefault(SqlSuite.MEMORY_LIMIT, "0"));
    SqlArm arm = arm(SqlSystem.parse(request.system()), data, request.threads(), memoryLimit, kept);
    return new Workload() {
      @Override
      public Outcome run(BufferAllocator allocator, boolean verify) throws Exception {
        return arm.run(queries, subject, allocator, verify);
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
  public static SqlArm arm(SqlSystem system, SqlData data, int threads, long memoryLimit, BufferAllocator allocator)
      throws Exception {
    switch (system) {
      case QUIVER:
        return new QuiverSqlArm(data, threads, memoryLimit, allocator);
      case DUCKDB:
        return DuckDbSqlArm.nativeTables(data, threads);
      default:
        return DuckDbSqlArm.parquet(data, threads);
    }
  }
}
