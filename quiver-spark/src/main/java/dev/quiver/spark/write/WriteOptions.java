package dev.quiver.spark.write;

import dev.quiver.format.FormatConstants;
import dev.quiver.spark.options.QuiverOptions;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The write options, read in one place ({@code df.write.format("quiver").option(name, value)}).
 *
 * @param batchRows rows converted to Arrow before they are handed to the file writer
 * @param batchBytes Arrow bytes after which a batch is handed over early (checked every 1024 rows)
 * @param chunkBytes the file writer's chunk target per column
 * @param retainVersions how many versions before the new one keep their files for readers still using them
 * @param createOnly commit only when the table does not exist yet (the errorifexists and ignore modes)
 */
public record WriteOptions(int batchRows, long batchBytes, long chunkBytes, int retainVersions, boolean createOnly)
    implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** Rows per Arrow batch handed to the file writer; default 65536. */
  public static final String BATCH_ROWS = "writeBatchRows";
  /** Arrow bytes of one batch before it is handed over early; default 64 MiB. */
  public static final String BATCH_BYTES = "writeBatchBytes";
  /** The .qvr writer's chunk target per column, bytes; default the format's (about 1 MiB). */
  public static final String CHUNK_BYTES = "chunkBytes";
  /**
   * How many previous versions keep their files after a commit (default 1): a reader that planned on
   * one of them can still read it. Files an overwrite retired are deleted this many commits later.
   */
  public static final String RETAIN_VERSIONS = "retainVersions";
  /** Internal: set by the errorifexists/ignore path so a table created meanwhile fails the commit. */
  public static final String CREATE_ONLY = "quiver.createOnly";

  /** The options in {@code options}, with their defaults; a USER error naming a bad one. */
  public static WriteOptions of(CaseInsensitiveStringMap options) {
    long rows = QuiverOptions.positiveLong(options, BATCH_ROWS, 65_536);
    if (rows > Integer.MAX_VALUE / 2) {
      throw dev.quiver.common.QuiverException.user("option " + BATCH_ROWS + " is too large: " + rows);
    }
    return new WriteOptions((int) rows, QuiverOptions.positiveLong(options, BATCH_BYTES, 64L << 20),
        QuiverOptions.positiveLong(options, CHUNK_BYTES, FormatConstants.CHUNK_BYTES_TARGET),
        (int) Math.min(QuiverOptions.positiveLong(options, RETAIN_VERSIONS, 1), 1_000_000),
        Boolean.parseBoolean(options.getOrDefault(CREATE_ONLY, "false")));
  }
}
