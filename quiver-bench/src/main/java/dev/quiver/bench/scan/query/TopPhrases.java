package dev.quiver.bench.scan.query;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;

/**
 * The ClickBench Q12-like query as plain code over windows of SearchPhrase: {@code SELECT
 * SearchPhrase, count(*) c FROM hits WHERE SearchPhrase <> '' GROUP BY SearchPhrase ORDER BY c DESC
 * LIMIT 10}, ties broken by the phrase (byte order) so every system's top 10 is the same list.
 */
public final class TopPhrases implements WindowConsumer {
  public static final List<String> COLUMNS = List.of("SearchPhrase");
  public static final int LIMIT = 10;
  public static final String SQL = "SELECT SearchPhrase, count(*) AS c FROM TABLE WHERE SearchPhrase <> ''"
      + " GROUP BY SearchPhrase ORDER BY c DESC, SearchPhrase LIMIT " + LIMIT;

  private final Map<Key, long[]> counts = new HashMap<>();

  /** A phrase's bytes as a hash key. */
  private record Key(byte[] bytes) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Key && Arrays.equals(bytes, ((Key) other).bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }
  }

  @Override
  public void accept(FieldVector[] vectors, int[] offsets, int length) {
    FieldVector phrases = vectors[0];
    for (int i = 0; i < length; i++) {
      int row = offsets[0] + i;
      if (!ArrowValues.isEmpty(phrases, row)) {
        counts.computeIfAbsent(new Key(ArrowValues.bytes(phrases, row)), key -> new long[1])[0]++;
      }
    }
  }

  public void merge(TopPhrases other) {
    other.counts.forEach((key, count) -> counts.computeIfAbsent(key, any -> new long[1])[0] += count[0]);
  }

  /** The top 10 as the suite compares it. */
  public String answer() {
    List<Map.Entry<Key, long[]>> entries = new ArrayList<>(counts.entrySet());
    entries.sort((a, b) -> a.getValue()[0] != b.getValue()[0] ? Long.compare(b.getValue()[0], a.getValue()[0])
        : Arrays.compareUnsigned(a.getKey().bytes(), b.getKey().bytes()));
    List<String> phrases = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    for (Map.Entry<Key, long[]> entry : entries.subList(0, Math.min(LIMIT, entries.size()))) {
      phrases.add(new String(entry.getKey().bytes(), StandardCharsets.UTF_8));
      values.add(entry.getValue()[0]);
    }
    return format(phrases, values);
  }

  /** The canonical text of a top-10 list from any system: {@code phrase=count; ...}. */
  public static String format(List<String> phrases, List<Long> counts) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < phrases.size(); i++) {
      text.append(i == 0 ? "" : "; ").append(phrases.get(i)).append('=').append(counts.get(i));
    }
    return text.toString();
  }
}
