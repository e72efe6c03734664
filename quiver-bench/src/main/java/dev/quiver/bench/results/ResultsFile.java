package dev.quiver.bench.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quiver.common.QuiverException;
import dev.quiver.common.io.TemporaryFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The results file: JSON lines, one {@link ResultRecord} each, appended to by every suite run.
 * An append rewrites the file through a temporary file beside it (old lines, then the new ones),
 * forced to disk and renamed over the old file, so a crash leaves the old file or the new one.
 */
public final class ResultsFile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultsFile() {}

  public static List<ResultRecord> read(Path path) throws IOException {
    List<ResultRecord> records = new ArrayList<>();
    if (!Files.exists(path)) {
      return records;
    }
    int number = 0;
    for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
      number++;
      if (!line.isBlank()) {
        try {
          records.add(JSON.readValue(line, ResultRecord.class));
        } catch (IOException malformed) {
          throw QuiverException.user(path + " line " + number + ": not a benchmark result: " + malformed.getMessage());
        }
      }
    }
    return records;
  }

  public static void append(Path path, List<ResultRecord> records) throws IOException {
    Path directory = path.toAbsolutePath().getParent();
    Files.createDirectories(directory);
    TemporaryFiles.removeStale(path);
    Path temporary = TemporaryFiles.nameFor(path);
    try {
      StringBuilder text = new StringBuilder();
      if (Files.exists(path)) {
        String old = Files.readString(path, StandardCharsets.UTF_8);
        text.append(old);
        if (!old.isEmpty() && !old.endsWith("\n")) {
          text.append('\n');
        }
      }
      for (ResultRecord record : records) {
        text.append(JSON.writeValueAsString(record)).append('\n');
      }
      Files.writeString(temporary, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE);
      try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        channel.force(true);
      }
      Files.move(temporary, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
