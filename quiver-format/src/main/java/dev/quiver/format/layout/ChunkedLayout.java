package dev.quiver.format.layout;

import java.util.List;

/** Row-wise children: chunk i covers the rows after chunks 0..i-1. */
public record ChunkedLayout(long rowCount, List<Layout> chunks) implements Layout {
  public ChunkedLayout {
    chunks = List.copyOf(chunks);
  }

  /** The first row of every chunk, plus the row count at the end: {@code chunks().size() + 1} values. */
  public long[] chunkStarts() {
    long[] starts = new long[chunks.size() + 1];
    for (int i = 0; i < chunks.size(); i++) {
      starts[i + 1] = starts[i] + chunks.get(i).rowCount();
    }
    return starts;
  }

  @Override
  public String kind() {
    return "chunked";
  }
}
