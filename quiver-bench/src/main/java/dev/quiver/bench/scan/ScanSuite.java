package dev.quiver.bench.scan;

import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.run.Arm;
import dev.quiver.bench.run.SuiteRunner;
import dev.quiver.cli.QuiverCommand;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The scan suite: makes the data (generated once into {@code DIR/<data set>-<size>/}, each peer's
 * copy written once beside it), then measures every query on every system at every thread count,
 * each measurement in its own JVM ({@link SuiteRunner}), Quiver first so every peer's answer is
 * checked against Quiver's.
 */
public final class ScanSuite {
  /** How big each data set is. */
  public record Sizes(double scale, long hitsRows, long finewebRows) {}

  /** Parameters of a scan measurement (read by {@code workloads.ScanWorkloads}). */
  public static final String DIRECTORY = "directory";
  public static final String TABLE = "table";

  private ScanSuite() {}

  /** The directory of a data set's files for these sizes. */
  public static DataFiles files(Path dataDirectory, DataSet dataSet, Sizes sizes) {
    String size;
    switch (dataSet) {
      case TPCH:
        size = "sf" + String.format(Locale.ROOT, "%s", sizes.scale()).replaceAll("\\.0$", "");
        break;
      case CLICKBENCH:
        size = Long.toString(sizes.hitsRows());
        break;
      default:
        size = Long.toString(sizes.finewebRows());
    }
    return new DataFiles(dataDirectory.resolve(dataSet.label() + "-" + size), dataSet.table());
  }

  /** Generates the {@code .qvr} file (if missing) and the copies the chosen systems need. */
  public static DataFiles prepare(Path dataDirectory, DataSet dataSet, Sizes sizes, Set<ScanSystem> systems,
      BufferAllocator allocator, PrintWriter log) throws IOException {
    DataFiles files = files(dataDirectory, dataSet, sizes);
    if (!Files.exists(files.quiver())) {
      List<String> command = new ArrayList<>(
          List.of("generate", dataSet.label(), "--out", files.directory().toString()));
      switch (dataSet) {
        case TPCH:
          command.addAll(List.of("--scale", Double.toString(sizes.scale()), "--tables", "lineitem"));
          break;
        case CLICKBENCH:
          command.addAll(List.of("--rows", Long.toString(sizes.hitsRows())));
          break;
        default:
          command.addAll(List.of("--rows", Long.toString(sizes.finewebRows())));
      }
      log.println("quiver " + String.join(" ", command));
      log.flush();
      int exit = QuiverCommand.commandLine(allocator, Map.of(), log, log).execute(command.toArray(String[]::new));
      if (exit != 0) {
        throw new QuiverException(ErrorCode.INTERNAL, "generating " + files.quiver() + " failed");
      }
    }
    boolean peers = systems.stream().anyMatch(system -> system != ScanSystem.QUIVER);
    if (peers) {
      PeerFiles.prepare(files, systems.contains(ScanSystem.VORTEX), systems.contains(ScanSystem.DUCKDB), allocator,
          log);
    }
    return files;
  }

  /** The arms for these queries, systems and thread counts (Quiver first in every group). */
  public static List<Arm> arms(List<ScanQuery> queries, Set<ScanSystem> systems, List<Integer> threads,
      Map<DataSet, DataFiles> files, Sizes sizes) {
    List<ScanSystem> ordered = new ArrayList<>(EnumSet.copyOf(systems));
    ordered.remove(ScanSystem.QUIVER);
    ordered.add(0, ScanSystem.QUIVER);
    List<Arm> arms = new ArrayList<>();
    for (ScanQuery query : queries) {
      DataFiles data = files.get(query.dataSet());
      Map<String, String> parameters = Map.of(DIRECTORY, data.directory().toString(),
          TABLE, data.table());
      for (int threadCount : threads) {
        for (ScanSystem system : ordered) {
          arms.add(new Arm(query.dataSet().label(), dataParameters(query.dataSet(), sizes), query.label(),
              system.label(), threadCount, parameters));
        }
      }
    }
    return arms;
  }

  static Map<String, String> dataParameters(DataSet dataSet, Sizes sizes) {
    Map<String, String> parameters = new LinkedHashMap<>();
    switch (dataSet) {
      case TPCH:
        parameters.put("scale", String.format(Locale.ROOT, "%s", sizes.scale()));
        break;
      case CLICKBENCH:
        parameters.put("rows", Long.toString(sizes.hitsRows()));
        break;
      default:
        parameters.put("rows", Long.toString(sizes.finewebRows()));
    }
    return parameters;
  }

  /** Prepares the data and measures; returns the records. */
  public static List<ResultRecord> run(Path dataDirectory, Sizes sizes, List<ScanQuery> queries,
      Set<ScanSystem> systems,
      List<Integer> threads, SuiteRunner runner, BufferAllocator allocator, PrintWriter log) throws IOException {
    Set<ScanSystem> withQuiver = EnumSet.copyOf(systems);
    withQuiver.add(ScanSystem.QUIVER);
    Map<DataSet, DataFiles> files = new LinkedHashMap<>();
    for (ScanQuery query : queries) {
      if (!files.containsKey(query.dataSet())) {
        files.put(query.dataSet(), prepare(dataDirectory, query.dataSet(), sizes, withQuiver, allocator, log));
      }
    }
    return runner.run(arms(queries, withQuiver, threads, files, sizes));
  }
}
