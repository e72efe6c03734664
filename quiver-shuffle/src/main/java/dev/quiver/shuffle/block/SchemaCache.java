package dev.quiver.shuffle.block;

import dev.quiver.shuffle.ipc.BatchPlan;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One thread's cache of parsed schemas, keyed on the raw bytes of the schema message's metadata.
 * A lookup is a length check and a byte comparison: no flatbuffer is parsed. Entries are kept most
 * recently used first; the least recently used goes when the entry count or the byte budget (raw
 * schema bytes held) would be exceeded. Not thread-safe: each thread has its own.
 */
final class SchemaCache {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** A cached schema and its record-batch plan. */
  static final class Entry {
    final byte[] key;
    final Schema schema;
    final BatchPlan plan;

    Entry(byte[] key, Schema schema, BatchPlan plan) {
      this.key = key;
      this.schema = schema;
      this.plan = plan;
    }
  }

  private final Entry[] entries;
  private final long byteBudget;
  private int size;
  private long bytes;

  SchemaCache(int maximumEntries, long byteBudget) {
    this.entries = new Entry[maximumEntries];
    this.byteBudget = byteBudget;
  }

  /** The entry whose key equals {@code payload[offset, offset+length)}, moved to the front; or null. */
  Entry lookup(ArrowBuf payload, long offset, int length) {
    for (int i = 0; i < size; i++) {
      Entry entry = entries[i];
      if (entry.key.length == length && sameBytes(entry.key, payload, offset)) {
        if (i > 0) {
          System.arraycopy(entries, 0, entries, 1, i);
          entries[0] = entry;
        }
        return entry;
      }
    }
    return null;
  }

  /** Adds an entry at the front, evicting from the back to respect both limits. */
  void insert(Entry entry) {
    if (entries.length == 0 || entry.key.length > byteBudget) {
      return;
    }
    while (size > 0 && (size == entries.length || bytes + entry.key.length > byteBudget)) {
      size--;
      bytes -= entries[size].key.length;
      entries[size] = null;
    }
    System.arraycopy(entries, 0, entries, 1, size);
    entries[0] = entry;
    size++;
    bytes += entry.key.length;
  }

  void clear() {
    java.util.Arrays.fill(entries, null);
    size = 0;
    bytes = 0;
  }

  int size() {
    return size;
  }

  long bytes() {
    return bytes;
  }

  private static boolean sameBytes(byte[] key, ArrowBuf payload, long offset) {
    int length = key.length;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      if ((long) LONGS.get(key, i) != payload.getLong(offset + i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (key[i] != payload.getByte(offset + i)) {
        return false;
      }
    }
    return true;
  }
}
