package dev.quiver.cli;

import dev.quiver.format.encoding.ChunkCodec;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.ChunkedLayout;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import dev.quiver.format.layout.StructLayout;
import dev.quiver.format.layout.ZonedLayout;
import dev.quiver.format.storage.SegmentLocation;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The layout tree of a {@code .qvr} file as {@code quiver inspect} shows it: every node with its
 * column, first row, row count and byte totals; flat nodes with their segment and encoding tree
 * (read from the segment, checksum verified, with {@link ChunkCodec#describe}).
 */
final class LayoutTree {
  /**
   * One node.
   *
   * @param layout the file's node
   * @param field the column (null for the root struct)
   * @param rowOffset the node's first row in the file
   * @param compressedBytes bytes of the segments below the node
   * @param uncompressedBytes Arrow bytes of the rows below the node, before encoding
   * @param segment the segment (flat nodes), else null
   * @param encoding the encoding tree (flat nodes), else null
   * @param children child nodes in order
   * @param role below a dict node, "values" (the distinct values: its row count counts values) or
   *     "codes"; else null
   */
  record Node(Layout layout, Field field, long rowOffset, long compressedBytes, long uncompressedBytes,
      SegmentLocation segment, String encoding, List<Node> children, String role) {

    String kind() {
      return layout.kind();
    }

    long rowCount() {
      return layout.rowCount();
    }

    /** How many nodes of {@code kind} this subtree holds. */
    int count(String kind) {
      int count = kind().equals(kind) ? 1 : 0;
      for (Node child : children) {
        count += child.count(kind);
      }
      return count;
    }
  }

  private LayoutTree() {}

  /** The tree of {@code file}; reads every segment to describe its encoding. */
  static Node of(QuiverFile file, BufferAllocator allocator) throws IOException {
    StructLayout root = file.layout();
    List<Node> children = new ArrayList<>();
    List<Field> fields = file.schema().getFields();
    for (int column = 0; column < root.children().size(); column++) {
      children.add(node(file, root.children().get(column), fields.get(column), 0, allocator));
    }
    return withTotals(root, null, 0, children, null);
  }

  private static Node node(QuiverFile file, Layout layout, Field field, long rowOffset, BufferAllocator allocator)
      throws IOException {
    return node(file, layout, field, rowOffset, allocator, null);
  }

  private static Node node(QuiverFile file, Layout layout, Field field, long rowOffset, BufferAllocator allocator,
      String role) throws IOException {
    if (layout instanceof FlatLayout) {
      FlatLayout flat = (FlatLayout) layout;
      SegmentLocation segment = file.footer().segments().get(flat.segment());
      String encoding;
      try (ArrowBuf bytes = file.readSegment(flat.segment(), allocator)) {
        encoding = ChunkCodec.describe(bytes,
            file.path() + ": column " + field.getName() + " segment " + flat.segment());
      }
      return new Node(flat, field, rowOffset, segment.length(), flat.uncompressedBytes(), segment, encoding, List.of(),
          role);
    }
    List<Node> children = new ArrayList<>();
    if (layout instanceof ZonedLayout) {
      children.add(node(file, ((ZonedLayout) layout).data(), field, rowOffset, allocator));
    } else if (layout instanceof DictLayout) {
      DictLayout dict = (DictLayout) layout;
      children.add(node(file, dict.values(), field, rowOffset, allocator, "values"));
      children.add(node(file, dict.codes(), field, rowOffset, allocator, "codes"));
    } else if (layout instanceof ChunkedLayout) {
      long start = rowOffset;
      for (Layout chunk : ((ChunkedLayout) layout).chunks()) {
        children.add(node(file, chunk, field, start, allocator, role));
        start += chunk.rowCount();
      }
    }
    return withTotals(layout, field, rowOffset, children, role);
  }

  private static Node withTotals(Layout layout, Field field, long rowOffset, List<Node> children, String role) {
    long compressed = 0;
    long uncompressed = 0;
    for (Node child : children) {
      compressed += child.compressedBytes();
      uncompressed += child.uncompressedBytes();
    }
    return new Node(layout, field, rowOffset, compressed, uncompressed, null, null, List.copyOf(children), role);
  }
}
