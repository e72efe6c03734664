package dev.quiver.sql.oracle;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/**
 * Matches the rows of two lists one to one under {@link ValueEquivalence} (multiset comparison with
 * numeric tolerance). Both sides are sorted canonically and compared pairwise first; only when that
 * fails (a mismatch, or tolerance-equal numbers that sort differently) are rows matched one by one
 * within buckets of rows that agree on every non-numeric value.
 */
final class RowMatching {
  private static final Object NUMBER = new Object() {
    @Override
    public String toString() {
      return "<number>";
    }
  };

  /** The rows of each side that found no partner on the other (both empty: same multiset). */
  record Unmatched(List<Indexed> left, List<Indexed> right) {
    boolean none() {
      return left.isEmpty() && right.isEmpty();
    }
  }

  /** A row with its index in the list it came from. */
  record Indexed(int index, List<Object> row) {}

  private RowMatching() {}

  /** Matches {@code left} against {@code right}. */
  static Unmatched match(List<List<Object>> left, List<List<Object>> right) {
    if (left.size() == right.size() && sortedPairwiseEqual(left, right)) {
      return new Unmatched(List.of(), List.of());
    }
    Map<List<Object>, LinkedList<Indexed>> buckets = new HashMap<>();
    for (int i = 0; i < right.size(); i++) {
      buckets.computeIfAbsent(exactKey(right.get(i)), key -> new LinkedList<>()).add(new Indexed(i, right.get(i)));
    }
    List<Indexed> leftOver = new ArrayList<>();
    for (int i = 0; i < left.size(); i++) {
      List<Object> row = left.get(i);
      LinkedList<Indexed> bucket = buckets.get(exactKey(row));
      boolean found = false;
      if (bucket != null) {
        for (Iterator<Indexed> candidates = bucket.iterator(); candidates.hasNext();) {
          if (ValueEquivalence.rowsEquivalent(row, candidates.next().row())) {
            candidates.remove();
            found = true;
            break;
          }
        }
      }
      if (!found) {
        leftOver.add(new Indexed(i, row));
      }
    }
    List<Indexed> rightOver = new ArrayList<>();
    buckets.values().forEach(rightOver::addAll);
    rightOver.sort((a, b) -> Integer.compare(a.index(), b.index()));
    return new Unmatched(leftOver, rightOver);
  }

  private static boolean sortedPairwiseEqual(List<List<Object>> left, List<List<Object>> right) {
    List<List<Object>> sortedLeft = new ArrayList<>(left);
    List<List<Object>> sortedRight = new ArrayList<>(right);
    sortedLeft.sort(ValueEquivalence.ROW_ORDER);
    sortedRight.sort(ValueEquivalence.ROW_ORDER);
    for (int i = 0; i < sortedLeft.size(); i++) {
      if (!ValueEquivalence.rowsEquivalent(sortedLeft.get(i), sortedRight.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** The row's values that must match exactly (numbers replaced by one marker, dates as timestamps). */
  private static List<Object> exactKey(List<Object> row) {
    List<Object> key = new ArrayList<>(row.size());
    for (Object value : row) {
      if (value instanceof Number) {
        key.add(NUMBER);
      } else if (value instanceof LocalDate) {
        key.add(((LocalDate) value).atStartOfDay());
      } else {
        key.add(value);
      }
    }
    return key;
  }
}
