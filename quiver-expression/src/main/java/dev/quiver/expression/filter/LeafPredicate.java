package dev.quiver.expression.filter;

import dev.quiver.common.QuiverException;
import dev.quiver.common.stats.ZoneStatistics;
import dev.quiver.expression.SqlText;
import java.util.function.Function;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/** A test on one column. Dictionary slices are tested once per distinct value, then by code. */
final class LeafPredicate implements Predicate {
  private final String column;
  private final ValueFilter test;
  private final String description;
  private final DictionaryCache dictionaryResults = new DictionaryCache();

  LeafPredicate(String column, ValueFilter test, String description) {
    this.column = column;
    this.test = test;
    this.description = description;
  }

  /** This leaf as a raw interval, or null when its test is not an integer-like interval or IN list. */
  RawInterval rawInterval() {
    return test instanceof KeyFilter keys ? keys.rawInterval(column) : null;
  }

  @Override
  public int filter(Function<String, ColumnSlice> columns, int[] rows, int count, int[] out, Scratch scratch) {
    ColumnSlice slice = columns.apply(column);
    if (slice == null) {
      throw new IllegalArgumentException("no column " + SqlText.identifier(column) + " was supplied for the filter");
    }
    if (!slice.isDictionary()) {
      Rows.requireRows(slice.vector(), slice.offset(), count, column);
      return test.filter(slice.vector(), slice.offset(), rows, count, out, scratch);
    }
    return filterCodes(slice, valuePasses(slice.vector(), scratch), rows, count, out);
  }

  /** Which dictionary values pass, computed once per values vector. */
  private boolean[] valuePasses(FieldVector values, Scratch scratch) {
    boolean[] passes = dictionaryResults.get(values);
    if (passes == null) {
      int valueCount = values.getValueCount();
      int[] passed = new int[valueCount];
      int passedCount = test.filter(values, 0, null, valueCount, passed, scratch);
      passes = new boolean[valueCount];
      for (int j = 0; j < passedCount; j++) {
        passes[passed[j]] = true;
      }
      dictionaryResults.put(values, passes);
    }
    return passes;
  }

  private int filterCodes(ColumnSlice slice, boolean[] passes, int[] rows, int count, int[] out) {
    IntVector codes = slice.codes();
    Rows.requireRows(codes, slice.offset(), count, column);
    long validity = codes.getValidityBuffer().memoryAddress();
    long data = codes.getDataBuffer().memoryAddress();
    boolean nullPasses = test.nullPasses();
    int offset = slice.offset();
    int passed = 0;
    if (rows == null && dev.quiver.common.batch.VectorGather.knownWithoutNulls(codes, count)) {
      // every row in order, none NULL: no validity read, each row written and kept by adding its pass (no branch
      // on the pass, which a selective filter mispredicts)
      int valueCount = passes.length;
      for (int j = 0; j < count; j++) {
        int code = MemoryUtil.getInt(data + (offset + j) * 4L);
        if (code < 0 || code >= valueCount) {
          throw outsideDictionary(code, valueCount);
        }
        out[passed] = j;
        passed += passes[code] ? 1 : 0;
      }
      return passed;
    }
    for (int j = 0; j < count; j++) {
      int row = rows == null ? j : rows[j];
      int index = offset + row;
      boolean pass;
      if (!Rows.isSet(validity, index)) {
        pass = nullPasses;
      } else {
        int code = MemoryUtil.getInt(data + index * 4L);
        if (code < 0 || code >= passes.length) {
          throw outsideDictionary(code, passes.length);
        }
        pass = passes[code];
      }
      out[passed] = row;
      passed += pass ? 1 : 0;
    }
    return passed;
  }

  private QuiverException outsideDictionary(int code, int valueCount) {
    return QuiverException.corrupt("dictionary code " + code + " of column " + SqlText.identifier(column)
        + " is outside its " + valueCount + " values");
  }

  @Override
  public Truth prune(Function<String, ZoneStatistics> statistics) {
    ZoneStatistics zone = statistics.apply(column);
    return zone == null ? Truth.UNKNOWN : test.prune(zone);
  }

  @Override
  public String describe() {
    return description;
  }
}
