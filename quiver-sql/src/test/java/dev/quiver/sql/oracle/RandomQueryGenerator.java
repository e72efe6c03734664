package dev.quiver.sql.oracle;

import dev.quiver.sql.oracle.RandomExpressions.Expression;
import dev.quiver.sql.oracle.RandomExpressions.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random queries over a random dataset ({@link RandomTables#dataset}: tables t1, t2, t3
 * sharing an INTEGER key {@code k}): filters and projections ({@link RandomExpressions}), DISTINCT,
 * GROUP BY with count/count distinct/sum/avg/min/max/count_if/bool_and/bool_or and HAVING, global aggregates, inner and left
 * joins on {@code k} (with residual conditions), semi and anti joins written as IN, EXISTS, NOT
 * EXISTS and NOT IN, and ORDER BY (explicit NULLS FIRST/LAST: engines default differently) with
 * LIMIT/OFFSET. Every output column is aliased {@code c0, c1, ...}.
 *
 * <p>Determinism: a query with LIMIT orders by all its output columns, unless it deliberately
 * orders by a prefix, in which case it carries its unlimited form for the tie check
 * ({@link ResultComparison}). A query is a function of the dataset and its own seed only, so
 * {@code generate(tables, datasetSeed, querySeed)} reproduces it.
 */
public final class RandomQueryGenerator {
  /** Join inputs whose estimated output passes this many rows get a filter and an aggregate. */
  private static final long LARGE_JOIN_ROWS = 50_000;

  private final List<RandomTable> tables;
  private final long datasetSeed;
  private final Random random;
  private RandomExpressions expressions;

  private RandomQueryGenerator(List<RandomTable> tables, long datasetSeed, long querySeed) {
    this.tables = tables;
    this.datasetSeed = datasetSeed;
    this.random = new Random(querySeed);
  }

  /** The query of {@code querySeed} over {@code tables} (made from {@code datasetSeed}). */
  public static GeneratedQuery generate(List<RandomTable> tables, long datasetSeed, long querySeed) {
    return new RandomQueryGenerator(tables, datasetSeed, querySeed).build(querySeed);
  }

  /** The seed of query number {@code index} of a run over dataset {@code datasetSeed}. */
  public static long querySeed(long datasetSeed, int index) {
    long mixed = datasetSeed * 0x9E3779B97F4A7C15L + index * 0xC2B2AE3D27D4EB4FL;
    return mixed ^ (mixed >>> 31);
  }

  private GeneratedQuery build(long querySeed) {
    int shape = random.nextInt(10);
    List<Source> from = new ArrayList<>();
    RandomTable first = tables.get(random.nextInt(tables.size()));
    from.add(new Source("a", first));
    String fromClause = first.name() + " a";
    boolean forceAggregate = false;
    String where = null;
    if (shape >= 6 && shape <= 7) {
      RandomTable second = tables.get(random.nextInt(tables.size()));
      from.add(new Source("b", second));
      expressions = new RandomExpressions(random, from);
      boolean left = random.nextBoolean();
      String on = "a.k = b.k" + (random.nextInt(3) == 0 ? " AND " + expressions.predicate(1) : "");
      fromClause += (left ? " LEFT JOIN " : " JOIN ") + second.name() + " b ON " + on;
      forceAggregate = (long) first.rows().size() * second.rows().size() / keyDomain() > LARGE_JOIN_ROWS;
      if (left && random.nextInt(4) == 0) {
        where = "b.k IS NULL";
      }
    } else {
      expressions = new RandomExpressions(random, from);
    }
    if (shape == 8) {
      where = subqueryCondition();
    } else if (where == null && random.nextInt(4) != 0) {
      where = expressions.predicate(2);
    } else if (where != null && random.nextBoolean()) {
      where = where + " AND " + expressions.predicate(1);
    }
    boolean aggregate = forceAggregate || shape >= 3 && shape <= 5 || shape == 9 || shape >= 6 && random.nextBoolean();
    StringBuilder sql = new StringBuilder("SELECT ");
    List<String> items = new ArrayList<>();
    String groupBy = null;
    String having = null;
    boolean distinct = false;
    if (aggregate) {
      List<String> groups = new ArrayList<>();
      if (shape != 9) {
        int groupCount = 1 + random.nextInt(2);
        for (int i = 0; i < groupCount; i++) {
          groups.add(random.nextInt(3) == 0 ? expressions.any(1, false).sql() : expressions.anyColumn().sql());
        }
      }
      items.addAll(groups);
      int aggregates = 1 + random.nextInt(3);
      for (int i = 0; i < aggregates; i++) {
        items.add(aggregateCall());
      }
      if (!groups.isEmpty()) {
        groupBy = String.join(", ", groups);
        if (random.nextInt(3) == 0) {
          having = random.nextBoolean() ? "COUNT(*) > " + random.nextInt(4) : aggregateCall() + " IS NOT NULL";
        }
      }
    } else {
      distinct = random.nextInt(6) == 0;
      int count = 1 + random.nextInt(4);
      RandomExpressions constants = new RandomExpressions(random, from, true);
      for (int i = 0; i < count; i++) {
        int pick = random.nextInt(6);
        items.add(pick < 2 ? expressions.anyColumn().sql()
            : pick == 2 ? constants.any(2, false).sql() : expressions.any(2, false).sql());
      }
    }
    if (distinct) {
      sql.append("DISTINCT ");
    }
    for (int i = 0; i < items.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(items.get(i)).append(" AS c").append(i);
    }
    sql.append(" FROM ").append(fromClause);
    if (where != null) {
      sql.append(" WHERE ").append(where);
    }
    if (groupBy != null) {
      sql.append(" GROUP BY ").append(groupBy);
    }
    if (having != null) {
      sql.append(" HAVING ").append(having);
    }
    return withOrder(sql.toString(), items.size(), querySeed);
  }

  private GeneratedQuery withOrder(String sql, int columns, long querySeed) {
    int mode = random.nextInt(10);
    if (mode < 4) {
      return new GeneratedQuery(datasetSeed, querySeed, sql, OrderSpec.unordered(), null);
    }
    boolean allColumns = mode < 7;
    int keyCount = allColumns ? columns : 1 + random.nextInt(columns);
    List<Integer> keys = new ArrayList<>();
    List<String> order = new ArrayList<>();
    for (int i = 0; i < keyCount; i++) {
      keys.add(i);
      order.add((i + 1) + (random.nextBoolean() ? " ASC" : " DESC")
          + (random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST"));
    }
    String ordered = sql + " ORDER BY " + String.join(", ", order);
    boolean limited = allColumns || mode == 9;
    if (!limited) {
      return new GeneratedQuery(datasetSeed, querySeed, ordered, new OrderSpec(keys, false), null);
    }
    String limit = " LIMIT " + random.nextInt(30) + (random.nextInt(3) == 0 ? " OFFSET " + random.nextInt(10) : "");
    return new GeneratedQuery(datasetSeed, querySeed, ordered + limit, new OrderSpec(keys, true), ordered);
  }

  /** An aggregate call over the scope. */
  private String aggregateCall() {
    switch (random.nextInt(10)) {
      case 0:
        return "COUNT(*)";
      case 8:
        return "count_if(" + expressions.predicate(1) + ")";
      case 9:
        return (random.nextBoolean() ? "bool_and(" : "bool_or(") + expressions.predicate(1) + ")";
      case 1:
        return "COUNT(" + expressions.anyColumn().sql() + ")";
      case 2:
        return "COUNT(DISTINCT " + expressions.anyColumn().sql() + ")";
      case 3:
      case 4:
        return "SUM(" + expressions.numeric(1, true).sql() + ")";
      case 5: {
        Expression value = expressions.numeric(1, true);
        boolean integer = value.kind() == RandomTable.Kind.INT || value.kind() == RandomTable.Kind.BIGINT;
        // The type of AVG over integers is implementation-defined (Calcite keeps INTEGER): average doubles.
        return integer ? "AVG(CAST(" + value.sql() + " AS DOUBLE))" : "AVG(" + value.sql() + ")";
      }
      default: {
        Expression value = random.nextBoolean() ? expressions.column(kind -> kind != RandomTable.Kind.BOOLEAN)
            : expressions.comparable(1);
        return (random.nextBoolean() ? "MIN(" : "MAX(") + value.sql() + ")";
      }
    }
  }

  /** IN, EXISTS, NOT EXISTS or NOT IN over another table, correlated on {@code k} where it applies. */
  private String subqueryCondition() {
    RandomTable inner = tables.get(random.nextInt(tables.size()));
    RandomExpressions innerExpressions = new RandomExpressions(random, List.of(new Source("b", inner)));
    String filter = random.nextInt(3) == 0 ? null : innerExpressions.predicate(1);
    switch (random.nextInt(4)) {
      case 0:
        return "a.k IN (SELECT b.k FROM " + inner.name() + " b" + (filter == null ? "" : " WHERE " + filter) + ")";
      case 1:
        return "a.k NOT IN (SELECT b.k FROM " + inner.name() + " b" + (filter == null ? "" : " WHERE " + filter) + ")";
      case 2:
        return "EXISTS (SELECT 1 FROM " + inner.name() + " b WHERE b.k = a.k" + (filter == null ? "" : " AND " + filter)
            + ")";
      default:
        return "NOT EXISTS (SELECT 1 FROM " + inner.name() + " b WHERE b.k = a.k"
            + (filter == null ? "" : " AND " + filter) + ")";
    }
  }

  /** The dataset's key domain, estimated from the keys seen (at least 1). */
  private long keyDomain() {
    long maximum = 0;
    for (RandomTable table : tables) {
      for (List<Object> row : table.rows()) {
        if (row.get(0) != null) {
          maximum = Math.max(maximum, (Long) row.get(0));
        }
      }
    }
    return maximum + 1;
  }
}
