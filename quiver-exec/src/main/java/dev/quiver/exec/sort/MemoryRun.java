package dev.quiver.exec.sort;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * Rows held in memory in sorted order: the dense batches they live in, their key words, a reference
 * per row ({@code batch << 32 | row}) and the order that sorts them. Sorting is a merge sort of row
 * indexes comparing key words. The run owns its batches until {@link #close}.
 */
final class MemoryRun implements AutoCloseable {
  private final KeyLayout layout;
  private final int words;
  final FieldVector[][] batches;
  final long[] keys;
  final long[] refs;
  final int[] order;
  /** Rows in sorted order (after a top-N's cut, at most the limit). */
  final int rows;
  /** Bytes of the batches' buffers. */
  final long batchBytes;
  /** Bytes of the key, reference and order arrays (reserved by whoever made the run). */
  final long arrayBytes;
  private boolean closed;

  /** Sorts {@code count} rows and keeps the first {@code keep} of them. */
  MemoryRun(KeyLayout layout, List<FieldVector[]> batches, long[] keys, long[] refs, int count, long keep,
      long batchBytes, long arrayBytes) {
    this.layout = layout;
    this.words = layout.words();
    this.batches = batches.toArray(new FieldVector[0][]);
    this.keys = keys;
    this.refs = refs;
    this.batchBytes = batchBytes;
    this.arrayBytes = arrayBytes;
    int[] sorted = new int[count];
    for (int i = 0; i < count; i++) {
      sorted[i] = i;
    }
    sort(sorted, count);
    this.order = sorted;
    this.rows = (int) Math.min(count, keep);
  }

  /** Bytes per row of the sort's arrays (keys, reference, order, merge scratch). */
  static long arrayBytesPerRow(KeyLayout layout) {
    return 8L * layout.words() + 8 + 4 + 4;
  }

  int keyOffset(int index) {
    return index * words;
  }

  FieldVector[] batchOf(int index) {
    return batches[(int) (refs[index] >>> 32)];
  }

  int rowOf(int index) {
    return (int) refs[index];
  }

  /** Sorted positions {@code from..from+count-1} gathered into new vectors. */
  FieldVector[] gather(RowGather gather, int from, int count, BufferAllocator allocator, int[] sourceIds,
      int[] rowIds) {
    for (int i = 0; i < count; i++) {
      long ref = refs[order[from + i]];
      sourceIds[i] = (int) (ref >>> 32);
      rowIds[i] = (int) ref;
    }
    return gather.gather(sourceIds, rowIds, count, allocator);
  }

  /** A gather over this run's batches, source id = batch index. */
  RowGather newGather(org.apache.arrow.vector.types.pojo.Schema schema) {
    RowGather gather = new RowGather(schema);
    for (FieldVector[] batch : batches) {
      gather.add(batch);
    }
    return gather;
  }

  private int compareIndexes(int a, int b) {
    long refA = refs[a];
    long refB = refs[b];
    return layout.compare(keys, a * words, batches[(int) (refA >>> 32)], (int) refA, keys, b * words,
        batches[(int) (refB >>> 32)], (int) refB);
  }

  private void sort(int[] values, int count) {
    final int small = 24;
    for (int start = 0; start < count; start += small) {
      insertionSort(values, start, Math.min(count, start + small));
    }
    if (count <= small) {
      return;
    }
    int[] from = values;
    int[] to = new int[count];
    for (int width = small; width < count; width *= 2) {
      for (int low = 0; low < count; low += 2 * width) {
        int middle = Math.min(low + width, count);
        int high = Math.min(low + 2 * width, count);
        merge(from, to, low, middle, high);
      }
      int[] swap = from;
      from = to;
      to = swap;
    }
    if (from != values) {
      System.arraycopy(from, 0, values, 0, count);
    }
  }

  private void insertionSort(int[] values, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      int value = values[i];
      int j = i - 1;
      while (j >= from && compareIndexes(values[j], value) > 0) {
        values[j + 1] = values[j];
        j--;
      }
      values[j + 1] = value;
    }
  }

  private void merge(int[] from, int[] to, int low, int middle, int high) {
    if (middle >= high || compareIndexes(from[middle - 1], from[middle]) <= 0) {
      System.arraycopy(from, low, to, low, high - low);
      return;
    }
    int left = low;
    int right = middle;
    int out = low;
    while (left < middle && right < high) {
      to[out++] = compareIndexes(from[right], from[left]) < 0 ? from[right++] : from[left++];
    }
    while (left < middle) {
      to[out++] = from[left++];
    }
    while (right < high) {
      to[out++] = from[right++];
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    for (FieldVector[] batch : batches) {
      for (FieldVector vector : batch) {
        vector.close();
      }
    }
  }
}
