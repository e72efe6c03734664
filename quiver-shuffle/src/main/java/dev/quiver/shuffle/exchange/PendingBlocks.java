package dev.quiver.shuffle.exchange;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Encoded blocks waiting in memory, per partition in the order they were made. A partition's list
 * exists from its first block on, so an idle partition costs one reference.
 */
final class PendingBlocks {
  private final List<List<byte[]>> blocks;
  private long bytes;
  private long count;

  PendingBlocks(int partitions) {
    blocks = new ArrayList<>(Collections.nCopies(partitions, (List<byte[]>) null));
  }

  void add(int partition, byte[] block) {
    List<byte[]> list = blocks.get(partition);
    if (list == null) {
      list = new ArrayList<>(2);
      blocks.set(partition, list);
    }
    list.add(block);
    bytes += block.length;
    count++;
  }

  /** Partition {@code partition}'s blocks (read-only when it never had one). */
  List<byte[]> of(int partition) {
    List<byte[]> list = blocks.get(partition);
    return list == null ? List.of() : list;
  }

  long bytes() {
    return bytes;
  }

  long count() {
    return count;
  }

  /** Forgets partition {@code partition}'s blocks (after they were written). */
  void clear(int partition) {
    List<byte[]> list = of(partition);
    if (list.isEmpty()) {
      return;
    }
    for (byte[] block : list) {
      bytes -= block.length;
      count--;
    }
    list.clear();
  }

  void clearAll() {
    for (List<byte[]> list : blocks) {
      if (list != null) {
        list.clear();
      }
    }
    bytes = 0;
    count = 0;
  }
}
