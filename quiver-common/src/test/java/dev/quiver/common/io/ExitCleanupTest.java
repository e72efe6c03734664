package dev.quiver.common.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ExitCleanup#removeAll} while another thread keeps creating files in a registered folder, as a query's
 * spilling threads do while the JVM's shutdown hooks run after SIGTERM: the folder is gone afterwards, nothing left
 * in it, and a later file cannot be created there.
 */
class ExitCleanupTest {
  @TempDir
  Path directory;

  @Test
  void aFolderWrittenToWhileItIsRemovedIsGoneAfterwards() throws Exception {
    for (int round = 0; round < 20; round++) {
      Path folder = Files.createDirectories(directory.resolve("spill-" + round));
      for (int i = 0; i < 200; i++) {
        Files.writeString(folder.resolve("before-" + i), "x");
      }
      ExitCleanup.register(folder);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger created = new AtomicInteger();
      Thread writer = new Thread(() -> {
        for (int i = 0; !stop.get(); i++) {
          try {
            Files.writeString(folder.resolve("during-" + i), "x");
            created.incrementAndGet();
          } catch (IOException gone) {
            // the folder was removed: nothing more can be created in it
          }
        }
      });
      writer.start();
      while (created.get() < 50) {
        Thread.onSpinWait();
      }
      ExitCleanup.removeAll();
      stop.set(true);
      writer.join();
      assertThat(folder).as("round " + round + ": removed although a thread wrote to it").doesNotExist();
      assertThat(ExitCleanup.registered()).doesNotContain(folder.toAbsolutePath());
    }
  }
}
