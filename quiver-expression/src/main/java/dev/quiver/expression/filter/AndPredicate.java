package dev.quiver.expression.filter;

import dev.quiver.common.stats.ZoneStatistics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Rows passing every operand. Operands run one after another on the rows still selected, the most
 * selective first: each counts the rows it saw and passed (thread-safe), and every
 * {@link #REORDER_INTERVAL} calls the order is sorted again by observed pass rate.
 */
final class AndPredicate implements Predicate {
  static final int REORDER_INTERVAL = 8;

  private final List<Predicate> operands;
  private final LongAdder[] rowsIn;
  private final LongAdder[] rowsPassed;
  private final AtomicLong calls = new AtomicLong();
  private volatile int[] order;

  AndPredicate(List<Predicate> operands) {
    this.operands = List.copyOf(operands);
    int size = operands.size();
    rowsIn = new LongAdder[size];
    rowsPassed = new LongAdder[size];
    order = new int[size];
    for (int k = 0; k < size; k++) {
      rowsIn[k] = new LongAdder();
      rowsPassed[k] = new LongAdder();
      order[k] = k;
    }
  }

  List<Predicate> operands() {
    return operands;
  }

  @Override
  public int filter(Function<String, ColumnSlice> columns, int[] rows, int count, int[] out, Scratch scratch) {
    int[] currentOrder = order;
    int[] current = rows;
    int selected = count;
    for (int k : currentOrder) {
      if (selected == 0) {
        break;
      }
      int passed = operands.get(k).filter(columns, current, selected, out, scratch);
      rowsIn[k].add(selected);
      rowsPassed[k].add(passed);
      current = out;
      selected = passed;
    }
    if (calls.incrementAndGet() % REORDER_INTERVAL == 0) {
      reorder();
    }
    return selected;
  }

  /** Sorts the operands by pass rate, smallest first (rates smoothed so unseen operands count as one half). */
  private void reorder() {
    int size = operands.size();
    double[] rates = new double[size];
    List<Integer> indexes = new ArrayList<>();
    for (int k = 0; k < size; k++) {
      rates[k] = passRate(k);
      indexes.add(k);
    }
    indexes.sort(Comparator.comparingDouble(k -> rates[k]));
    order = indexes.stream().mapToInt(Integer::intValue).toArray();
  }

  private double passRate(int operand) {
    return (rowsPassed[operand].sum() + 1.0) / (rowsIn[operand].sum() + 2.0);
  }

  /** The operands' descriptions in the current evaluation order. */
  List<String> currentOrder() {
    List<String> descriptions = new ArrayList<>();
    for (int k : order) {
      descriptions.add(operands.get(k).describe());
    }
    return descriptions;
  }

  /** The current order with each operand's observed rows and pass rate. */
  String describeOrder() {
    List<String> parts = new ArrayList<>();
    for (int k : order) {
      long in = rowsIn[k].sum();
      long passed = rowsPassed[k].sum();
      parts.add(operands.get(k).describe() + " [passed " + passed + " of " + in + " rows"
          + (in == 0 ? "" : String.format(Locale.ROOT, ", %.1f%%", 100.0 * passed / in)) + "]");
    }
    return String.join(" -> ", parts);
  }

  @Override
  public Truth prune(Function<String, ZoneStatistics> statistics) {
    boolean allTrue = true;
    for (Predicate operand : operands) {
      Truth truth = operand.prune(statistics);
      if (truth == Truth.FALSE) {
        return Truth.FALSE;
      }
      allTrue &= truth == Truth.TRUE;
    }
    return allTrue ? Truth.TRUE : Truth.UNKNOWN;
  }

  @Override
  public String describe() {
    return operands.stream()
        .map(operand -> operand instanceof OrPredicate ? "(" + operand.describe() + ")" : operand.describe())
        .collect(Collectors.joining(" AND "));
  }
}
