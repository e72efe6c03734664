package dev.quiver.bench.tpch;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.run.WorkloadSession;
import dev.quiver.bench.sql.SqlWorkloads;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Makes the TPC-H suite's workloads in a measurement JVM: the requested system's arm of the shared
 * SQL suites ({@link SqlWorkloads}) over the data directory's tables.
 */
public final class TpchWorkloads {
  private TpchWorkloads() {}

  public static Workload create(MeasureRequest request, BufferAllocator kept) throws Exception {
    TpchData data = new TpchData(Path.of(request.parameter(TpchSuite.DIRECTORY)));
    return SqlWorkloads.create(TpchSql.QUERIES, data, request, kept);
  }

  /** A session for a persistent measurement JVM: the requested system's arm, made once for every query. */
  public static WorkloadSession session(MeasureRequest request, BufferAllocator kept) throws Exception {
    TpchData data = new TpchData(Path.of(request.parameter(TpchSuite.DIRECTORY)));
    return SqlWorkloads.session(TpchSql.QUERIES, data, request, kept);
  }
}
