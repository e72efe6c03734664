package dev.quiver.shuffle.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A small RFC 4180 reader for the test fixtures: quoted fields may hold commas, doubled quotes and
 * line breaks. Each field remembers whether it was quoted (the fixtures' {@code \N} is null only
 * unquoted).
 */
public final class CsvRows {
  private CsvRows() {}

  /** One field: its text and whether it was quoted. */
  public record Field(String text, boolean quoted) {
    /** Whether this is the unquoted null marker {@code \N}. */
    public boolean isNull() {
      return !quoted && text.equals("\\N");
    }
  }

  /** The records of the resource {@code name} (header included). */
  public static List<List<Field>> read(String name) throws IOException {
    try (InputStream in = CsvRows.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IOException("no test resource " + name);
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  static List<List<Field>> parse(String text) {
    List<List<Field>> records = new ArrayList<>();
    List<Field> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean inQuotes = false;
    boolean wasQuoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (inQuotes) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          inQuotes = false;
        } else {
          field.append(c);
        }
      } else if (c == '"' && field.length() == 0 && !wasQuoted) {
        inQuotes = true;
        wasQuoted = true;
      } else if (c == ',' || c == '\n') {
        record.add(new Field(field.toString(), wasQuoted));
        field.setLength(0);
        wasQuoted = false;
        if (c == '\n') {
          records.add(record);
          record = new ArrayList<>();
        }
      } else {
        field.append(c);
      }
    }
    if (!record.isEmpty() || field.length() > 0 || wasQuoted) {
      record.add(new Field(field.toString(), wasQuoted));
      records.add(record);
    }
    return records;
  }
}
