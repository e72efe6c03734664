package dev.quiver.bench.report;

import dev.quiver.common.io.TemporaryFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces the generated part of a hand-written Markdown file: the text between {@link #BEGIN} and
 * {@link #END} (markers included, kept); the rest of the file is left as it was. Without the markers
 * the section is appended at the end. Written atomically (temporary file, forced, renamed).
 */
final class MarkdownSection {
  static final String BEGIN = "<!-- quiver bench report: generated section begins; edit outside the markers -->";
  static final String END = "<!-- quiver bench report: generated section ends -->";

  private MarkdownSection() {}

  /** {@code document} with its generated section replaced by {@code generated}. */
  static String replace(String document, String generated) {
    String section = BEGIN + "\n" + generated.strip() + "\n" + END;
    int begin = document.indexOf(BEGIN);
    int end = document.indexOf(END);
    if (begin >= 0 && end > begin) {
      return document.substring(0, begin) + section + document.substring(end + END.length());
    }
    String separator = document.isEmpty() || document.endsWith("\n\n") ? "" : document.endsWith("\n") ? "\n" : "\n\n";
    return document + separator + section + "\n";
  }

  static void write(Path file, String generated) throws IOException {
    String document = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    writeAtomically(file, replace(document, generated).getBytes(StandardCharsets.UTF_8));
  }

  static void writeAtomically(Path file, byte[] bytes) throws IOException {
    Path directory = file.toAbsolutePath().getParent();
    Files.createDirectories(directory);
    TemporaryFiles.removeStale(file);
    Path temporary = TemporaryFiles.nameFor(file);
    try {
      Files.write(temporary, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
