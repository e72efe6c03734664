package dev.quiver.exec.source;

import java.util.Arrays;

/**
 * The {@code capacity} smallest (ascending) or largest (descending) longs offered: a binary heap with the worst kept
 * value on top, so a value that cannot enter costs one comparison.
 */
final class BestValues {
  private final long[] heap;
  private final boolean ascending;
  private int size;

  BestValues(int capacity, boolean ascending) {
    this.heap = new long[capacity];
    this.ascending = ascending;
  }

  int size() {
    return size;
  }

  void offer(long value) {
    if (size < heap.length) {
      heap[size] = value;
      siftUp(size++);
    } else if (better(value, heap[0])) {
      heap[0] = value;
      siftDown(0);
    }
  }

  /** The {@code rank}-th best value kept (1 = the best), {@code rank <= size()}. */
  long worstOf(int rank) {
    long[] sorted = Arrays.copyOf(heap, size);
    Arrays.sort(sorted);
    return ascending ? sorted[rank - 1] : sorted[size - rank];
  }

  private boolean better(long a, long b) {
    return ascending ? a < b : a > b;
  }

  private void siftUp(int index) {
    long value = heap[index];
    while (index > 0) {
      int parent = (index - 1) >>> 1;
      if (!better(heap[parent], value)) {
        break;
      }
      heap[index] = heap[parent];
      index = parent;
    }
    heap[index] = value;
  }

  private void siftDown(int index) {
    long value = heap[index];
    while (true) {
      int child = 2 * index + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && better(heap[child], heap[child + 1])) {
        child++;
      }
      if (!better(value, heap[child])) {
        break;
      }
      heap[index] = heap[child];
      index = child;
    }
    heap[index] = value;
  }
}
