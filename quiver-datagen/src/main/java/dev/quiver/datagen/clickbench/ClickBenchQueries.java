package dev.quiver.datagen.clickbench;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * ClickBench's 43 queries exactly as ClickBench writes them for an engine whose {@code EventTime} is
 * a TIMESTAMP and {@code EventDate} a DATE (its DuckDB form), one per line of the class-path resource
 * {@value #RESOURCE}, numbered from 0 as ClickBench numbers them. Shared by the SQL tests and the
 * benchmark ({@code quiver bench clickbench}).
 */
public final class ClickBenchQueries {
  /** How many queries ClickBench has. */
  public static final int COUNT = 43;
  /** The class-path resource holding them, one per line (no leading slash). */
  public static final String RESOURCE = "dev/quiver/datagen/clickbench/queries.sql";

  private static volatile List<String> statements;

  private ClickBenchQueries() {}

  /** Query {@code number} (0–42) as one statement, without its final semicolon. */
  public static String statement(int number) {
    if (number < 0 || number >= COUNT) {
      throw QuiverException.user("ClickBench has queries 0 to " + (COUNT - 1) + ", not " + number);
    }
    return all().get(number);
  }

  /** Every query, in ClickBench's order. */
  public static List<String> all() {
    List<String> loaded = statements;
    if (loaded == null) {
      loaded = load();
      statements = loaded;
    }
    return loaded;
  }

  private static List<String> load() {
    try (InputStream input = ClickBenchQueries.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (input == null) {
        throw new QuiverException(ErrorCode.INTERNAL, RESOURCE + " is missing from the class path");
      }
      List<String> loaded = new ArrayList<>();
      for (String line : new String(input.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String sql = line.strip();
        if (sql.isEmpty()) {
          continue;
        }
        loaded.add(sql.endsWith(";") ? sql.substring(0, sql.length() - 1).strip() : sql);
      }
      if (loaded.size() != COUNT) {
        throw new QuiverException(ErrorCode.INTERNAL, RESOURCE + " holds " + loaded.size() + " queries, not " + COUNT);
      }
      return List.copyOf(loaded);
    } catch (IOException failure) {
      throw new UncheckedIOException("cannot read " + RESOURCE, failure);
    }
  }
}
