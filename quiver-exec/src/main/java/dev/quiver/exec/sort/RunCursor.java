package dev.quiver.exec.sort;

import org.apache.arrow.vector.FieldVector;

/**
 * A position in one sorted run during a merge: the current row's key words, its batch, its row and
 * the batch's source id in the merge's {@link RowGather}.
 */
abstract class RunCursor implements AutoCloseable {
  long[] keys;
  int keyOffset;
  FieldVector[] columns;
  int row;
  int sourceId;

  /** Moves to the next row (the first on the first call); false when the run is done. */
  abstract boolean advance();

  /** Registers the current batch again after the gather forgot its sources past the permanent ones. */
  void reregister(RowGather gather) {}

  @Override
  public abstract void close();

  /** A cursor over a run held in memory; its batches are sources {@code sourceBase + batch}. */
  static final class InMemory extends RunCursor {
    private final MemoryRun run;
    private final int sourceBase;
    private int position = -1;

    InMemory(MemoryRun run, int sourceBase) {
      this.run = run;
      this.sourceBase = sourceBase;
      this.keys = run.keys;
    }

    @Override
    boolean advance() {
      position++;
      if (position >= run.rows) {
        return false;
      }
      int index = run.order[position];
      keyOffset = run.keyOffset(index);
      long ref = run.refs[index];
      columns = run.batches[(int) (ref >>> 32)];
      row = (int) ref;
      sourceId = sourceBase + (int) (ref >>> 32);
      return true;
    }

    @Override
    public void close() {
      run.close();
    }
  }
}
