package dev.quiver.io.formats;

import dev.quiver.common.QuiverException;
import dev.quiver.io.TableReader;
import dev.quiver.io.csv.CsvReadOptions;

/**
 * How a {@link TableReader} cuts and types what it reads.
 *
 * @param batchRows the most rows per batch (CSV and Parquet; Arrow IPC keeps the file's batches)
 * @param csv how CSV input is typed
 */
public record ReadOptions(int batchRows, CsvReadOptions csv) {
  /** Rows per batch unless asked otherwise. */
  public static final int DEFAULT_BATCH_ROWS = 65_536;

  /** Checks the options: USER errors for a batch of no rows or no CSV options. */
  public ReadOptions {
    if (batchRows < 1) {
      throw QuiverException.user("batch rows must be at least 1, not " + batchRows);
    }
    if (csv == null) {
      throw QuiverException.user("the CSV read options are missing");
    }
  }

  /** {@value #DEFAULT_BATCH_ROWS} rows per batch, CSV types inferred from all rows. */
  public static ReadOptions defaults() {
    return new ReadOptions(DEFAULT_BATCH_ROWS, CsvReadOptions.defaults());
  }

  /** These options with {@code rows} rows per batch. */
  public ReadOptions withBatchRows(int rows) {
    return new ReadOptions(rows, csv);
  }

  /** These options with other CSV options. */
  public ReadOptions withCsv(CsvReadOptions options) {
    return new ReadOptions(batchRows, options);
  }
}
