package dev.quiver.bench;

import dev.quiver.bench.exchange.BlockDecodeSuite;
import dev.quiver.bench.exchange.BlockDecodeWorkloads;
import dev.quiver.bench.exchange.CometLibrary;
import dev.quiver.bench.exchange.ExchangeThroughput;
import dev.quiver.bench.results.ResultRecord;
import dev.quiver.bench.results.ResultsFile;
import dev.quiver.bench.run.ChildJvm;
import dev.quiver.bench.run.RunEnvironment;
import dev.quiver.bench.run.SuiteRunner;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code quiver bench shuffle}: block decode per shape and codec, Quiver against Comet's native decoder and Arrow Java. */
@Command(name = "shuffle", mixinStandardHelpOptions = true,
    description = "Shuffle block decode per shape and codec: Quiver, Comet's native decoder, Arrow Java's stream reader.")
public final class BenchShuffleCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  BenchOptions options;

  @Option(names = "--shapes", paramLabel = "CxR", split = ",",
      description = "Block shapes, columns x rows (default: 5x64,5x512,5x8192,50x64,50x512,50x8192).")
  List<String> shapes;

  @Option(names = "--codecs", paramLabel = "CODEC", split = ",",
      description = "Codecs (default: none,lz4,zstd; snappy too).")
  List<String> codecs;

  @Option(names = "--systems", paramLabel = "S", split = ",",
      description = "Systems (default: quiver,comet,arrow-java).")
  List<String> systems;

  @Option(names = "--repeat-millis", paramLabel = "MS", defaultValue = "1500",
      description = "How long each pass decodes the block over and over (default: ${DEFAULT-VALUE}).")
  long repeatMillis;

  @Override
  public Integer call() throws Exception {
    PrintWriter log = spec.commandLine().getErr();
    List<String> chosen = new ArrayList<>(systems == null ? BlockDecodeWorkloads.SYSTEMS : systems);
    List<String> childOptions = new ArrayList<>();
    if (CometLibrary.jar() != null) {
      childOptions.add("-D" + CometLibrary.JAR_PROPERTY + "=" + CometLibrary.jar().toAbsolutePath());
    }
    if (chosen.contains(BlockDecodeWorkloads.COMET) && !CometLibrary.available()) {
      log.println("bench shuffle: leaving Comet out: its jar is not there (-D" + CometLibrary.JAR_PROPERTY
          + ", built into quiver-bench/target/peers/comet-spark.jar) or this is not Linux x86-64");
      chosen.remove(BlockDecodeWorkloads.COMET);
    }
    SuiteRunner runner = new SuiteRunner(new ChildJvm(MeasureMain.class.getName(), childOptions),
        RunEnvironment.detect(BenchOptions.repository()),
        "shuffle", BlockDecodeWorkloads.QUIVER, options.runs, options.warmupPasses, repeatMillis, log);
    List<ResultRecord> records = runner
        .run(BlockDecodeSuite.arms(shapes == null ? BlockDecodeSuite.DEFAULT_SHAPES : shapes,
            codecs == null ? BlockDecodeSuite.DEFAULT_CODECS : codecs, chosen));
    ResultsFile.append(options.resultsFile(), records);
    log.println("bench shuffle: " + records.size() + " measurements appended to " + options.resultsFile());
    if (ExchangeThroughput.implementation().isEmpty()) {
      log.println("bench shuffle: " + ExchangeThroughput.NOT_YET);
    }
    return 0;
  }
}
