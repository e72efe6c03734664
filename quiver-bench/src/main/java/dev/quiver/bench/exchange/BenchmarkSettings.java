package dev.quiver.bench.exchange;

import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.exchange.ShuffleWriterOptions;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exchange benchmark's command-line options, shared by the driver and its child processes.
 *
 * @param phase {@code all} (the driver), {@code map} or {@code reduce} (a child)
 * @param out the working directory (map outputs go to a subdirectory per codec and style)
 * @param scale the TPC-H scale factor
 * @param partitions reduce partitions (P)
 * @param maps map tasks (M), each generating and writing its part of lineitem
 * @param threads threads the map and reduce tasks run on
 * @param runs repetitions of every configuration (the driver reports medians)
 * @param codecs codecs to compare: lz4, zstd, zstd+offsets (zstd with Comet's offsets-as-lengths flag)
 * @param style {@code quiver} (blocks at the target size) or {@code comet} (a block per input batch per
 *     partition, as Comet's writer makes them), for a child
 * @param codec the codec of a child
 * @param memoryLimit the writer's memory limit per map task, bytes
 */
record BenchmarkSettings(String phase, Path out, double scale, int partitions, int maps, int threads, int runs,
    List<String> codecs, String style, String codec, long memoryLimit) {

  static final int INPUT_BATCH_ROWS = 8192;
  static final String USAGE = "usage: ExchangeBenchmark --out DIR [--scale SF] [--partitions N] [--maps N] [--threads N]"
      + " [--runs N] [--codecs lz4,zstd,zstd+offsets] [--memory-limit BYTES]";

  static BenchmarkSettings parse(String[] arguments) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i + 1 < arguments.length; i += 2) {
      options.put(arguments[i], arguments[i + 1]);
    }
    List<String> known = List.of("--phase", "--out", "--scale", "--partitions", "--maps", "--threads", "--runs",
        "--codecs", "--style", "--codec", "--memory-limit");
    if (arguments.length % 2 != 0 || !options.containsKey("--out") || !known.containsAll(options.keySet())) {
      System.err.println(USAGE);
      System.exit(2);
    }
    return new BenchmarkSettings(
        options.getOrDefault("--phase", "all"),
        Path.of(options.get("--out")),
        Double.parseDouble(options.getOrDefault("--scale", "1")),
        Integer.parseInt(options.getOrDefault("--partitions", "200")),
        Integer.parseInt(options.getOrDefault("--maps", "4")),
        Integer.parseInt(options.getOrDefault("--threads", "2")),
        Integer.parseInt(options.getOrDefault("--runs", "3")),
        List.of(options.getOrDefault("--codecs", "lz4,zstd,zstd+offsets").split(",")),
        options.getOrDefault("--style", "quiver"),
        options.getOrDefault("--codec", "lz4"),
        Long.parseLong(
            options.getOrDefault("--memory-limit", String.valueOf(ShuffleWriterOptions.DEFAULT_MEMORY_LIMIT))));
  }

  /** The arguments that make a child run {@code phase} for {@code codecName} and {@code styleName}. */
  List<String> childArguments(String childPhase, String codecName, String styleName, Path directory) {
    return List.of("--phase", childPhase, "--out", directory.toString(), "--scale", String.valueOf(scale),
        "--partitions", String.valueOf(partitions), "--maps", String.valueOf(maps), "--threads",
        String.valueOf(threads),
        "--codec", codecName, "--style", styleName, "--memory-limit", String.valueOf(memoryLimit));
  }

  /** The writer settings of a child: its codec (zstd+offsets: zstd with the flag), level 1, the memory limit. */
  ShuffleWriterOptions writerOptions() {
    boolean offsets = codec.endsWith("+offsets");
    CompressionCodec compression = CompressionCodec.parse(offsets ? codec.substring(0, codec.indexOf('+')) : codec);
    return ShuffleWriterOptions.defaults().withCodec(compression).withMemoryLimit(memoryLimit)
        .withBlockOptions(ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(offsets));
  }
}
