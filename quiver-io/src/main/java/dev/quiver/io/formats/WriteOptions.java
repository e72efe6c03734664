package dev.quiver.io.formats;

import dev.quiver.io.TableWriter;
import dev.quiver.io.parquet.ParquetArrowWriter;

/**
 * How a {@link TableWriter} writes; only Parquet has choices.
 *
 * @param parquet codec and row group size of Parquet output
 */
public record WriteOptions(ParquetArrowWriter.Options parquet) {
  /** parquet-java's defaults with zstd pages. */
  public static WriteOptions defaults() {
    return new WriteOptions(ParquetArrowWriter.Options.defaults());
  }
}
