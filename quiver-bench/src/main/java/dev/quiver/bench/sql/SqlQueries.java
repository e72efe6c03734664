package dev.quiver.bench.sql;

import java.util.List;

/**
 * A SQL suite's queries: their subjects (names in the results), the text each system runs, and what
 * the answer check may rely on ({@link AnswerShape}). The ClickBench and FineWeb suites' queries.
 */
public interface SqlQueries {
  /** The suite's name in the results file ({@code clickbench}, {@code fineweb-sql}). */
  String suite();

  /** Every subject, in order. */
  List<String> subjects();

  /**
   * The subject a user wrote ({@code --queries}): its canonical name.
   *
   * @throws dev.quiver.common.QuiverException (USER) for an unknown one
   */
  String subject(String written);

  /** The statement {@code system} runs and times for {@code subject}. */
  String statement(String subject, SqlSystem system);

  /**
   * The statement whose answer is compared in the verifying pass: {@link #statement} unless the
   * query orders by something it does not select (then the same query selecting its keys too).
   */
  default String checkStatement(String subject, SqlSystem system) {
    return statement(subject, system);
  }

  /** How the answer of {@link #checkStatement} is ordered and cut. */
  AnswerShape shape(String subject);
}
