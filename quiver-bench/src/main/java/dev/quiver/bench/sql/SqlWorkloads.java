package dev.quiver.bench.sql;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.run.WorkloadSession;
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
    queries.subject(request.subject());
    WorkloadSession session = session(queries, data, request, kept);
    Workload workload;
    try {
      workload = session.workload(request);
    } catch (Exception failure) {
      session.close();
      throw failure;
    }
    return new Workload() {
      @Override
      public Outcome run(BufferAllocator allocator, boolean verify) throws Exception {
        return workload.run(allocator, verify);
      }

      @Override
      public void close() throws Exception {
        session.close();
      }
    };
  }

  /**
   * A session over the generated table the request names, for a persistent measurement JVM: one arm
   * for every query.
   */
  public static WorkloadSession session(SqlQueries queries, MeasureRequest request, BufferAllocator kept)
      throws Exception {
    GeneratedData data = new GeneratedData(Path.of(request.parameter(SqlSuite.DIRECTORY)),
        request.parameter(SqlSuite.TABLE));
    return session(queries, data, request, kept);
  }

  /**
   * A session over {@code data}: the request's system's arm (threads, memory limit), made once (DuckDB
   * connects to its tables, Quiver opens its session and registers the tables), and each subject's
   * workload a run of that subject's query on it. Closing the session closes the arm.
   */
  public static WorkloadSession session(SqlQueries queries, SqlData data, MeasureRequest request,
      BufferAllocator kept) throws Exception {
    long memoryLimit = Long.parseLong(request.parameters().getOrDefault(SqlSuite.MEMORY_LIMIT, "0"));
    SqlArm arm = arm(SqlSystem.parse(request.system()), data, request.threads(), memoryLimit, kept);
    return new WorkloadSession() {
      @Override
      public Workload workload(MeasureRequest subjectRequest) {
        String subject = queries.subject(subjectRequest.subject());
        return (allocator, verify) -> arm.run(queries, subject, allocator, verify);
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
