package dev.quiver.format.layout;

import java.util.List;

/** One child per top-level field, each covering every row. */
public record StructLayout(long rowCount, List<Layout> children) implements Layout {
  public StructLayout {
    children = List.copyOf(children);
  }

  @Override
  public String kind() {
    return "struct";
  }
}
