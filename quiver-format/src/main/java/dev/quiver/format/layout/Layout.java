package dev.quiver.format.layout;

/**
 * A node of a file's layout tree: how a range of rows of one column (or of the whole table) maps
 * onto segments. The default tree for a table: struct → per column zoned → chunked → flat, where a
 * low-cardinality string or binary column has a {@link DictLayout} as its first chunk(s).
 */
public sealed interface Layout permits StructLayout, ZonedLayout, ChunkedLayout, DictLayout, FlatLayout {
  /** Rows this node covers. */
  long rowCount();

  /** The node's kind, as {@code quiver inspect} prints it. */
  String kind();
}
