package dev.quiver.sql.oracle;

/**
 * One random query with what is needed to check and to reproduce it.
 *
 * @param datasetSeed the seed of the tables ({@link RandomTables#dataset})
 * @param querySeed the seed of this query ({@link RandomQueryGenerator#generate})
 * @param sql the query
 * @param order what the query promises about the order of its answer
 * @param unlimitedSql the same query without LIMIT/OFFSET when it has them (else null): the answer
 *     the rows of a cut tie group must come from
 */
public record GeneratedQuery(long datasetSeed, long querySeed, String sql, OrderSpec order, String unlimitedSql) {
  /** How a failure names the query: both seeds and the text. */
  public String label() {
    return "random query (dataset seed " + datasetSeed + ", query seed " + querySeed + "):\n  " + sql;
  }

  @Override
  public String toString() {
    return label();
  }
}
