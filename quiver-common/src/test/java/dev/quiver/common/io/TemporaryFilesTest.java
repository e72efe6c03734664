package dev.quiver.common.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporary file names say whose they are, and only the files of processes that are gone are
 * removed: never a running writer's, another target's or a file that merely looks similar.
 */
class TemporaryFilesTest {
  @TempDir
  Path directory;

  @Test
  void namesAreHiddenBesideTheTargetAndNameThisProcess() {
    Path target = directory.resolve("out.qvr");
    Path temporary = TemporaryFiles.nameFor(target);
    assertThat(temporary.getParent()).isEqualTo(directory.toAbsolutePath());
    assertThat(temporary.getFileName().toString())
        .startsWith(".out.qvr.quiver-tmp-" + ProcessHandle.current().pid() + "-");
    assertThat(TemporaryFiles.nameFor(target)).isNotEqualTo(temporary);
  }

  @Test
  void removesOnlyTheFilesOfProcessesThatAreGone() throws Exception {
    Process finished = new ProcessBuilder("java", "-version").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    finished.waitFor();
    long deadPid = finished.pid();
    Path target = directory.resolve("out.qvr");
    Path stale = touch(".out.qvr.quiver-tmp-" + deadPid + "-abc");
    Path running = touch(".out.qvr.quiver-tmp-" + ProcessHandle.current().pid() + "-def");
    Path otherTarget = touch(".other.qvr.quiver-tmp-" + deadPid + "-abc");
    Path lookalike = touch(".out.qvr.quiver-tmp-notapid-abc");
    Path oldStyle = touch(".out.qvr.1f2e3d.tmp");

    assertThat(TemporaryFiles.removeStale(target)).containsExactly(stale);

    assertThat(stale).doesNotExist();
    assertThat(running).exists();
    assertThat(otherTarget).exists();
    assertThat(lookalike).exists();
    assertThat(oldStyle).exists();
  }

  @Test
  void aMissingDirectoryHasNothingToRemove() throws IOException {
    assertThat(TemporaryFiles.removeStale(directory.resolve("missing").resolve("out.qvr"))).isEmpty();
  }

  private Path touch(String name) throws IOException {
    return Files.createFile(directory.resolve(name));
  }
}
