package dev.quiver.format.encoding;

import static dev.quiver.format.encoding.EncodingFormat.ENCODING_ALP;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_ALP_RD;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_BITMAP;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_CONSTANT;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_DECIMAL_SCALED;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_DELTA;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_DICTIONARY;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_FRAME_OF_REFERENCE;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_FSST;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_PLAIN;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_RUN_END;
import static dev.quiver.format.encoding.EncodingFormat.ENCODING_SPARSE;

/**
 * The shape of every node: which physical types an encoding holds, and how many metadata bytes,
 * buffers and children (of which types, under which role names) it has. The parser checks every
 * node against this table, so decoders can rely on the shape; the encoders produce it.
 */
final class NodeRules {
  private NodeRules() {}

  /** Whether encoding {@code kind} can hold values of {@code type}. */
  static boolean accepts(int kind, PhysicalType type) {
    switch (kind) {
      case ENCODING_PLAIN:
        return type != PhysicalType.BOOLEAN;
      case ENCODING_CONSTANT:
        return type != PhysicalType.BYTES;
      case ENCODING_DICTIONARY:
        return type.isLongLike() || type == PhysicalType.BINARY;
      case ENCODING_FRAME_OF_REFERENCE:
      case ENCODING_DELTA:
        return type.isInteger();
      case ENCODING_RUN_END:
      case ENCODING_SPARSE:
        return type.isLongLike() || type == PhysicalType.BINARY || type == PhysicalType.BOOLEAN;
      case ENCODING_BITMAP:
        return type == PhysicalType.BOOLEAN;
      case ENCODING_DECIMAL_SCALED:
        return type == PhysicalType.DECIMAL128;
      case ENCODING_FSST:
        return type == PhysicalType.BINARY;
      case ENCODING_ALP:
      case ENCODING_ALP_RD:
        return type.isFloat();
      default:
        return false;
    }
  }

  /** The short name used in encoding trees and messages, or null for an unknown id. */
  static String label(int kind) {
    switch (kind) {
      case ENCODING_PLAIN:
        return "plain";
      case ENCODING_CONSTANT:
        return "constant";
      case ENCODING_DICTIONARY:
        return "dict";
      case ENCODING_FRAME_OF_REFERENCE:
        return "for";
      case ENCODING_RUN_END:
        return "runend";
      case ENCODING_DELTA:
        return "delta";
      case ENCODING_SPARSE:
        return "sparse";
      case ENCODING_BITMAP:
        return "bitmap";
      case ENCODING_DECIMAL_SCALED:
        return "scaled";
      case ENCODING_FSST:
        return "fsst";
      case ENCODING_ALP:
        return "alp";
      case ENCODING_ALP_RD:
        return "alprd";
      default:
        return null;
    }
  }

  /** Metadata bytes of an accepted (kind, type). */
  static int metadataBytes(int kind, PhysicalType type) {
    switch (kind) {
      case ENCODING_CONSTANT:
      case ENCODING_SPARSE:
        return fillBytes(type);
      case ENCODING_FRAME_OF_REFERENCE:
        return 9;
      case ENCODING_DELTA:
        return 8;
      case ENCODING_FSST:
        return FsstEncoding.METADATA_BYTES;
      case ENCODING_ALP:
        return 2;
      case ENCODING_ALP_RD:
        return AlpRdEncoding.METADATA_BYTES;
      default:
        return 0;
    }
  }

  /** Bytes of a fill or constant value in metadata: the value, a 0/1 byte, or a binary length. */
  private static int fillBytes(PhysicalType type) {
    if (type == PhysicalType.BOOLEAN) {
      return 1;
    }
    if (type == PhysicalType.BINARY) {
      return 4;
    }
    return type.width;
  }

  /** Buffers of an accepted (kind, type). */
  static int bufferCount(int kind, PhysicalType type) {
    switch (kind) {
      case ENCODING_PLAIN:
        return type == PhysicalType.BINARY ? 0 : 1;
      case ENCODING_CONSTANT:
      case ENCODING_SPARSE:
        return type == PhysicalType.BINARY ? 1 : 0;
      case ENCODING_FRAME_OF_REFERENCE:
      case ENCODING_BITMAP:
      case ENCODING_FSST:
        return 1;
      default:
        return 0;
    }
  }

  /** Whether an accepted (kind, type) may have {@code children} children. */
  static boolean allowsChildCount(int kind, PhysicalType type, int children) {
    switch (kind) {
      case ENCODING_PLAIN:
        return children == (type == PhysicalType.BINARY ? 2 : 0);
      case ENCODING_DICTIONARY:
      case ENCODING_RUN_END:
      case ENCODING_SPARSE:
      case ENCODING_FSST:
        return children == 2;
      case ENCODING_FRAME_OF_REFERENCE:
        return children == 0 || children == 2;
      case ENCODING_DELTA:
      case ENCODING_DECIMAL_SCALED:
        return children == 1;
      case ENCODING_ALP:
        return children == 1 || children == 3;
      case ENCODING_ALP_RD:
        return children == 2 || children == 4;
      default:
        return children == 0;
    }
  }

  /** The physical type child {@code index} must have. */
  static PhysicalType childType(int kind, PhysicalType type, int index) {
    switch (kind) {
      case ENCODING_PLAIN:
      case ENCODING_FSST:
        return index == 0 ? PhysicalType.INT32 : PhysicalType.BYTES;
      case ENCODING_DICTIONARY:
        return index == 0 ? type : PhysicalType.INT32;
      case ENCODING_FRAME_OF_REFERENCE:
      case ENCODING_RUN_END:
      case ENCODING_SPARSE:
        return index == 0 ? PhysicalType.INT32 : type;
      case ENCODING_DELTA:
        return type;
      case ENCODING_DECIMAL_SCALED:
        return PhysicalType.INT64;
      case ENCODING_ALP: {
        PhysicalType digits = type == PhysicalType.FLOAT64 ? PhysicalType.INT64 : PhysicalType.INT32;
        return index == 0 ? digits : index == 1 ? PhysicalType.INT32 : type;
      }
      case ENCODING_ALP_RD: {
        PhysicalType right = type == PhysicalType.FLOAT64 ? PhysicalType.INT64 : PhysicalType.INT32;
        PhysicalType[] types = {PhysicalType.INT8, right, PhysicalType.INT32, PhysicalType.INT16};
        return types[index];
      }
      default:
        throw new IllegalArgumentException("encoding " + kind + " has no children");
    }
  }

  /** The role name of child {@code index}, used in paths and encoding trees. */
  static String childRole(int kind, int index) {
    switch (kind) {
      case ENCODING_PLAIN:
        return index == 0 ? "lengths" : "data";
      case ENCODING_DICTIONARY:
        return index == 0 ? "values" : "codes";
      case ENCODING_FRAME_OF_REFERENCE:
      case ENCODING_SPARSE:
        return index == 0 ? "positions" : "values";
      case ENCODING_RUN_END:
        return index == 0 ? "ends" : "values";
      case ENCODING_DELTA:
        return "deltas";
      case ENCODING_DECIMAL_SCALED:
        return "unscaled";
      case ENCODING_FSST:
        return index == 0 ? "lengths" : "codes";
      case ENCODING_ALP:
        return index == 0 ? "digits" : index == 1 ? "positions" : "values";
      case ENCODING_ALP_RD:
        return new String[] {"codes", "right", "positions", "left"}[index];
      default:
        return "child" + index;
    }
  }

  /**
   * The problem with the row counts of a node's children that the tree alone shows, or null. Rows
   * that depend on decoded data (bytes of binary data) are checked by the decoders.
   */
  static String rowProblem(int kind, int rows, int[] childRows) {
    switch (kind) {
      case ENCODING_PLAIN:
        return childRows.length == 2 && childRows[0] != rows
            ? "lengths have " + childRows[0] + " rows, not " + rows : null;
      case ENCODING_FSST:
        return childRows[0] != rows ? "lengths have " + childRows[0] + " rows, not " + rows : null;
      case ENCODING_DICTIONARY:
        if (childRows[1] != rows) {
          return "codes have " + childRows[1] + " rows, not " + rows;
        }
        return childRows[0] > rows || (childRows[0] == 0) != (rows == 0)
            ? "dictionary of " + childRows[0] + " values for " + rows + " rows" : null;
      case ENCODING_RUN_END:
        if (childRows[0] != childRows[1]) {
          return childRows[0] + " run ends but " + childRows[1] + " run values";
        }
        return childRows[0] > rows || (childRows[0] == 0) != (rows == 0)
            ? childRows[0] + " runs for " + rows + " rows" : null;
      case ENCODING_FRAME_OF_REFERENCE:
      case ENCODING_SPARSE:
        if (childRows.length == 0) {
          return null;
        }
        if (childRows[0] != childRows[1]) {
          return childRows[0] + " positions but " + childRows[1] + " values";
        }
        return childRows[0] > rows ? childRows[0] + " patches for " + rows + " rows" : null;
      case ENCODING_DELTA:
      case ENCODING_DECIMAL_SCALED:
        return childRows[0] != rows ? "child has " + childRows[0] + " rows, not " + rows : null;
      case ENCODING_ALP:
        if (childRows[0] != rows) {
          return "digits have " + childRows[0] + " rows, not " + rows;
        }
        return childRows.length == 3 ? patchProblem(rows, childRows[1], childRows[2]) : null;
      case ENCODING_ALP_RD:
        if (childRows[0] != rows || childRows[1] != rows) {
          return "codes and right parts have " + childRows[0] + " and " + childRows[1] + " rows, not " + rows;
        }
        return childRows.length == 4 ? patchProblem(rows, childRows[2], childRows[3]) : null;
      default:
        return null;
    }
  }

  private static String patchProblem(int rows, int positions, int values) {
    if (positions != values) {
      return positions + " positions but " + values + " values";
    }
    return positions > rows ? positions + " patches for " + rows + " rows" : null;
  }
}
