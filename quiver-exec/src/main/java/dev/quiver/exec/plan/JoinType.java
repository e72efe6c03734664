package dev.quiver.exec.plan;

/** How a join combines its sides. */
public enum JoinType {
  /** Matching pairs. Output: left columns, right columns. */
  INNER,
  /** Matching pairs, and left rows without a match (right columns NULL). */
  LEFT,
  /** Matching pairs, and right rows without a match (left columns NULL). */
  RIGHT,
  /** LEFT and RIGHT together. */
  FULL,
  /** Left rows with at least one match, once each. Output: left columns only. */
  SEMI,
  /** Left rows with no match. Output: left columns only. */
  ANTI,
  /**
   * {@code NOT IN}: left rows whose key is not NULL and equals no right key, and none if a right key
   * is NULL (nor for a NULL left key unless the right side is empty). Output: left columns only.
   */
  NULL_AWARE_ANTI,
  /**
   * Every left row once, with a boolean mark column after the left columns: TRUE when a right row
   * matches, else NULL when a NULL key (left, or any on the right) could have matched, else FALSE
   * ({@code x IN (sub-query)} in a condition that is not a plain conjunct).
   */
  LEFT_MARK,
  /**
   * Right rows with at least one match, once each. Output: right columns only. (A SEMI join built on
   * its left side, mirrored: the hash table holds the smaller side, whose rows are the answer.)
   */
  RIGHT_SEMI,
  /** Right rows with no match. Output: right columns only (an ANTI join built on its left side, mirrored). */
  RIGHT_ANTI;

  /** Whether the output carries the right side's columns. */
  public boolean outputsRight() {
    return this == INNER || this == LEFT || this == RIGHT || this == FULL;
  }

  /** Whether the output carries the left side's columns. */
  public boolean outputsLeft() {
    return this != RIGHT_SEMI && this != RIGHT_ANTI;
  }

  /** Whether the output is the build (right) rows chosen by their matches once the probe is done. */
  public boolean emitsBuildRows() {
    return this == RIGHT || this == FULL || this == RIGHT_SEMI || this == RIGHT_ANTI;
  }
}
