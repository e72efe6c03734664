package dev.quiver.expression.filter;

import java.lang.ref.WeakReference;
import org.apache.arrow.vector.FieldVector;

/**
 * A leaf's results per dictionary value, for the last few values vectors it saw, by vector identity
 * (weakly held, so a dropped vector is not kept alive). Thread-safe.
 */
final class DictionaryCache {
  private static final int ENTRIES = 8;

  private record Entry(WeakReference<FieldVector> vector, int valueCount, long dataAddress, boolean[] passes) {}

  private final Entry[] entries = new Entry[ENTRIES];
  private int nextSlot;

  /** The results for {@code values}, or null when not cached (or the vector changed size or memory). */
  synchronized boolean[] get(FieldVector values) {
    for (Entry entry : entries) {
      if (entry != null && entry.vector().get() == values && entry.valueCount() == values.getValueCount()
          && entry.dataAddress() == address(values)) {
        return entry.passes();
      }
    }
    return null;
  }

  synchronized void put(FieldVector values, boolean[] passes) {
    entries[nextSlot] = new Entry(new WeakReference<>(values), values.getValueCount(), address(values), passes);
    nextSlot = (nextSlot + 1) % ENTRIES;
  }

  private static long address(FieldVector values) {
    return values.getDataBuffer().memoryAddress();
  }
}
