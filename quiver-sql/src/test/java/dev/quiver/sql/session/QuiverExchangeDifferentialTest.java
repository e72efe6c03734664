package dev.quiver.sql.session;

/**
 * The differential tester with every GROUP BY repartitioned first (a hash exchange of Arrow IPC
 * blocks on three threads, each thread's table then output without a merge): the same seeded random
 * queries as {@link QuiverDifferentialTest}, on other datasets (first seed 20261301), each answer
 * compared with DuckDB's.
 */
class QuiverExchangeDifferentialTest extends QuiverDifferentialTest {
  @Override
  protected long firstSeed() {
    return Long.getLong("quiver.differential.seed", 20_261_301L);
  }

  @Override
  protected SessionOptions options() {
    return SessionOptions.defaults().withThreads(3).withMemoryLimit(1L << 30).withRepartitionGroups(1);
  }
}
