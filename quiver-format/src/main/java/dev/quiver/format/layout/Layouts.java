package dev.quiver.format.layout;

import java.util.ArrayList;
import java.util.List;

/** Walks of a layout tree. */
public final class Layouts {
  private Layouts() {}

  /**
   * The flat layouts below {@code node} (itself if flat), in tree order: a dict node gives its values,
   * then its code chunks.
   */
  public static List<FlatLayout> flats(Layout node) {
    List<FlatLayout> flats = new ArrayList<>();
    collect(node, flats);
    return flats;
  }

  private static void collect(Layout node, List<FlatLayout> flats) {
    if (node instanceof FlatLayout flat) {
      flats.add(flat);
    } else if (node instanceof DictLayout dict) {
      flats.add(dict.values());
      collect(dict.codes(), flats);
    } else if (node instanceof ChunkedLayout chunked) {
      chunked.chunks().forEach(chunk -> collect(chunk, flats));
    } else if (node instanceof ZonedLayout zoned) {
      collect(zoned.data(), flats);
    } else if (node instanceof StructLayout struct) {
      struct.children().forEach(child -> collect(child, flats));
    }
  }
}
