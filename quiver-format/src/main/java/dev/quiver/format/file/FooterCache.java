package dev.quiver.format.file;

import dev.quiver.common.CorruptFileException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parsed footers of the files opened in this process, so that a file opened by every query (a table's
 * statistics, its scan, a COUNT(*) answered from the footer) parses its footer once: ClickBench's 105-column
 * {@code hits.qvr} spent a quarter of a hot {@code SELECT count(*)} parsing it again. A footer is reused only
 * for the same path, size, footer offset and footer bytes (compared whole, after the checksum was verified),
 * so a file rewritten in place is parsed anew. The least recently used footers are dropped past {@link
 * #BUDGET_BYTES} of footer bytes. A {@link Footer} is immutable: one instance is shared by every open file.
 * Thread-safe.
 */
final class FooterCache {
  /** The footer bytes kept at most (the parsed footers take a few times that). */
  static final long BUDGET_BYTES = 16L << 20;

  private record Key(String path, long size, long footerOffset) {}

  private record Entry(byte[] bytes, Footer footer) {}

  private static final Map<Key, Entry> ENTRIES = new LinkedHashMap<>(64, 0.75f, true);
  private static long bytes;

  private FooterCache() {}

  /** The footer of these bytes: the one parsed before for the same file and bytes, else parsed now and kept. */
  static Footer footer(String path, long size, long footerOffset, byte[] footerBytes) throws CorruptFileException {
    Key key = new Key(path, size, footerOffset);
    synchronized (FooterCache.class) {
      Entry entry = ENTRIES.get(key);
      if (entry != null && Arrays.equals(entry.bytes(), footerBytes)) {
        return entry.footer();
      }
    }
    Footer footer = FooterSerializer.read(footerBytes, footerOffset, path);
    if (footerBytes.length <= BUDGET_BYTES / 4) {
      synchronized (FooterCache.class) {
        Entry replaced = ENTRIES.put(key, new Entry(footerBytes, footer));
        bytes += footerBytes.length - (replaced == null ? 0 : replaced.bytes().length);
        Iterator<Entry> oldest = ENTRIES.values().iterator();
        while (bytes > BUDGET_BYTES && oldest.hasNext()) {
          bytes -= oldest.next().bytes().length;
          oldest.remove();
        }
      }
    }
    return footer;
  }

  /** Footers kept now (for tests). */
  static synchronized int size() {
    return ENTRIES.size();
  }

  /** Drops every footer (for tests). */
  static synchronized void clear() {
    ENTRIES.clear();
    bytes = 0;
  }
}
