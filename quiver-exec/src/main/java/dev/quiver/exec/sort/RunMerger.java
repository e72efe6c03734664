package dev.quiver.exec.sort;

import dev.quiver.exec.memory.MemoryReservation;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A k-way merge of sorted runs (in memory or spilled) through a binary heap of cursors ordered by
 * their current rows' key words. Hands out the merged order a chunk at a time as (source, row)
 * pairs and gathers each chunk into new vectors. Owns its runs: closing it frees them (and removes
 * the spill files). Not thread-safe.
 */
final class RunMerger implements AutoCloseable {
  private final KeyLayout layout;
  private final RowGather gather;
  private final List<RunCursor> cursors = new ArrayList<>();
  private final List<FieldVector[]> retired = new ArrayList<>();
  private final int permanentSources;
  private RunCursor[] heap;
  private int size;
  private boolean closed;

  RunMerger(KeyLayout layout, Schema schema, List<MemoryRun> runs, List<SpillFile> files,
      MemoryReservation reservation, BufferAllocator allocator) {
    this.layout = layout;
    this.gather = new RowGather(schema);
    try {
      for (MemoryRun run : runs) {
        int base = gather.size();
        cursors.add(new RunCursor.InMemory(run, base));
        for (FieldVector[] batch : run.batches) {
          gather.add(batch);
        }
      }
      permanentSources = gather.size();
      for (SpillFile file : files) {
        cursors.add(new SpillCursor(file, layout, gather, retired, reservation, allocator));
      }
      heap = new RunCursor[cursors.size()];
      for (RunCursor cursor : cursors) {
        if (cursor.advance()) {
          heap[size++] = cursor;
        }
      }
      for (int i = size / 2 - 1; i >= 0; i--) {
        siftDown(i);
      }
    } catch (RuntimeException failure) {
      close();
      throw failure;
    }
  }

  /**
   * The next at most {@code max} rows of the merged order into {@code sources}/{@code rows}; returns
   * how many (0 at the end). The rows stay readable until {@link #gather} is called. A chunk ends
   * early once a spilled run has moved on to its next batch, so the merge never holds more than one
   * finished batch beside each run's current one (what {@link SortFactory}'s fan-in plans for).
   */
  int next(int max, int[] sources, int[] rows) {
    int count = 0;
    while (count < max && size > 0 && (count == 0 || retired.isEmpty())) {
      RunCursor top = heap[0];
      sources[count] = top.sourceId;
      rows[count] = top.row;
      count++;
      pop(top);
    }
    return count;
  }

  /** Skips up to {@code count} rows of the merged order; returns how many were skipped. */
  long skip(long count) {
    long skipped = 0;
    while (skipped < count && size > 0) {
      pop(heap[0]);
      skipped++;
      if ((skipped & 4095) == 0) {
        release();
      }
    }
    release();
    return skipped;
  }

  /** Gathers the rows {@link #next} handed out, then frees the batches no cursor needs any more. */
  FieldVector[] gather(int[] sources, int[] rows, int count, BufferAllocator allocator) {
    try {
      return gather.gather(sources, rows, count, allocator);
    } finally {
      release();
    }
  }

  private void pop(RunCursor top) {
    if (top.advance()) {
      siftDown(0);
    } else {
      heap[0] = heap[--size];
      heap[size] = null;
      if (size > 0) {
        siftDown(0);
      }
    }
  }

  private void release() {
    if (retired.isEmpty() && gather.size() == permanentSources + liveSpillCursors()) {
      return;
    }
    for (FieldVector[] batch : retired) {
      for (FieldVector vector : batch) {
        vector.close();
      }
    }
    retired.clear();
    gather.truncate(permanentSources);
    for (RunCursor cursor : cursors) {
      cursor.reregister(gather);
    }
  }

  private int liveSpillCursors() {
    int live = 0;
    for (RunCursor cursor : cursors) {
      if (cursor instanceof SpillCursor && cursor.columns != null) {
        live++;
      }
    }
    return live;
  }

  private boolean less(RunCursor a, RunCursor b) {
    return layout.compare(a.keys, a.keyOffset, a.columns, a.row, b.keys, b.keyOffset, b.columns, b.row) < 0;
  }

  private void siftDown(int index) {
    RunCursor moving = heap[index];
    int at = index;
    while (true) {
      int child = 2 * at + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && less(heap[child + 1], heap[child])) {
        child++;
      }
      if (!less(heap[child], moving)) {
        break;
      }
      heap[at] = heap[child];
      at = child;
    }
    heap[at] = moving;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (FieldVector[] batch : retired) {
      for (FieldVector vector : batch) {
        vector.close();
      }
    }
    retired.clear();
    RuntimeException failure = null;
    for (RunCursor cursor : cursors) {
      try {
        cursor.close();
      } catch (RuntimeException thrown) {
        failure = failure == null ? thrown : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
