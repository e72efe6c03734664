package dev.quiver.bench.scan.workloads;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.scan.DataFiles;
import dev.quiver.bench.scan.QuiverArm;
import dev.quiver.bench.scan.ScanArm;
import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.scan.ScanSuite;
import dev.quiver.bench.scan.ScanSystem;
import dev.quiver.bench.scan.duckdb.DuckDbArm;
import dev.quiver.bench.scan.parquet.ParquetArm;
import dev.quiver.bench.scan.vortex.VortexArm;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;

/** Makes the scan suite's workloads in a measurement JVM: the arm of the requested system over the data set's files. */
public final class ScanWorkloads {
  private ScanWorkloads() {}

  public static Workload create(MeasureRequest request, BufferAllocator kept) throws Exception {
    DataFiles files = new DataFiles(Path.of(request.parameter(ScanSuite.DIRECTORY)),
        request.parameter(ScanSuite.TABLE));
    ScanQuery query = ScanQuery.parse(request.subject());
    ScanArm arm = arm(ScanSystem.parse(request.system()), files, request.threads());
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

  /** The arm of {@code system} over {@code files}. */
  public static ScanArm arm(ScanSystem system, DataFiles files, int threads) throws Exception {
    switch (system) {
      case QUIVER:
        return new QuiverArm(files, threads);
      case VORTEX:
        return new VortexArm(files, threads);
      case DUCKDB:
        return DuckDbArm.nativeTables(files, threads);
      case DUCKDB_PARQUET:
        return DuckDbArm.parquet(files, threads);
      default:
        return new ParquetArm(files, threads);
    }
  }
}
