package dev.quiver.expression;

import dev.quiver.common.QuiverException;

/** Builds the USER errors of one parse: they quote the text and name the position (1-based). */
final class ParseErrors {
  private static final int QUOTED_LIMIT = 500;

  private final String text;

  ParseErrors(String text) {
    this.text = text;
  }

  QuiverException at(int position, String problem) {
    String quoted = text.length() > QUOTED_LIMIT ? text.substring(0, QUOTED_LIMIT) + "..." : text;
    return QuiverException
        .user("cannot parse filter \"" + quoted + "\": " + problem + " (at position " + (position + 1) + ")");
  }
}
