package dev.quiver.exec.plan;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * The frame of a windowed aggregate or value function: the rows of the partition, around the current
 * one, that it reads.
 *
 * @param unit what offsets count: rows, distances on the one ORDER BY key, or peer groups
 * @param lower where the frame starts
 * @param upper where it ends (inclusive)
 * @param exclude the rows EXCLUDE takes out of the frame
 */
public record WindowFrame(Unit unit, Bound lower, Bound upper, Exclude exclude) {
  public WindowFrame {
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(lower, "lower");
    Objects.requireNonNull(upper, "upper");
    Objects.requireNonNull(exclude, "exclude");
  }

  /** A frame that excludes nothing. */
  public WindowFrame(Unit unit, Bound lower, Bound upper) {
    this(unit, lower, upper, Exclude.NO_OTHERS);
  }

  /**
   * What a frame's offsets count. ROWS: rows (CURRENT ROW is the row itself). RANGE: distances on the one
   * ORDER BY key (CURRENT ROW is the row's peers). GROUPS: peer groups, rows equal on every ORDER BY key
   * ({@code 1 PRECEDING} starts at the group before the row's; CURRENT ROW is the row's peers).
   */
  public enum Unit {
    ROWS,
    RANGE,
    GROUPS
  }

  /** EXCLUDE: nothing, the current row, its peer group, or its peers but itself. */
  public enum Exclude {
    NO_OTHERS,
    CURRENT_ROW,
    GROUP,
    TIES
  }

  /** The whole partition. */
  public static final WindowFrame PARTITION = new WindowFrame(Unit.ROWS, Bound.UNBOUNDED_PRECEDING,
      Bound.UNBOUNDED_FOLLOWING);

  /** Where a frame starts or ends. */
  public enum BoundKind {
    UNBOUNDED_PRECEDING,
    PRECEDING,
    CURRENT_ROW,
    FOLLOWING,
    UNBOUNDED_FOLLOWING
  }

  /**
   * One end of a frame.
   *
   * @param kind which kind
   * @param offset for PRECEDING and FOLLOWING the distance (rows, the ORDER BY key's units, or peer
   *     groups; never negative), else null
   */
  public record Bound(BoundKind kind, BigDecimal offset) {
    public static final Bound UNBOUNDED_PRECEDING = new Bound(BoundKind.UNBOUNDED_PRECEDING, null);
    public static final Bound CURRENT_ROW = new Bound(BoundKind.CURRENT_ROW, null);
    public static final Bound UNBOUNDED_FOLLOWING = new Bound(BoundKind.UNBOUNDED_FOLLOWING, null);

    public Bound {
      Objects.requireNonNull(kind, "kind");
      if ((kind == BoundKind.PRECEDING || kind == BoundKind.FOLLOWING) != (offset != null)) {
        throw new IllegalArgumentException(kind + " with offset " + offset);
      }
      if (offset != null && offset.signum() < 0) {
        throw new IllegalArgumentException("negative frame offset " + offset);
      }
    }

    public static Bound preceding(BigDecimal offset) {
      return new Bound(BoundKind.PRECEDING, offset);
    }

    public static Bound following(BigDecimal offset) {
      return new Bound(BoundKind.FOLLOWING, offset);
    }

    @Override
    public String toString() {
      return switch (kind) {
        case UNBOUNDED_PRECEDING -> "UNBOUNDED PRECEDING";
        case PRECEDING -> offset.toPlainString() + " PRECEDING";
        case CURRENT_ROW -> "CURRENT ROW";
        case FOLLOWING -> offset.toPlainString() + " FOLLOWING";
        case UNBOUNDED_FOLLOWING -> "UNBOUNDED FOLLOWING";
      };
    }
  }

  @Override
  public String toString() {
    return unit + " BETWEEN " + lower + " AND " + upper
        + (exclude == Exclude.NO_OTHERS ? "" : " EXCLUDE " + exclude.name().replace('_', ' '));
  }
}
