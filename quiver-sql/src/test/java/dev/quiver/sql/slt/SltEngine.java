package dev.quiver.sql.slt;

/** An engine a golden file runs on. */
interface SltEngine extends AutoCloseable {
  String name();

  /** Runs one statement and reads its whole answer (a statement without rows answers no columns). */
  SltAnswer run(String sql) throws Exception;

  /** Runs a statement record ({@code statement ok/error}); by default as {@link #run}. */
  default void statement(String sql) throws Exception {
    run(sql);
  }

  @Override
  void close() throws Exception;
}
