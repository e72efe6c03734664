package dev.quiver.format.encoding;

import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The encodings a segment's top node can have, for {@link EncodingOptions#forcing} and for reports.
 * Every kind but {@link #ZSTD} is a node encoding with an id in {@link EncodingFormat}; {@code ZSTD}
 * is the last stage that compresses the buffers of a plain (or bitmap) node.
 */
public enum EncodingKind {
  /** Values as Arrow holds them; binary as lengths and data children. */
  PLAIN(EncodingFormat.ENCODING_PLAIN),
  /** One value for all rows. */
  CONSTANT(EncodingFormat.ENCODING_CONSTANT),
  /** Distinct values and one int32 code per row. */
  DICTIONARY(EncodingFormat.ENCODING_DICTIONARY),
  /** Integers as bit-packed offsets from a base, outliers as patches. */
  FRAME_OF_REFERENCE(EncodingFormat.ENCODING_FRAME_OF_REFERENCE),
  /** Runs of equal values: run ends and one value per run. */
  RUN_END(EncodingFormat.ENCODING_RUN_END),
  /** Integers as differences from the previous value. */
  DELTA(EncodingFormat.ENCODING_DELTA),
  /** A fill value and the positions and values of the other rows. */
  SPARSE(EncodingFormat.ENCODING_SPARSE),
  /** Booleans as a bitmap. */
  BITMAP(EncodingFormat.ENCODING_BITMAP),
  /** Decimals whose unscaled values fit in 64 bits, as int64. */
  DECIMAL_SCALED(EncodingFormat.ENCODING_DECIMAL_SCALED),
  /** Strings as codes of a per-segment symbol table (FSST). */
  FSST(EncodingFormat.ENCODING_FSST),
  /** Floats as decimal digits (an integer child) and the values that do not round-trip as patches. */
  ALP(EncodingFormat.ENCODING_ALP),
  /** Floats cut into a dictionary-coded left part and a bit-packed right part. */
  ALP_RD(EncodingFormat.ENCODING_ALP_RD),
  /** Plain (bitmap for booleans) with its buffers zstd-compressed. */
  ZSTD(-1);

  private final int formatId;

  EncodingKind(int formatId) {
    this.formatId = formatId;
  }

  /** The encoding id in segments, or -1 for {@link #ZSTD}, which is a buffer compression. */
  int formatId() {
    return formatId;
  }

  /** Whether this encoding can hold a column of Arrow type {@code type}. */
  public boolean accepts(ArrowType type) {
    PhysicalType physical = PhysicalType.of(type);
    return physical != null && acceptsPhysical(physical);
  }

  boolean acceptsPhysical(PhysicalType type) {
    if (this == ZSTD) {
      return type != PhysicalType.BYTES;
    }
    return NodeRules.accepts(formatId, type);
  }
}
