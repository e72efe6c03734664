package dev.quiver.exec.keys;

import java.util.Arrays;

/**
 * Equality of candidate pairs of packed row keys, over arrays of candidates: slot by slot across
 * all pairs (one tight loop per slot), then the byte runs of the pairs still equal.
 */
public final class KeyEquality {
  private KeyEquality() {}

  /**
   * Sets {@code equal[i]} to whether row {@code leftRows[i]} of {@code left} equals row {@code
   * rightRows[i]} of {@code right} (same layout), for {@code i < count}.
   */
  public static void equal(KeyRows left, int[] leftRows, KeyRows right, int[] rightRows, int count, boolean[] equal) {
    int stride = left.layout().stride();
    long[] a = left.fixed;
    long[] b = right.fixed;
    Arrays.fill(equal, 0, count, true);
    for (int slot = 0; slot < stride; slot++) {
      for (int i = 0; i < count; i++) {
        equal[i] &= a[leftRows[i] * stride + slot] == b[rightRows[i] * stride + slot];
      }
    }
    if (!left.layout().hasBytes()) {
      return;
    }
    byte[] leftBytes = left.bytes;
    byte[] rightBytes = right.bytes;
    int[] leftStart = left.byteStart;
    int[] rightStart = right.byteStart;
    for (int i = 0; i < count; i++) {
      int l = leftRows[i];
      int leftFrom = leftStart[l];
      int leftTo = leftStart[l + 1];
      // equal slots hold equal lengths: a left row without bytes equals without reading the right row's runs
      if (equal[i] && leftTo > leftFrom) {
        int r = rightRows[i];
        equal[i] = Arrays.equals(leftBytes, leftFrom, leftTo, rightBytes, rightStart[r], rightStart[r + 1]);
      }
    }
  }
}
