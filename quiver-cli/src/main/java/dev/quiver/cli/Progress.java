package dev.quiver.cli;

import java.io.Console;
import java.io.PrintWriter;

/**
 * Progress lines for long commands on standard error. On a terminal one line is rewritten in place
 * ({@code \r}) every second; otherwise a new line is printed every {@value #PLAIN_INTERVAL_SECONDS}
 * seconds. Nothing is printed for work that ends within the first interval.
 */
final class Progress {
  static final int PLAIN_INTERVAL_SECONDS = 5;

  private final PrintWriter standardError;
  private final String label;
  private final long totalBytes;
  private final boolean terminal;
  private final long intervalNanos;
  private final long started = System.nanoTime();
  private long nextReport;
  private int lastLength;

  /**
   * @param label what is being done, e.g. {@code shuffle write}
   * @param totalBytes the input size, for a percentage (0: unknown)
   * @param terminal whether standard error is a terminal (rewrite one line)
   */
  Progress(PrintWriter standardError, String label, long totalBytes, boolean terminal) {
    this.standardError = standardError;
    this.label = label;
    this.totalBytes = totalBytes;
    this.terminal = terminal;
    this.intervalNanos = (terminal ? 1L : PLAIN_INTERVAL_SECONDS) * 1_000_000_000L;
    this.nextReport = started + intervalNanos;
  }

  /**
   * Whether standard error is probably a terminal (Java can only tell for the console as a whole). From JDK 22 on
   * {@code System.console()} is not null when nothing is a terminal, and {@code Console.isTerminal()} (JDK 22) tells.
   */
  @SuppressWarnings("SystemConsoleNull") // null still means no terminal; isTerminal() is asked where it exists
  static boolean standardErrorIsTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException beforeJdk22) {
      return true; // before JDK 22 there is a console only when standard input and output are a terminal
    }
  }

  /** Reports the counts if the interval has passed. */
  void update(long bytesRead, long rows, long blocks) {
    if (due()) {
      report(read(bytesRead).append(", ").append(NumberText.grouped(rows)).append(" rows, ")
          .append(NumberText.grouped(blocks)).append(" blocks written"));
    }
  }

  /** Reports input read (when known), rows written and rows per second if the interval has passed. */
  void updateRows(long bytesRead, long rows) {
    if (due()) {
      long elapsed = System.nanoTime() - started;
      StringBuilder line = totalBytes == 0 && bytesRead == 0 ? new StringBuilder(label).append(":")
          : read(bytesRead).append(",");
      report(line.append(' ').append(NumberText.grouped(rows)).append(" rows, ")
          .append(NumberText.rowsPerSecond(rows, elapsed)).append(" rows/s"));
    }
  }

  /**
   * Reports a bar, the share done, rows of {@code totalRows} and rows per second if the interval has
   * passed: {@code generate hits: [#######.............] 35% 350,000 of 1,000,000 rows, 812,000 rows/s}.
   */
  void updateBar(long rows, long totalRows) {
    if (due()) {
      report(new StringBuilder(label).append(": ").append(bar(rows, totalRows)).append(' ')
          .append(NumberText.grouped(rows)).append(" of ").append(NumberText.grouped(totalRows)).append(" rows, ")
          .append(NumberText.rowsPerSecond(rows, System.nanoTime() - started)).append(" rows/s"));
    }
  }

  /** Reports a bar and the seconds so far if the interval has passed: {@code query: [####......]  42% 3.1 s}. */
  void updateFraction(double fraction) {
    if (due()) {
      long done = Math.round(Math.max(0, Math.min(1, fraction)) * 1000);
      report(new StringBuilder(label).append(": ").append(bar(done, 1000)).append(' ')
          .append(String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - started) / 1e9)));
    }
  }

  /** {@code [#####...............]  25%}: 20 cells, the percentage right-aligned. */
  static String bar(long done, long total) {
    int percent = total <= 0 ? 100 : (int) Math.min(100, done * 100 / total);
    int filled = percent / 5;
    return "[" + "#".repeat(filled) + ".".repeat(20 - filled) + "] "
        + String.format(java.util.Locale.ROOT, "%3d%%", percent);
  }

  private boolean due() {
    long now = System.nanoTime();
    if (now - nextReport < 0) {
      return false;
    }
    nextReport = now + intervalNanos;
    return true;
  }

  private StringBuilder read(long bytesRead) {
    StringBuilder line = new StringBuilder(label).append(": ");
    if (totalBytes > 0) {
      line.append(Math.min(100, bytesRead * 100 / totalBytes)).append("% of ").append(NumberText.bytes(totalBytes));
    } else {
      line.append(NumberText.bytes(bytesRead));
    }
    return line.append(" read");
  }

  private void report(StringBuilder line) {
    if (terminal) {
      int padding = Math.max(0, lastLength - line.length());
      lastLength = line.length();
      standardError.print("\r" + line + " ".repeat(padding));
    } else {
      standardError.println(line);
    }
    standardError.flush();
  }

  /** Clears the in-place line, if one was printed. */
  void finish() {
    if (terminal && lastLength > 0) {
      standardError.print("\r" + " ".repeat(lastLength) + "\r");
      standardError.flush();
      lastLength = 0;
    }
  }
}
