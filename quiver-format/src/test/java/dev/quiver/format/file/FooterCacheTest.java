package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.CorruptFileException;
import dev.quiver.format.testing.ScanTables;
import dev.quiver.testing.TestingAllocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file opened again reuses its parsed footer; a file rewritten at the same path, other footer bytes at the
 * same place, and a damaged footer are never answered from the cache; the cache stays within its budget.
 */
class FooterCacheTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @AfterEach
  void empty() {
    FooterCache.clear();
  }

  @Test
  void aFileOpenedAgainReusesItsFooter() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 5_000, 16 * 1024, memory.allocator());
    Footer first;
    try (QuiverFile opened = QuiverFile.open(file)) {
      first = opened.footer();
    }
    try (QuiverFile again = QuiverFile.open(file)) {
      assertThat(again.footer()).isSameAs(first);
    }
    Footer fresh = FooterSerializer.read(footerBytes(file), postscript(file).footerOffset(), file.toString());
    // byte[] bounds of string zones compare by identity: the parts without them
    assertThat(first.schema()).isEqualTo(fresh.schema());
    assertThat(first.rowCount()).isEqualTo(fresh.rowCount());
    assertThat(first.segments()).isEqualTo(fresh.segments());
    assertThat(first.metadata()).isEqualTo(fresh.metadata());
  }

  @Test
  void aFileRewrittenAtTheSamePathIsParsedAnew() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 5_000, 16 * 1024, memory.allocator());
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.footer().rowCount()).isEqualTo(5_000);
    }
    Path other = ScanTables.write(directory.resolve("other.qvr"), 100, 7_000, 16 * 1024, memory.allocator());
    Files.move(other, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.footer().rowCount()).isEqualTo(7_000);
    }
  }

  @Test
  void otherFooterBytesAtTheSamePlaceAreParsedAnew() throws IOException {
    Path a = ScanTables.write(directory.resolve("a.qvr"), 0, 5_000, 16 * 1024, memory.allocator());
    Path b = ScanTables.write(directory.resolve("b.qvr"), 0, 6_000, 16 * 1024, memory.allocator());
    long offset = Math.max(postscript(a).footerOffset(), postscript(b).footerOffset());
    Footer first = FooterCache.footer("same", 1, offset, footerBytes(a));
    Footer second = FooterCache.footer("same", 1, offset, footerBytes(b));
    assertThat(first.rowCount()).isEqualTo(5_000);
    assertThat(second.rowCount()).isEqualTo(6_000);
    assertThat(FooterCache.footer("same", 1, offset, footerBytes(b))).isSameAs(second);
  }

  @Test
  void aDamagedFooterIsFoundAfterTheSameFileWasCached() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 5_000, 16 * 1024, memory.allocator());
    try (QuiverFile opened = QuiverFile.open(file)) {
      assertThat(opened.footer().rowCount()).isEqualTo(5_000);
    }
    byte[] bytes = Files.readAllBytes(file);
    bytes[(int) postscript(file).footerOffset() + 3] ^= 0x10;
    Files.write(file, bytes);
    assertThatThrownBy(() -> QuiverFile.open(file)).isInstanceOf(CorruptFileException.class)
        .hasMessageContaining("footer checksum does not match");
  }

  @Test
  void theCacheKeepsWithinItsBudget() throws IOException {
    Path file = ScanTables.write(directory.resolve("t.qvr"), 0, 20_000, 4 * 1024, memory.allocator());
    byte[] bytes = footerBytes(file);
    long offset = postscript(file).footerOffset();
    int fits = (int) (FooterCache.BUDGET_BYTES / bytes.length);
    for (int i = 0; i < fits + 100; i++) {
      FooterCache.footer("file-" + i, 1, offset, bytes);
    }
    assertThat(FooterCache.size()).isEqualTo(fits);
    // the oldest went first: the newest is still there
    Footer newest = FooterCache.footer("file-" + (fits + 99), 1, offset, bytes);
    assertThat(FooterCache.footer("file-" + (fits + 99), 1, offset, bytes)).isSameAs(newest);
    assertThat(FooterCache.size()).isEqualTo(fits);
  }

  private static Postscript postscript(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    int tail = Math.min(bytes.length, dev.quiver.format.FormatConstants.TAIL_READ_BYTES);
    return Postscript.parse(Arrays.copyOfRange(bytes, bytes.length - tail, bytes.length), bytes.length,
        file.toString());
  }

  private static byte[] footerBytes(Path file) throws IOException {
    Postscript postscript = postscript(file);
    byte[] bytes = Files.readAllBytes(file);
    int from = (int) postscript.footerOffset();
    return Arrays.copyOfRange(bytes, from, from + postscript.footerLength());
  }
}
