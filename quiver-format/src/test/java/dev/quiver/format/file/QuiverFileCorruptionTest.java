package dev.quiver.format.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import dev.quiver.common.CorruptFileException;
import dev.quiver.common.QuiverException;
import dev.quiver.format.FormatConstants;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.storage.SegmentLocation;
import dev.quiver.testing.TestingAllocator;
import dev.quiver.testing.TestingTables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged files: truncation at every structural boundary, flipped bits anywhere, and lies with
 * their checksums fixed up (so the parsers, not the checksums, must catch them). Every outcome is
 * the right data or a {@link CorruptFileException} naming the file; never another exception, an
 * OutOfMemoryError, a hang or a leak.
 */
class QuiverFileCorruptionTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  private static final long SEED = Long.getLong("quiver.fuzz.seed", System.nanoTime());
  private static final int ROWS = 3000;
  private byte[] original;
  private Footer footer;
  private long footerOffset;

  @BeforeEach
  void writeARealFile() throws IOException {
    Path file = directory.resolve("good.qvr");
    // every type of TestingTables, plus a low-cardinality string column stored under a dict layout
    try (VectorSchemaRoot table = TestingTables.batch(memory.allocator(), 0, ROWS, 7, 10);
        VarCharVector modes = new VarCharVector("mode", memory.allocator())) {
      modes.allocateNew();
      for (int row = 0; row < ROWS; row++) {
        if (row % 11 == 3) {
          modes.setNull(row);
        } else {
          modes.setSafe(row, ("mode-" + (row * 7919 % 6)).getBytes(StandardCharsets.UTF_8));
        }
      }
      modes.setValueCount(ROWS);
      List<FieldVector> vectors = new ArrayList<>(table.getFieldVectors());
      vectors.add(modes);
      VectorSchemaRoot batch = new VectorSchemaRoot(vectors);
      try (QuiverWriter writer = QuiverWriter.create(file, batch.getSchema(), memory.allocator(),
          QuiverWriter.Options.defaults().withChunkBytes(4096).withZoneRows(1000))) {
        writer.write(batch);
      }
    }
    original = Files.readAllBytes(file);
    try (QuiverFile opened = QuiverFile.open(file)) {
      footer = opened.footer();
      assertThat(opened.chunks(opened.columnIndex("mode")).get(0)).isInstanceOf(DictLayout.class);
    }
    footerOffset = ByteBuffer.wrap(original, original.length - 32, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /** Opens and reads every column; returns null on success or the CorruptFileException's message. */
  private String openAndRead(byte[] bytes, String context) throws IOException {
    Path file = directory.resolve("damaged.qvr");
    Files.write(file, bytes);
    try (QuiverFile opened = QuiverFile.open(file)) {
      for (int c = 0; c < opened.schema().getFields().size(); c++) {
        try (FieldVector ignored = opened.read(c, 0, opened.rowCount(), memory.allocator())) {
          ignored.getValueCount();
        }
      }
      return null;
    } catch (CorruptFileException corrupt) {
      assertThat(corrupt.getMessage()).as(context).startsWith(file.toString());
      assertThat(corrupt.file()).isEqualTo(file.toString());
      return corrupt.getMessage();
    } catch (QuiverException typed) {
      fail(context + ": a read of a damaged file threw QuiverException instead of CorruptFileException: " + typed,
          typed);
      return null;
    } catch (RuntimeException | Error untyped) {
      fail(context + ": untyped failure " + untyped, untyped);
      return null;
    }
  }

  @Test
  void truncationAtEveryStructuralBoundaryIsCaught() throws IOException {
    TreeSet<Long> cuts = new TreeSet<>(List.of(0L, 1L, 4L, footerOffset, footerOffset + 1,
        (long) original.length - 32, (long) original.length - 4, (long) original.length - 1));
    for (SegmentLocation segment : footer.segments()) {
      cuts.add(segment.offset());
      cuts.add(segment.offset() + segment.length() / 2);
      cuts.add(segment.offset() + segment.length());
    }
    for (long cut : cuts) {
      String message = openAndRead(Arrays.copyOf(original, (int) cut), "cut at " + cut);
      assertThat(message).as("cut at %d", cut).isNotNull();
    }
  }

  @Test
  void aFlippedBitInAnySegmentOrTheFooterIsCaught() throws IOException {
    Random random = new Random(SEED);
    System.out.println("QuiverFileCorruptionTest seed " + SEED);
    for (int i = 0; i < 300; i++) {
      byte[] damaged = original.clone();
      int at = FormatConstants.MAGIC.length + random.nextInt(damaged.length - FormatConstants.MAGIC.length);
      damaged[at] ^= (byte) (1 << random.nextInt(8));
      String message = openAndRead(damaged, "flip at " + at + " seed " + SEED);
      boolean inPadding = isPadding(at);
      if (!inPadding) {
        assertThat(message).as("flip at %d seed %d", at, SEED).isNotNull();
      }
    }
  }

  private boolean isPadding(int at) {
    if (at >= footerOffset) {
      return false;
    }
    for (SegmentLocation segment : footer.segments()) {
      if (at >= segment.offset() && at < segment.offset() + segment.length()) {
        return false;
      }
    }
    return true;
  }

  @Test
  void aNewerMajorVersionIsRefusedByName() throws IOException {
    byte[] newer = original.clone();
    newer[newer.length - 16] = 2;
    assertThat(openAndRead(newer, "version"))
        .contains("format version 2." + FormatConstants.MINOR_VERSION + " is newer than this reader");
  }

  @Test
  void notAQuiverFile() throws IOException {
    byte[] text = "hello, this is not a columnar file at all, just some text to fill up space".getBytes();
    assertThat(openAndRead(text, "text")).contains("does not end with the Quiver magic");
    assertThat(openAndRead(new byte[3], "tiny")).contains("too short");
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void liesWithFixedChecksumsAreCaughtByTheParsers() throws IOException {
    Random random = new Random(SEED + 1);
    System.out.println("QuiverFileCorruptionTest seed " + SEED);
    int caught = 0;
    for (int i = 0; i < 1500; i++) {
      byte[] damaged = original.clone();
      boolean inFooter = random.nextBoolean();
      if (inFooter) {
        int at = (int) footerOffset + random.nextInt((int) (damaged.length - 32 - footerOffset));
        damaged[at] = random.nextInt(3) == 0 ? (byte) 0xFF : (byte) (damaged[at] ^ (1 << random.nextInt(8)));
      } else {
        SegmentLocation segment = footer.segments().get(random.nextInt(footer.segments().size()));
        if (segment.length() == 0) {
          continue;
        }
        int at = (int) (segment.offset() + random.nextInt((int) segment.length()));
        damaged[at] = random.nextInt(3) == 0 ? (byte) 0xFF : (byte) (damaged[at] ^ (1 << random.nextInt(8)));
        damaged = withSegmentChecksumsFixed(damaged);
      }
      damaged = withFooterChecksumFixed(damaged);
      if (openAndRead(damaged, "lie " + i + " seed " + SEED) != null) {
        caught++;
      }
    }
    assertThat(caught).as("most lies are caught").isGreaterThan(100);
  }

  /** Recomputes every segment checksum into the footer (assumes the footer layout is unchanged). */
  private byte[] withSegmentChecksumsFixed(byte[] damaged) {
    List<SegmentLocation> fixed = new ArrayList<>();
    for (SegmentLocation segment : footer.segments()) {
      CRC32C crc = new CRC32C();
      crc.update(damaged, (int) segment.offset(), (int) segment.length());
      fixed.add(new SegmentLocation(segment.offset(), segment.length(), (int) crc.getValue()));
    }
    byte[] footerBytes = FooterSerializer.write(new Footer(footer.schema(), footer.rowCount(), fixed, footer.layout(),
        footer.columnStatistics(), footer.metadata()));
    byte[] rebuilt = Arrays.copyOf(damaged, (int) footerOffset + footerBytes.length + 32);
    System.arraycopy(footerBytes, 0, rebuilt, (int) footerOffset, footerBytes.length);
    System.arraycopy(damaged, damaged.length - 32, rebuilt, rebuilt.length - 32, 32);
    ByteBuffer.wrap(rebuilt, rebuilt.length - 32 + 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(footerBytes.length);
    return rebuilt;
  }

  private static byte[] withFooterChecksumFixed(byte[] damaged) {
    ByteBuffer postscript = ByteBuffer.wrap(damaged, damaged.length - 32, 32).order(ByteOrder.LITTLE_ENDIAN);
    long offset = postscript.getLong(damaged.length - 32);
    int length = postscript.getInt(damaged.length - 24);
    int major = Short.toUnsignedInt(postscript.getShort(damaged.length - 16));
    int minor = Short.toUnsignedInt(postscript.getShort(damaged.length - 14));
    byte[] footerBytes = Arrays.copyOfRange(damaged, (int) offset, (int) offset + length);
    postscript.putInt(damaged.length - 20, Postscript.checksum(footerBytes, major, minor));
    return damaged;
  }

  @Test
  void aLyingFooterLengthNeverAllocatesIt() throws IOException {
    byte[] liar = original.clone();
    ByteBuffer.wrap(liar).order(ByteOrder.LITTLE_ENDIAN).putInt(liar.length - 24, Integer.MAX_VALUE);
    assertThatThrownBy(() -> {
      Path file = directory.resolve("liar.qvr");
      Files.write(file, liar);
      QuiverFile.open(file).close();
    }).isInstanceOf(CorruptFileException.class).hasMessageContaining("does not end where the postscript starts");
  }
}
