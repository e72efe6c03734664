package dev.quiver.expression.filter;

import dev.quiver.expression.Expression;
import java.util.Objects;
import java.util.function.Function;

/**
 * Exact, vectorized evaluation of an expression over Arrow vectors. One instance per scan, shared by
 * all split threads: it is thread-safe, and it learns from every call which conjunct of a top-level
 * AND is most selective and runs that first; later conjuncts see only the rows still selected.
 * Dictionary slices are tested once per distinct value (cached by values vector identity).
 */
public final class FilterEvaluator {
  private final Expression expression;
  private final Predicate predicate;
  /** Each thread's working arrays, kept between calls (a scan evaluates many slices per thread). */
  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

  public FilterEvaluator(Expression expression) {
    this.expression = Objects.requireNonNull(expression, "expression");
    this.predicate = PredicateCompiler.compile(expression);
  }

  /** The expression evaluated. */
  public Expression expression() {
    return expression;
  }

  /**
   * Evaluates rows {@code [0, count)}: row i of column c is row {@code slice.offset + i} of
   * {@code columns.apply(c)} (every column of {@code expression().columns()} must be supplied). Writes
   * the indexes i (ascending) of the rows whose result is TRUE into {@code selection} (length at least
   * {@code count}) and returns how many. NULL results do not pass.
   */
  public int evaluate(Function<String, ColumnSlice> columns, int count, int[] selection) {
    if (selection.length < count) {
      throw new IllegalArgumentException("selection holds " + selection.length + " rows, fewer than " + count);
    }
    return predicate.filter(columns, null, count, selection, scratch.get());
  }

  /**
   * The whole filter as raw integer intervals, one per conjunct (a row passes when it passes every
   * one; plain intervals on the same column are intersected into one, e.g. a date range), or null unless the filter is one interval/IN condition or an AND of them on integer-like
   * columns (int8..int64, dates, timestamps, decimals of up to 18 digits): what encoded segments can
   * answer without decoding. The bounds are exactly those the vector evaluation uses.
   */
  public java.util.List<RawInterval> rawIntervals() {
    java.util.List<Predicate> conjuncts = predicate instanceof AndPredicate and ? and.operands()
        : java.util.List.of(predicate);
    java.util.List<RawInterval> intervals = new java.util.ArrayList<>();
    for (Predicate conjunct : conjuncts) {
      RawInterval interval = conjunct instanceof LeafPredicate leaf ? leaf.rawInterval() : null;
      if (interval == null) {
        return null;
      }
      intervals.add(interval);
    }
    return RawInterval.intersectPlain(intervals);
  }

  /** Conjuncts in their current evaluation order with their observed pass rates, for EXPLAIN and metrics. */
  public String describeOrder() {
    return predicate instanceof AndPredicate and ? and.describeOrder() : predicate.describe();
  }

  /** The conjuncts' descriptions in their current evaluation order (a single one when not an AND). */
  java.util.List<String> conjunctOrder() {
    return predicate instanceof AndPredicate and ? and.currentOrder() : java.util.List.of(predicate.describe());
  }
}
