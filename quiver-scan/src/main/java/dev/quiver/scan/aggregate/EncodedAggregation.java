package dev.quiver.scan.aggregate;

import dev.quiver.format.encoding.IntegerSummary;
import dev.quiver.scan.execution.SplitSummary;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Folds a split summarized on its encoded segments ({@link SplitSummary}: per segment the count,
 * exact sum, minimum and maximum of the selected values, computed on frame-of-reference, bit-packed,
 * dictionary, run-end, constant and sparse nodes without materializing a vector) into a
 * {@link PartialAggregate}. The values are the raw integers the decoded vectors hold (decimals
 * unscaled at the column's scale, dates as days, timestamps in their unit), so the state is the one
 * {@link BatchAggregation} builds from the decoded rows.
 */
final class EncodedAggregation {
  /** The switch: {@code -Dquiver.statistics.encodedSums=false} aggregates decoded batches instead (read per scan). */
  static final String SWITCH = "quiver.statistics.encodedSums";

  private EncodedAggregation() {}

  /** Whether every call is COUNT(*) or over a column whose segments may be integer-encoded. */
  static boolean applies(List<StatisticsCall> calls, Schema projection) {
    if (!Boolean.parseBoolean(System.getProperty(SWITCH, "true"))) {
      return false;
    }
    for (StatisticsCall call : calls) {
      if (call.column() != null && !integerLike(projection.findField(call.column()).getType())) {
        return false;
      }
    }
    return true;
  }

  private static boolean integerLike(ArrowType type) {
    return (type instanceof ArrowType.Int integer && integer.getIsSigned())
        || (type instanceof ArrowType.Decimal decimal && decimal.getBitWidth() == 128)
        || (type instanceof ArrowType.Date date && date.getUnit() == DateUnit.DAY)
        || type instanceof ArrowType.Timestamp;
  }

  /** Adds the summarized split to {@code state}: call c reads summary column c. */
  static void add(PartialAggregate state, SplitSummary summary) {
    for (int c = 0; c < state.calls.size(); c++) {
      StatisticsCall.Function function = state.calls.get(c).function();
      if (function == StatisticsCall.Function.COUNT_ROWS) {
        state.counts[c] += summary.selectedRows();
        continue;
      }
      for (IntegerSummary part : summary.summaries(c)) {
        if (part.count() == 0) {
          continue;
        }
        switch (function) {
          case COUNT -> state.counts[c] += part.count();
          case SUM -> state.accept(c, part.sumHigh(), part.sumLow(), part.count());
          case MIN -> state.accept(c, part.minimum() >> 63, part.minimum(), part.count());
          case MAX -> state.accept(c, part.maximum() >> 63, part.maximum(), part.count());
          default -> throw new IllegalStateException(state.calls.get(c).toString());
        }
      }
    }
  }
}
