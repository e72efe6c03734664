package dev.quiver.sql.planner;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;

/**
 * Constant folding for the reduce-expressions rules by Quiver's own engine ({@link EngineFolding}),
 * never Calcite's interpreter: a folded constant equals the same expression evaluated on a column. An
 * expression the engine cannot evaluate, or whose evaluation fails, stays as it is (the engine raises
 * the error when the query runs). Since the value of a constant expression never changes (the rules fold
 * only deterministic, non-dynamic calls) its folded literal is kept by the expression's digest and type.
 * Types are interned by Calcite across type factories, so a literal folded for one query is valid in the
 * next. Thread-safe.
 */
final class CachingRexExecutor implements RexExecutor {
  /** Past this many folded expressions the cache starts over (a bound on memory, not a tuning knob). */
  private static final int MOST_ENTRIES = 10_000;

  static final CachingRexExecutor INSTANCE = new CachingRexExecutor();

  private final Map<String, RexNode> folded = new ConcurrentHashMap<>();

  private CachingRexExecutor() {}

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    for (RexNode expression : constExps) {
      String key = key(expression);
      RexNode known = folded.get(key);
      if (known == null) {
        known = EngineFolding.fold(rexBuilder, expression);
        if (known instanceof RexLiteral) {
          if (folded.size() > MOST_ENTRIES) {
            folded.clear();
          }
          folded.put(key, known);
        } else {
          known = expression;
        }
      }
      reducedValues.add(known);
    }
  }

  private static String key(RexNode expression) {
    // the session's time zone is part of a TIMESTAMPTZ's type in the engine (how it is shown and split)
    return expression + " : " + expression.getType().getFullTypeString() + " @ " + DateCalls.sessionZone();
  }
}
