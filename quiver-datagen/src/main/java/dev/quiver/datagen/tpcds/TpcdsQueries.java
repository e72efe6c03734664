package dev.quiver.datagen.tpcds;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The 99 TPC-DS queries as DuckDB's repository writes them (its {@code tpcds} extension's query texts),
 * one resource each: {@value #RESOURCE_FOLDER}{@code NN.sql}. Shared by the answer check
 * ({@code TpcdsQueriesTest}) and the benchmark ({@code quiver bench tpcds}).
 */
public final class TpcdsQueries {
  /** How many queries there are. */
  public static final int COUNT = 99;
  /** The class-path folder of the query files (no leading slash). */
  public static final String RESOURCE_FOLDER = "dev/quiver/datagen/tpcds/queries/";

  private TpcdsQueries() {}

  /** The class-path resource of query {@code number} (1–99), e.g. {@code .../queries/07.sql}. */
  public static String resource(int number) {
    if (number < 1 || number > COUNT) {
      throw QuiverException.user("TPC-DS has queries 1 to " + COUNT + ", not " + number);
    }
    return String.format(Locale.ROOT, "%s%02d.sql", RESOURCE_FOLDER, number);
  }

  /** The query as one statement: its file's text without surrounding blanks and without the final semicolon. */
  public static String statement(int number) {
    String resource = resource(number);
    String sql;
    try (InputStream input = TpcdsQueries.class.getClassLoader().getResourceAsStream(resource)) {
      if (input == null) {
        throw new QuiverException(ErrorCode.INTERNAL, resource + " is missing from the class path");
      }
      sql = new String(input.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException failure) {
      throw new UncheckedIOException("cannot read " + resource, failure);
    }
    return sql.endsWith(";") ? sql.substring(0, sql.length() - 1).strip() : sql;
  }
}
