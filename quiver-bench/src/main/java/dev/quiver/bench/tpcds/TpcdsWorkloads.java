package dev.quiver.bench.tpcds;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.run.WorkloadSession;
import dev.quiver.bench.sql.SqlWorkloads;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/** Makes the TPC-DS suite's workloads in a measurement JVM: the requested system's arm over the data directory. */
public final class TpcdsWorkloads {
  private TpcdsWorkloads() {}

  public static Workload create(MeasureRequest request, BufferAllocator kept) throws Exception {
    TpcdsData data = new TpcdsData(Path.of(request.parameter(TpcdsSuite.DIRECTORY)));
    return SqlWorkloads.create(TpcdsSql.QUERIES, data, request, kept);
  }

  /** A session for a persistent measurement JVM: the requested system's arm, made once for every query. */
  public static WorkloadSession session(MeasureRequest request, BufferAllocator kept) throws Exception {
    TpcdsData data = new TpcdsData(Path.of(request.parameter(TpcdsSuite.DIRECTORY)));
    return SqlWorkloads.session(TpcdsSql.QUERIES, data, request, kept);
  }
}
