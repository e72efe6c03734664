package dev.quiver.bench.scan.query;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * The FineWeb-like queries as plain code over windows of (a text column, token_count):
 * {@code SELECT count(*), sum(token_count) FROM fineweb WHERE column = 'value'} or
 * {@code WHERE column LIKE '%value%'}.
 */
public final class MatchCount implements WindowConsumer {
  /** How the text column is matched. */
  public enum Match {
    EQUALS,
    CONTAINS
  }

  private final Match match;
  private final byte[] value;
  private final TextSearch search;
  private long count;
  private long sum;

  public MatchCount(Match match, String value) {
    this.match = match;
    this.value = value.getBytes(StandardCharsets.UTF_8);
    this.search = match == Match.CONTAINS ? new TextSearch(this.value) : null;
  }

  /** The columns a window must hold: the matched one, then token_count. */
  public static List<String> columns(String matched) {
    return List.of(matched, "token_count");
  }

  /** The SQL text, {@code TABLE} replaced by the table reference. */
  public static String sql(Match match, String column, String value) {
    return "SELECT count(*), sum(token_count) FROM TABLE WHERE " + column
        + (match == Match.EQUALS ? " = '" + value + "'" : " LIKE '%" + value + "%'");
  }

  @Override
  public void accept(FieldVector[] vectors, int[] offsets, int length) {
    FieldVector text = vectors[0];
    FieldVector tokens = vectors[1];
    int tokenOffset = offsets[1] - offsets[0];
    if (match == Match.CONTAINS) {
      search.search(text, offsets[0], length, row -> {
        count++;
        sum += ArrowValues.integer(tokens, row + tokenOffset);
      });
      return;
    }
    for (int i = 0; i < length; i++) {
      if (ArrowValues.equalsBytes(text, offsets[0] + i, value)) {
        count++;
        sum += ArrowValues.integer(tokens, offsets[1] + i);
      }
    }
  }

  public void merge(MatchCount other) {
    count += other.count;
    sum += other.sum;
  }

  public String answer() {
    return format(count, sum);
  }

  /** The canonical text of the result from any system. */
  public static String format(long count, long sum) {
    return "count=" + count + " sum=" + sum;
  }
}
