package dev.quiver.bench.scan.quiver;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import java.io.IOException;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;

/**
 * One column of a {@code .qvr} file read forward by row: holds the decoded chunk that contains the
 * current row and decodes the next one only when a row past it is asked for (chunks the rows asked
 * for skip over are never read). Each chunk it reads is decoded once. Not thread-safe: one per split.
 */
final class ChunkCursor implements AutoCloseable {
  private final QuiverFile file;
  private final int column;
  private final BufferAllocator allocator;
  private final ScanTally tally;
  private final List<Layout> chunks;
  private final long[] starts;
  private int current = -1;
  private FieldVector vector;

  ChunkCursor(QuiverFile file, int column, BufferAllocator allocator, ScanTally tally) {
    this.file = file;
    this.column = column;
    this.allocator = allocator;
    this.tally = tally;
    this.chunks = file.chunks(column);
    this.starts = new long[chunks.size() + 1];
    for (int i = 0; i < chunks.size(); i++) {
      starts[i + 1] = starts[i] + chunks.get(i).rowCount();
    }
  }

  /** Makes the chunk holding {@code row} current (decoding it if needed); returns the row's index in {@link #vector()}. */
  int position(long row) throws IOException {
    if (current < 0 || row < starts[current] || row >= starts[current + 1]) {
      int index = java.util.Arrays.binarySearch(starts, row);
      index = index >= 0 ? index : -index - 2;
      close();
      FlatLayout chunk = (FlatLayout) chunks.get(index);
      vector = file.readChunk(column, chunk, allocator);
      current = index;
      tally.decoded(column, index, file.footer().segments().get(chunk.segment()).length());
    }
    return (int) (row - starts[current]);
  }

  /** The first row after the current chunk. */
  long chunkEnd() {
    return starts[current + 1];
  }

  FieldVector vector() {
    return vector;
  }

  @Override
  public void close() {
    if (vector != null) {
      vector.close();
      vector = null;
      current = -1;
    }
  }
}
