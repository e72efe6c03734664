package dev.quiver.shuffle.exchange;

import java.util.ArrayList;
import java.util.List;

/** Encoded blocks waiting in memory, per partition in the order they were made. */
final class PendingBlocks {
  private final List<List<byte[]>> blocks;
  private long bytes;
  private long count;

  PendingBlocks(int partitions) {
    blocks = new ArrayList<>(partitions);
    for (int p = 0; p < partitions; p++) {
      blocks.add(new ArrayList<>(2));
    }
  }

  void add(int partition, byte[] block) {
    blocks.get(partition).add(block);
    bytes += block.length;
    count++;
  }

  List<byte[]> of(int partition) {
    return blocks.get(partition);
  }

  long bytes() {
    return bytes;
  }

  long count() {
    return count;
  }

  /** Forgets partition {@code partition}'s blocks (after they were written). */
  void clear(int partition) {
    List<byte[]> list = blocks.get(partition);
    for (byte[] block : list) {
      bytes -= block.length;
      count--;
    }
    list.clear();
  }

  void clearAll() {
    for (List<byte[]> list : blocks) {
      list.clear();
    }
    bytes = 0;
    count = 0;
  }
}
