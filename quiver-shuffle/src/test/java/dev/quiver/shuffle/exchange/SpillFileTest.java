package dev.quiver.shuffle.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spill file keeps, per run, only the partitions that had blocks, and gives each its bytes back in run order. */
class SpillFileTest {
  @TempDir
  Path directory;

  @Test
  void runsOfAFewPartitionsAmongManyCopyBackInOrder() throws IOException {
    int partitions = 100_000;
    PendingBlocks pending = new PendingBlocks(partitions);
    try (SpillFile spill = SpillFile.create(directory, ".map-0.", partitions)) {
      pending.add(3, bytes("a1"));
      pending.add(3, bytes("a2"));
      pending.add(99_999, bytes("z1"));
      assertThat(spill.spill(pending)).isEqualTo(6);
      pending.clearAll();
      pending.add(0, bytes("first"));
      pending.add(3, bytes("a3"));
      assertThat(spill.spill(pending)).isEqualTo(7);
      pending.clearAll();
      assertThat(spill.runCount()).isEqualTo(2);

      assertThat(copied(spill, 3)).isEqualTo("a1a2a3");
      assertThat(copied(spill, 99_999)).isEqualTo("z1");
      assertThat(copied(spill, 0)).isEqualTo("first");
      assertThat(copied(spill, 4)).isEmpty();
      assertThat(copied(spill, 50_000)).isEmpty();
    }
    assertThat(Files.list(directory)).as("the spill file is deleted on close").isEmpty();
  }

  private String copied(SpillFile spill, int partition) throws IOException {
    Path out = directory.resolve("copy-" + partition);
    try (FileChannel channel = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
        StandardOpenOption.READ)) {
      DataFileOutput output = new DataFileOutput(channel, 0, false);
      spill.copyPartition(partition, output);
      output.flush();
    }
    String text = Files.readString(out);
    Files.delete(out);
    return text;
  }

  private static byte[] bytes(String text) {
    return text.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }
}
