package dev.quiver.format.encoding;

/**
 * The byte layout of one encoded segment, and every constant of it. This Javadoc is the spec;
 * {@code docs/ENCODINGS.md} explains it at length and {@code EncodingFormatTest} pins the values.
 * Ids are never reused: a changed encoding gets a new id, an unknown id is corrupt input.
 *
 * <p>All integers are little-endian; {@code u8}/{@code u32} are unsigned, {@code i64} is two's
 * complement.
 *
 * <pre>
 * segment   := header tree padding buffers
 * header    := u8 version (= SEGMENT_VERSION)
 *              u8 physical type id of the column (TYPE_*)
 *              u8 flags (bit 0 = FLAG_VALIDITY: a validity tree follows the values tree; others 0)
 *              u8 reserved (= 0)
 *              u32 row count (at most MAXIMUM_ROWS)
 *              u32 null count (at most the row count; a validity tree exists exactly when it is &gt; 0)
 *              u32 tree length in bytes
 * tree      := node(values) [node(validity) when FLAG_VALIDITY]        (exactly tree-length bytes)
 * node      := u8 encoding id (ENCODING_*)
 *              u8 physical type id
 *              u32 rows of this node (bytes for TYPE_BYTES; at most MAXIMUM_DATA_BYTES, else MAXIMUM_ROWS)
 *              u8 metadata length m (at most MAXIMUM_METADATA_BYTES), m bytes of metadata
 *              u8 buffer count b (at most MAXIMUM_BUFFERS_PER_NODE),
 *                 b times: u8 compression (COMPRESSION_*), u32 stored length
 *              u8 child count c (at most MAXIMUM_CHILDREN_PER_NODE), c child nodes (pre-order)
 * padding   := zero bytes up to the next multiple of ALIGNMENT
 * buffers   := every node's buffers in tree order (values tree first), each starting at a multiple
 *              of ALIGNMENT from the segment start, zero padding after each; the segment ends
 *              exactly after the last buffer's padding
 * </pre>
 *
 * A buffer's decoded length always follows from its node (rows, metadata, decoded children), so a
 * zstd-compressed buffer (one frame, content size and checksum recorded) must decompress to exactly
 * that length. Which metadata, buffers and children each encoding has is in {@code NodeRules} and
 * {@code docs/ENCODINGS.md}; null rows carry the previous non-null value (first non-null for
 * leading nulls; zero, false or empty when every row is null) so encodings need not know nulls.
 */
public final class EncodingFormat {
  private EncodingFormat() {}

  /** The version byte of every segment this code writes; the only version it reads. */
  public static final int SEGMENT_VERSION = 1;
  /** Bytes before the tree. */
  public static final int HEADER_BYTES = 16;
  /** Buffers start at multiples of this many bytes from the segment start. */
  public static final int ALIGNMENT = 8;
  /** Header flag: a validity tree follows the values tree. */
  public static final int FLAG_VALIDITY = 0x01;

  /** Physical type: a bitmap, bit i of byte i/8 (least significant first). */
  public static final int TYPE_BOOLEAN = 1;
  /** Physical type: 1-byte integers. */
  public static final int TYPE_INT8 = 2;
  /** Physical type: 2-byte integers. */
  public static final int TYPE_INT16 = 3;
  /** Physical type: 4-byte integers (also date32 days). */
  public static final int TYPE_INT32 = 4;
  /** Physical type: 8-byte integers (also timestamps of every unit). */
  public static final int TYPE_INT64 = 5;
  /** Physical type: IEEE 754 binary32, bit patterns kept exactly. */
  public static final int TYPE_FLOAT32 = 6;
  /** Physical type: IEEE 754 binary64, bit patterns kept exactly. */
  public static final int TYPE_FLOAT64 = 7;
  /** Physical type: 16-byte two's complement unscaled decimal values. */
  public static final int TYPE_DECIMAL128 = 8;
  /** Physical type: variable-width byte strings (utf8 and binary columns). */
  public static final int TYPE_BINARY = 9;
  /** Physical type: raw bytes, the data of a binary column; rows count bytes. Never a column type. */
  public static final int TYPE_BYTES = 10;

  /** Values stored as they are in Arrow; binary as children lengths (int32) and data (bytes). */
  public static final int ENCODING_PLAIN = 1;
  /** One value for every row, in the metadata (binary: length in metadata, bytes in a buffer). */
  public static final int ENCODING_CONSTANT = 2;
  /** Children values (distinct values) and codes (int32 index into values per row). */
  public static final int ENCODING_DICTIONARY = 3;
  /** Metadata i64 base and u8 bit width; one bit-packed buffer; optional patches children. */
  public static final int ENCODING_FRAME_OF_REFERENCE = 4;
  /** Children ends (int32, strictly increasing, last = rows) and values, one per run. */
  public static final int ENCODING_RUN_END = 5;
  /** Metadata i64 start; child deltas of the same type; value i = value i-1 + delta i. */
  public static final int ENCODING_DELTA = 6;
  /** Metadata fill value; children positions (int32, strictly increasing) and values. */
  public static final int ENCODING_SPARSE = 7;
  /** A boolean bitmap in one buffer. */
  public static final int ENCODING_BITMAP = 8;
  /** A decimal128 whose values all fit in 64 bits: child unscaled (int64). */
  public static final int ENCODING_DECIMAL_SCALED = 9;
  /**
   * FSST of binary values (format 1.2): metadata u32 decompressed bytes and u8 symbol count n (at
   * most 255); one buffer, the symbol table (n u64 symbols little-endian and zero past their length,
   * then n u8 lengths of 1 to 8); children lengths (int32, compressed bytes per row) and codes
   * (bytes, their sum). Code c &lt; n is symbol c, code 255 the literal byte after it.
   */
  public static final int ENCODING_FSST = 10;
  /** ALP: metadata u8 exponent, u8 factor; children digits (int64/int32), optional patches positions, values. */
  public static final int ENCODING_ALP = 11;
  /** ALP-RD: metadata right width, dictionary; children codes (int8), right, optional patches positions, left. */
  public static final int ENCODING_ALP_RD = 12;

  /** Buffer stored as is. */
  public static final int COMPRESSION_NONE = 0;
  /** Buffer stored as one zstd frame. */
  public static final int COMPRESSION_ZSTD = 1;

  /** Most rows in one segment (and in any node but a bytes node). */
  public static final int MAXIMUM_ROWS = 1 << 24;
  /** Most bytes of binary data a segment may decode to (also the largest bytes node). */
  public static final int MAXIMUM_DATA_BYTES = 1 << 30;
  /** Most nodes in one segment (both trees). */
  public static final int MAXIMUM_NODES = 1024;
  /** Deepest path in a tree, the root counting as 1. */
  public static final int MAXIMUM_TREE_DEPTH = 16;
  /** Most metadata bytes of one node. */
  public static final int MAXIMUM_METADATA_BYTES = 64;
  /** Most buffers of one node. */
  public static final int MAXIMUM_BUFFERS_PER_NODE = 4;
  /** Most children of one node. */
  public static final int MAXIMUM_CHILDREN_PER_NODE = 4;
}
