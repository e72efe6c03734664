package dev.quiver.format.encoding;

/**
 * Prints an encoding tree, e.g. {@code dict(values=zstd(plain(lengths=for(bitpack 4), data=zstd(plain))),
 * codes=for(bitpack 4)), validity=sparse(positions=delta(for(bitpack 3)), values=constant)}. A node
 * whose buffers are all zstd-compressed prints as {@code zstd(node)}.
 */
final class TreeDescriber {
  private TreeDescriber() {}

  static String describe(NodeShape values, NodeShape validity) {
    StringBuilder out = new StringBuilder();
    append(out, values);
    if (validity != null) {
      out.append(", validity=");
      append(out, validity);
    }
    return out.toString();
  }

  private static void append(StringBuilder out, NodeShape node) {
    boolean compressed = node.bufferCount() > 0;
    for (int i = 0; i < node.bufferCount(); i++) {
      compressed &= node.bufferCompression(i) != EncodingFormat.COMPRESSION_NONE;
    }
    if (compressed) {
      out.append("zstd(");
    }
    out.append(NodeRules.label(node.kind()));
    int kind = node.kind();
    if (kind == EncodingFormat.ENCODING_FRAME_OF_REFERENCE) {
      out.append("(bitpack ").append(node.metadata()[8] & 0xFF);
      if (node.childCount() > 0) {
        out.append(", patches(");
        appendChildren(out, node);
        out.append(')');
      }
      out.append(')');
    } else if (kind == EncodingFormat.ENCODING_ALP || kind == EncodingFormat.ENCODING_ALP_RD) {
      out.append(kind == EncodingFormat.ENCODING_ALP ? "(exponent " : "(right ").append(node.metadata()[0] & 0xFF)
          .append(kind == EncodingFormat.ENCODING_ALP ? ", factor " : ", dictionary ").append(node.metadata()[1] & 0xFF)
          .append(", ");
      appendChildren(out, node);
      out.append(')');
    } else if (kind == EncodingFormat.ENCODING_DELTA || kind == EncodingFormat.ENCODING_DECIMAL_SCALED) {
      out.append('(');
      append(out, node.child(0));
      out.append(')');
    } else if (node.childCount() > 0) {
      out.append('(');
      appendChildren(out, node);
      out.append(')');
    }
    if (compressed) {
      out.append(')');
    }
  }

  private static void appendChildren(StringBuilder out, NodeShape node) {
    for (int i = 0; i < node.childCount(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      out.append(NodeRules.childRole(node.kind(), i)).append('=');
      append(out, node.child(i));
    }
  }
}
