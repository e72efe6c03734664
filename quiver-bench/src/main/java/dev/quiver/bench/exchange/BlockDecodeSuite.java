package dev.quiver.bench.exchange;

import dev.quiver.bench.run.Arm;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The block decode half of the shuffle suite: every shape and codec, Quiver first (the reference
 * every answer is checked against), one thread, each measurement a JVM of its own that decodes the
 * block over and over for a fixed time and reports the time per block.
 */
public final class BlockDecodeSuite {
  /** Comet's benchmark shapes (columns x rows). */
  public static final List<String> DEFAULT_SHAPES = List.of("5x64", "5x512", "5x8192", "50x64", "50x512", "50x8192");
  public static final List<String> DEFAULT_CODECS = List.of("none", "lz4", "zstd");

  private BlockDecodeSuite() {}

  public static List<Arm> arms(List<String> shapes, List<String> codecs, List<String> systems) {
    List<String> ordered = new ArrayList<>(systems);
    ordered.remove(BlockDecodeWorkloads.QUIVER);
    ordered.add(0, BlockDecodeWorkloads.QUIVER);
    List<Arm> arms = new ArrayList<>();
    for (String codec : codecs) {
      for (String size : shapes) {
        BlockShape shape = BlockShape.parse(size + "-" + codec);
        Map<String, String> data = new LinkedHashMap<>();
        data.put("columns", Integer.toString(shape.columns()));
        data.put("rows", Integer.toString(shape.rows()));
        data.put("codec", shape.codec());
        for (String system : ordered) {
          arms.add(new Arm("blocks", data, shape.toString(), system, 1, Map.of()));
        }
      }
    }
    return arms;
  }
}
