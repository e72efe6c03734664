package dev.quiver.exec.aggregate;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.arrow.vector.FieldVector;

/**
 * The state of one aggregate for every group of a table, in arrays indexed by group id: updated a
 * batch at a time, merged from another table's state through a map of group ids, written out as the
 * result column, and written to and read back from a spill file. Not thread-safe.
 */
abstract class Accumulator {
  /** Heap bytes one group's state takes in the arrays. */
  abstract int bytesPerGroup();

  /** Grows the arrays to hold {@code groups} groups. */
  abstract void ensureGroups(int groups);

  /**
   * Adds rows {@code rows[0, count)} of {@code values} (null for COUNT(*)) to groups {@code
   * groups[0, count)}.
   */
  abstract void update(int[] groups, FieldVector values, int[] rows, int count);

  /**
   * As {@link #update} when every row is of group {@code group} (an aggregate without keys): {@code groups}
   * holds {@code group} {@code count} times. Accumulators that can sum into one register override it.
   */
  void updateOneGroup(int group, int[] groups, FieldVector values, int[] rows, int count) {
    update(groups, values, rows, count);
  }

  /**
   * Whether {@link #updateRuns} adds a run of one group's rows faster than {@link #update} (a sum held in a
   * register for the run): the caller then gives it a slice's rows in runs when it has them.
   */
  boolean updatesGroupRuns() {
    return false;
  }

  /**
   * As {@link #update} for every run of {@code runs}: rows {@code rows[runs.start(r), runs.start(r) +
   * runs.length(r))} of {@code values} (null for COUNT(*), whose rows are then null too: it reads the runs'
   * lengths) to group {@code runs.group(r)}. Called only when {@link #updatesGroupRuns}.
   */
  void updateRuns(GroupRuns runs, FieldVector values, int[] rows) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not add runs");
  }

  /** Merges groups {@code [from, from + count)} of {@code other} into groups {@code targets[0, count)}. */
  abstract void merge(Accumulator other, int from, int count, int[] targets);

  /** Writes the results of groups {@code ids[0, count)} into rows 0.. of {@code out} (allocated here). */
  abstract void write(FieldVector out, int[] ids, int count);

  /** Writes the state of groups {@code ids[0, count)}. */
  abstract void writeState(DataOutputStream out, int[] ids, int count) throws IOException;

  /** Reads {@code count} groups' state (as {@link #writeState} wrote it) and merges it into {@code targets}. */
  abstract void readState(DataInputStream in, int[] targets, int count) throws IOException;

  /** Whether {@link #update} does nothing (the state is another accumulator's): the caller may skip it. */
  boolean updatesNothing() {
    return false;
  }

  /** Heap bytes held outside the per-group arrays (values of strings). */
  long variableBytes() {
    return 0;
  }
}
