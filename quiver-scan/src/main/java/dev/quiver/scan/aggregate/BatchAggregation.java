package dev.quiver.scan.aggregate;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.Batch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * Adds the rows of a scanned {@link Batch} (its selection, dictionary columns through their codes)
 * to a {@link PartialAggregate}: one pass per call over the column's memory, no boxing.
 */
final class BatchAggregation {
  private BatchAggregation() {}

  /**
   * @param columns per call the batch column of its argument (ignored for COUNT(*))
   */
  static void add(PartialAggregate state, Batch batch, int[] columns) {
    int rows = batch.rowCount();
    int[] selection = batch.hasSelection() ? batch.selection() : null;
    for (int c = 0; c < state.calls.size(); c++) {
      StatisticsCall.Function function = state.calls.get(c).function();
      if (function == StatisticsCall.Function.COUNT_ROWS) {
        state.counts[c] += rows;
        continue;
      }
      int column = columns[c];
      FieldVector vector = batch.vector(column);
      FieldVector dictionary = batch.dictionary(column);
      if (dictionary != null) {
        addDictionary(state, c, (IntVector) vector, dictionary, selection, rows, batch.schema().getFields()
            .get(column).getName());
      } else if (function == StatisticsCall.Function.COUNT) {
        state.counts[c] += rows - nulls(vector, selection, rows);
      } else {
        addValues(state, c, vector, selection, rows);
      }
    }
  }

  private static long nulls(FieldVector vector, int[] selection, int rows) {
    if (vector.getNullCount() == 0) {
      return 0;
    }
    if (selection == null && rows == vector.getValueCount()) {
      return vector.getNullCount();
    }
    ArrowBuf validity = vector.getValidityBuffer();
    long nulls = 0;
    for (int i = 0; i < rows; i++) {
      int row = selection == null ? i : selection[i];
      nulls += 1 - BitVectorHelper.get(validity, row);
    }
    return nulls;
  }

  private static void addValues(PartialAggregate state, int c, FieldVector vector, int[] selection, int rows) {
    int width = ValueAccess.width(vector);
    if (width < 0) {
      throw new IllegalStateException(state.calls.get(c) + " over " + vector.getField());
    }
    ArrowBuf data = vector.getDataBuffer();
    ArrowBuf validity = vector.getValidityBuffer();
    boolean noNulls = vector.getNullCount() == 0;
    StatisticsCall.Function function = state.calls.get(c).function();
    if (width <= 8 && function != StatisticsCall.Function.SUM) {
      addNarrowExtreme(state, c, function == StatisticsCall.Function.MIN, data, validity, noNulls, width, selection,
          rows);
      return;
    }
    for (int i = 0; i < rows; i++) {
      int row = selection == null ? i : selection[i];
      if (noNulls || BitVectorHelper.get(validity, row) != 0) {
        long low = ValueAccess.low(data, width, row);
        state.accept(c, ValueAccess.high(data, width, row, low), low, 1);
      }
    }
  }

  /** MIN or MAX of values of at most 64 bits, kept in a local until the end. */
  private static void addNarrowExtreme(PartialAggregate state, int c, boolean minimum, ArrowBuf data,
      ArrowBuf validity, boolean noNulls, int width, int[] selection, int rows) {
    long best = 0;
    long values = 0;
    for (int i = 0; i < rows; i++) {
      int row = selection == null ? i : selection[i];
      if (noNulls || BitVectorHelper.get(validity, row) != 0) {
        long value = ValueAccess.low(data, width, row);
        if (values == 0 || (minimum ? value < best : value > best)) {
          best = value;
        }
        values++;
      }
    }
    if (values > 0) {
      state.accept(c, best >> 63, best, values);
    }
  }

  private static void addDictionary(PartialAggregate state, int c, IntVector codes, FieldVector values,
      int[] selection, int rows, String column) {
    boolean count = state.calls.get(c).function() == StatisticsCall.Function.COUNT;
    int width = count ? 0 : ValueAccess.width(values);
    if (!count && width < 0) {
      throw new IllegalStateException(state.calls.get(c) + " over " + values.getField());
    }
    int distinct = values.getValueCount();
    ArrowBuf data = count ? null : values.getDataBuffer();
    for (int i = 0; i < rows; i++) {
      int row = selection == null ? i : selection[i];
      if (codes.isNull(row)) {
        continue;
      }
      int code = codes.get(row);
      if (code < 0 || code >= distinct) {
        throw QuiverException.corrupt("column '" + column + "': dictionary code " + code + " outside its "
            + distinct + " values");
      }
      if (values.isNull(code)) {
        continue;
      }
      if (count) {
        state.counts[c]++;
      } else {
        long low = ValueAccess.low(data, width, code);
        state.accept(c, ValueAccess.high(data, width, code, low), low, 1);
      }
    }
  }
}
