package dev.quiver.scan.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.format.encoding.IntegerSummary;
import java.util.List;

/**
 * What {@link ScanTasks#summarize} gives for one split: either the count of its selected rows and, per
 * requested column, the summaries (count, exact sum, minimum, maximum) of its selected values taken
 * from each encoded segment without decoding it, or — when a segment cannot be summarized so (not an
 * integer-like encoding, a dictionary layout) — the split's rows as an ordinary batch, which the
 * caller owns and aggregates as usual.
 */
public final class SplitSummary {
  private final long selectedRows;
  private final List<List<IntegerSummary>> summaries;
  private final Batch batch;

  private SplitSummary(long selectedRows, List<List<IntegerSummary>> summaries, Batch batch) {
    this.selectedRows = selectedRows;
    this.summaries = summaries;
    this.batch = batch;
  }

  static SplitSummary summarized(long selectedRows, List<List<IntegerSummary>> summaries) {
    return new SplitSummary(selectedRows, summaries, null);
  }

  static SplitSummary rows(Batch batch) {
    return new SplitSummary(batch == null ? 0 : batch.rowCount(), null, batch);
  }

  /** Whether the split was summarized on its encoded segments (else {@link #batch} holds its rows). */
  public boolean summarized() {
    return summaries != null;
  }

  /** Rows of the split that passed the filter. */
  public long selectedRows() {
    return selectedRows;
  }

  /**
   * The summaries of requested column {@code index} (one per segment the split's rows span), when
   * {@link #summarized}.
   */
  public List<IntegerSummary> summaries(int index) {
    return summaries.get(index);
  }

  /** The split's rows when not {@link #summarized} (null when none passed); the caller closes it. */
  public Batch batch() {
    return batch;
  }
}
