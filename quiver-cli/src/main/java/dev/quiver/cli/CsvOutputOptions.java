package dev.quiver.cli;

import dev.quiver.common.QuiverException;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** The output options of the commands that print rows ({@code shuffle cat}, {@code shuffle read}): a picocli mixin. */
final class CsvOutputOptions {
  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv", description = "Output format: csv.")
  String format;

  @Option(names = "--limit", paramLabel = "N", description = "Print at most N rows.")
  Long limit;

  /** A printer to {@code out} after checking the options (USER errors for an unknown format or a negative limit). */
  CsvPrinter printer(PrintWriter out) {
    if (!format.equals("csv")) {
      throw QuiverException.user("unknown --format '" + format + "': only csv is supported");
    }
    if (limit != null && limit < 0) {
      throw QuiverException.user("--limit must not be negative, not " + limit);
    }
    return new CsvPrinter(out, limit == null ? Long.MAX_VALUE : limit);
  }
}
