package dev.quiver.format;

/**
 * The constants of the {@code .qvr} file format; this Javadoc summarizes the spec, whose full text
 * is {@code docs/FORMAT.md}. {@code FormatConstantsTest} pins every value: a change here breaks
 * every file already written.
 *
 * <pre>
 * offset 0          magic "QVR1"
 *                   zero padding to {@link #SEGMENT_ALIGNMENT}
 * segments          each starts at a multiple of {@link #SEGMENT_ALIGNMENT}; zero padding between
 * footer            schema, row count, segment table, layout tree, statistics, metadata
 * postscript        {@link #POSTSCRIPT_BYTES} bytes, little-endian:
 *                     u64 footer offset, u32 footer length, u32 CRC-32C of the footer,
 *                     u16 major version, u16 minor version, u32 flags (0), u32 reserved (0),
 *                     (the checksum covers the footer and the version and flags fields)
 *                     magic "QVR1"
 * </pre>
 *
 * A reader opens a file with one read of its tail, checks the trailing magic, the version (a newer
 * major version is refused by name) and the footer checksum before it trusts a byte of the footer.
 */
public final class FormatConstants {
  private FormatConstants() {}

  /** "QVR1" as four ASCII bytes, at the start and at the very end of every file. */
  @SuppressWarnings("MutablePublicArray") // read by the writer, the footer reader and tests, never written
  public static final byte[] MAGIC = {'Q', 'V', 'R', '1'};
  /** Segments start at multiples of this many bytes. */
  public static final int SEGMENT_ALIGNMENT = 64;
  /** Bytes of the postscript, trailing magic included. */
  public static final int POSTSCRIPT_BYTES = 32;
  /** The major version this code writes and the newest it reads. */
  public static final int MAJOR_VERSION = 1;
  /**
   * The minor version this code writes; readers accept any minor of their major. 1.1 added the dict
   * layout (kind 4) as a chunk of a string or binary column; a 1.0 reader refuses such a file by naming
   * the layout kind it does not know. 1.2 added the {@code fsst} segment encoding (id 10) of string
   * and binary values; an older reader refuses such a segment by naming the encoding id.
   */
  public static final int MINOR_VERSION = 2;
  /** How much of a file's tail the reader fetches first; a longer footer costs one more read. */
  public static final int TAIL_READ_BYTES = 64 * 1024;
  /** Rows per zone of a zone map. */
  public static final int ZONE_ROWS = 8192;
  /** The writer's default target of uncompressed bytes per column chunk. */
  public static final long CHUNK_BYTES_TARGET = 1 << 20;
  /** Longest string statistic kept; longer minima and maxima are truncated and flagged. */
  public static final int STATISTIC_STRING_BYTES = 64;
  /** The largest footer a reader accepts. */
  public static final int MAXIMUM_FOOTER_BYTES = 256 << 20;
  /**
   * Footer metadata key: the order the writer was given the rows in, as {@code quiver convert
   * --sort-by} and {@code COPY ... (SORT_BY ...)} write it: keys separated by ", ", each a column
   * name (double-quoted when not a plain identifier) then {@code ASC} or {@code DESC} then
   * {@code NULLS FIRST} or {@code NULLS LAST}, e.g. {@code l_shipdate ASC NULLS LAST}. Absent when
   * the order is not known. Readers may ignore it; nothing in the file depends on it.
   */
  public static final String METADATA_SORTED_BY = "sorted_by";

  /** Layout node kinds, as written in the footer's layout tree. Never reuse a number. */
  public static final int LAYOUT_STRUCT = 1;
  public static final int LAYOUT_CHUNKED = 2;
  public static final int LAYOUT_ZONED = 3;
  public static final int LAYOUT_DICT = 4;
  public static final int LAYOUT_FLAT = 5;
}
