package dev.quiver.bench.tpch;

import dev.quiver.bench.sql.SqlDataPreparer;
import dev.quiver.common.QuiverException;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.file.QuiverFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Makes the TPC-H suite's files once and reuses them (each appears atomically, so an interrupted
 * run leaves none half-written): the missing {@code .qvr} tables by {@code quiver generate tpch}, each
 * table's Parquet copy by {@code quiver convert} (zstd, the scan suite's row groups), and the DuckDB
 * database by {@link DuckDbDatabase} (every table from its Parquet file, checkpointed). The
 * directory is the scan suite's TPC-H directory for the same scale (its lineitem files are shared).
 *
 * <p>Sorted data ({@code generate tpch --sorted}: lineitem by l_shipdate, orders by o_orderdate) goes
 * to a directory of its own ({@link TpchSuite#directory(Path, double, boolean)}); the Parquet files
 * are converted from the sorted {@code .qvr} files (convert keeps the row order) and DuckDB loads its
 * tables from them, so every system reads the same rows in the same order. A lineitem file whose
 * footer says otherwise than asked (sorted or not) is refused, never reused.
 */
public final class TpchDataPreparer {
  private TpchDataPreparer() {}

  public static TpchData prepare(Path directory, double scale, boolean parquet, boolean duckdb,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    return prepare(directory, scale, false, parquet, duckdb, allocator, log);
  }

  /** {@link #prepare(Path, double, boolean, boolean, BufferAllocator, PrintWriter)}, sorted or not. */
  public static TpchData prepare(Path directory, double scale, boolean sorted, boolean parquet, boolean duckdb,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    TpchData data = new TpchData(directory);
    checkOrder(data.quiver("lineitem"), sorted);
    List<String> generate = new ArrayList<>(List.of("generate", "tpch", "--scale",
        String.format(Locale.ROOT, "%s", scale)));
    if (sorted) {
      generate.add("--sorted");
    }
    boolean generated = !Files.exists(data.quiver("lineitem"));
    SqlDataPreparer.prepareTables(data, generate, parquet, duckdb, allocator, log);
    if (generated) {
      checkOrder(data.quiver("lineitem"), sorted);
    }
    return data;
  }

  /** Refuses a lineitem file sorted when unsorted data is asked for, or the other way round. */
  static void checkOrder(Path lineitem, boolean sorted) throws IOException {
    if (!Files.exists(lineitem)) {
      return;
    }
    try (QuiverFile file = QuiverFile.open(lineitem)) {
      String order = file.footer().metadata().get(FormatConstants.METADATA_SORTED_BY);
      if (sorted != (order != null)) {
        throw QuiverException.user(lineitem + (order == null ? " is not sorted" : " is sorted by " + order)
            + ", but " + (sorted ? "sorted" : "unsorted") + " data was asked for; remove it or use another --data");
      }
    }
  }
}
