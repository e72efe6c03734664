package dev.quiver.format.encoding;

/** A stable merge sort of int indexes by a comparator, without boxing. */
final class IndexSort {
  private IndexSort() {}

  /** Compares two indexes. */
  interface IndexComparator {
    int compare(int a, int b);
  }

  static void sort(int[] indexes, IndexComparator comparator) {
    if (indexes.length < 2) {
      return;
    }
    int[] scratch = new int[indexes.length];
    int[] source = indexes;
    int[] target = scratch;
    for (int width = 1; width < indexes.length; width *= 2) {
      for (int low = 0; low < indexes.length; low += 2 * width) {
        int middle = Math.min(low + width, indexes.length);
        int high = Math.min(low + 2 * width, indexes.length);
        int left = low;
        int right = middle;
        for (int out = low; out < high; out++) {
          if (left < middle && (right >= high || comparator.compare(source[left], source[right]) <= 0)) {
            target[out] = source[left++];
          } else {
            target[out] = source[right++];
          }
        }
      }
      int[] swap = source;
      source = target;
      target = swap;
    }
    if (source != indexes) {
      System.arraycopy(source, 0, indexes, 0, indexes.length);
    }
  }
}
