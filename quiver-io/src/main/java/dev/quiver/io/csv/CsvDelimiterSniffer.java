package dev.quiver.io.csv;

/**
 * Guesses which of {@code ,} {@code ;} {@code |} and tab separates the fields of a CSV input from
 * its first lines (up to {@value #LINES}): a candidate qualifies when it splits the header into at
 * least two fields and every following complete line into as many (quotes respected); of those, the
 * one giving the most fields wins, a tie going to the earlier in that list. Nothing qualifies: a
 * comma.
 */
final class CsvDelimiterSniffer {
  static final int LINES = 20;
  private static final char[] CANDIDATES = {',', ';', '|', '\t'};

  private CsvDelimiterSniffer() {}

  /** The delimiter of the input starting with {@code text[0..length)}. */
  static char sniff(char[] text, int length) {
    char best = ',';
    int bestFields = 1;
    for (char candidate : CANDIDATES) {
      int fields = consistentFields(text, length, candidate);
      if (fields > bestFields) {
        best = candidate;
        bestFields = fields;
      }
    }
    return best;
  }

  /** The field count every sampled line has with {@code delimiter}, or 0 when they differ. */
  private static int consistentFields(char[] text, int length, char delimiter) {
    int expected = -1;
    int lines = 0;
    int fields = 1;
    boolean quoted = false;
    boolean lineHasText = false;
    for (int i = 0; i < length && lines < LINES; i++) {
      char c = text[i];
      if (c == '"') {
        quoted = !quoted;
        lineHasText = true;
      } else if (quoted) {
        continue;
      } else if (c == delimiter) {
        fields++;
        lineHasText = true;
      } else if (c == '\n' || c == '\r') {
        if (lineHasText) {
          if (expected < 0) {
            expected = fields;
          } else if (fields != expected) {
            return 0;
          }
          lines++;
        }
        fields = 1;
        lineHasText = false;
      } else if (c != '\uFEFF') {
        lineHasText = true;
      }
    }
    if (expected < 0 && lineHasText && !quoted) {
      // One line without its end: the whole input is the header.
      expected = fields;
    }
    return Math.max(expected, 0);
  }
}
