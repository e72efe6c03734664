package dev.quiver.sql.planner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;

/**
 * Constant folding for the reduce-expressions rules without compiling: Calcite's executor compiles
 * every batch of constant expressions to Java with Janino (3-4 ms of CPU each time, more than half
 * of a warm plan). The common shapes (exact arithmetic, date plus interval, casts) are folded by
 * {@link LiteralFolding}; the others go to Calcite's executor once, and since the value of a constant
 * expression never changes (the rules fold only deterministic, non-dynamic calls) its folded literal
 * is kept by the expression's digest and type. Types are interned by Calcite
 * across type factories, so a literal folded for one query is valid in the next. Thread-safe.
 */
final class CachingRexExecutor implements RexExecutor {
  /** Past this many folded expressions the cache starts over (a bound on memory, not a tuning knob). */
  private static final int MOST_ENTRIES = 10_000;

  static final CachingRexExecutor INSTANCE = new CachingRexExecutor();

  private final Map<String, RexNode> folded = new ConcurrentHashMap<>();

  private CachingRexExecutor() {}

  @Override
  public void reduce(RexBuilder rexBuilder, List<RexNode> constExps, List<RexNode> reducedValues) {
    RexNode[] results = new RexNode[constExps.size()];
    List<RexNode> missing = new ArrayList<>();
    List<Integer> missingAt = new ArrayList<>();
    for (int i = 0; i < constExps.size(); i++) {
      RexNode known = LiteralFolding.fold(rexBuilder, constExps.get(i));
      if (known == null) {
        known = folded.get(key(constExps.get(i)));
      }
      if (known == null) {
        missing.add(constExps.get(i));
        missingAt.add(i);
      } else {
        results[i] = known;
      }
    }
    if (!missing.isEmpty()) {
      List<RexNode> computed = new ArrayList<>();
      RexUtil.EXECUTOR.reduce(rexBuilder, missing, computed);
      if (folded.size() > MOST_ENTRIES) {
        folded.clear();
      }
      for (int i = 0; i < missing.size(); i++) {
        RexNode value = computed.get(i);
        results[missingAt.get(i)] = value;
        if (value instanceof RexLiteral) {
          folded.put(key(missing.get(i)), value);
        }
      }
    }
    for (RexNode result : results) {
      reducedValues.add(result);
    }
  }

  private static String key(RexNode expression) {
    return expression + " : " + expression.getType().getFullTypeString();
  }
}
