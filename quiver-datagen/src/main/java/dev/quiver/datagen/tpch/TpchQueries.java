package dev.quiver.datagen.tpch;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The 22 TPC-H queries as the spec writes them (the validation parameters; Q15's view as a WITH
 * query), one resource each: {@value #RESOURCE_FOLDER}{@code qNN.sql}. Shared by the SQL tests, the
 * benchmark ({@code quiver bench tpch}) and the demo.
 */
public final class TpchQueries {
  /** How many queries the spec has. */
  public static final int COUNT = 22;
  /** The class-path folder of the query files (no leading slash). */
  public static final String RESOURCE_FOLDER = "dev/quiver/datagen/tpch/queries/";

  private TpchQueries() {}

  /** The class-path resource of query {@code number} (1–22), e.g. {@code .../queries/q01.sql}. */
  public static String resource(int number) {
    check(number);
    return String.format(java.util.Locale.ROOT, "%sq%02d.sql", RESOURCE_FOLDER, number);
  }

  /** The text of query {@code number} (1–22) as its file holds it, a trailing semicolon included. */
  public static String text(int number) {
    String resource = resource(number);
    try (InputStream input = TpchQueries.class.getClassLoader().getResourceAsStream(resource)) {
      if (input == null) {
        throw new QuiverException(ErrorCode.INTERNAL, resource + " is missing from the class path");
      }
      return new String(input.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException failure) {
      throw new UncheckedIOException("cannot read " + resource, failure);
    }
  }

  /** The query as one statement: {@link #text} without surrounding blanks and without the final semicolon. */
  public static String statement(int number) {
    String sql = text(number).strip();
    if (sql.endsWith(";")) {
      sql = sql.substring(0, sql.length() - 1).strip();
    }
    return sql;
  }

  private static void check(int number) {
    if (number < 1 || number > COUNT) {
      throw QuiverException.user("TPC-H has queries 1 to " + COUNT + ", not " + number);
    }
  }
}
