package dev.quiver.format.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON a manifest's schemas need, read into maps, lists, strings, numbers (as their text),
 * booleans and null, and strings written with JSON's escapes. Malformed text is an
 * {@link IllegalArgumentException} naming the offset.
 */
final class Json {
  private final String text;
  private int position;

  private Json(String text) {
    this.text = text;
  }

  /** The value {@code text} holds (nothing may follow it). */
  static Object parse(String text) {
    Json json = new Json(text);
    Object value = json.value(0);
    json.skipSpace();
    if (json.position != text.length()) {
      throw json.malformed("text after the value");
    }
    return value;
  }

  /** {@code value} as a JSON string literal. */
  static String quote(String value) {
    StringBuilder out = new StringBuilder(value.length() + 2).append('"');
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  private Object value(int depth) {
    if (depth > 64) {
      throw malformed("nested too deeply");
    }
    skipSpace();
    if (position >= text.length()) {
      throw malformed("a value is missing");
    }
    char c = text.charAt(position);
    if (c == '{') {
      position++;
      Map<String, Object> object = new LinkedHashMap<>();
      skipSpace();
      if (peek('}')) {
        return object;
      }
      do {
        skipSpace();
        String key = string();
        skipSpace();
        expect(':');
        object.put(key, value(depth + 1));
        skipSpace();
      } while (peek(','));
      expect('}');
      return object;
    }
    if (c == '[') {
      position++;
      List<Object> array = new ArrayList<>();
      skipSpace();
      if (peek(']')) {
        return array;
      }
      do {
        array.add(value(depth + 1));
        skipSpace();
      } while (peek(','));
      expect(']');
      return array;
    }
    if (c == '"') {
      return string();
    }
    for (String word : new String[] {"true", "false", "null"}) {
      if (text.startsWith(word, position)) {
        position += word.length();
        return word.equals("null") ? null : Boolean.valueOf(word);
      }
    }
    int start = position;
    while (position < text.length() && "+-0123456789.eE".indexOf(text.charAt(position)) >= 0) {
      position++;
    }
    if (start == position) {
      throw malformed("unexpected '" + c + "'");
    }
    return text.substring(start, position);
  }

  private String string() {
    expect('"');
    StringBuilder out = new StringBuilder();
    while (true) {
      if (position >= text.length()) {
        throw malformed("an unterminated string");
      }
      char c = text.charAt(position++);
      if (c == '"') {
        return out.toString();
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (position >= text.length()) {
        throw malformed("an unterminated escape");
      }
      char escaped = text.charAt(position++);
      switch (escaped) {
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          if (position + 4 > text.length()) {
            throw malformed("a short \\u escape");
          }
          out.append((char) Integer.parseInt(text.substring(position, position + 4), 16));
          position += 4;
        }
        default -> out.append(escaped);
      }
    }
  }

  private void skipSpace() {
    while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
      position++;
    }
  }

  private boolean peek(char c) {
    if (position < text.length() && text.charAt(position) == c) {
      position++;
      return true;
    }
    return false;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw malformed("'" + c + "' expected");
    }
  }

  private IllegalArgumentException malformed(String problem) {
    return new IllegalArgumentException("malformed JSON at offset " + position + ": " + problem);
  }
}
