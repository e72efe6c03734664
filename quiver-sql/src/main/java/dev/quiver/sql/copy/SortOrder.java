package dev.quiver.sql.copy;

import dev.quiver.common.QuiverException;
import dev.quiver.exec.plan.SortKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The order a table is written in: {@code quiver convert --sort-by} and COPY's {@code SORT_BY}
 * option. The text is keys separated by commas, each a column name (double quotes around a name that
 * is not a plain identifier, {@code ""} for a quote inside) optionally followed by {@code ASC} (the
 * default) or {@code DESC} and by {@code NULLS FIRST} or {@code NULLS LAST}. NULLs sort last unless
 * the key says otherwise, in both directions, as DuckDB's default {@code ORDER BY} does. A name
 * matches its column exactly, else case-insensitively when that picks one column.
 *
 * <p>{@link #text()} is the canonical form recorded in a {@code .qvr} footer under {@code
 * FormatConstants.METADATA_SORTED_BY}: every key with its direction and NULL placement spelled out.
 *
 * @param keys the keys, in order (at least one)
 */
public record SortOrder(List<Key> keys) {
  /**
   * One key.
   *
   * @param column the column's name as the schema spells it (after {@link #resolve}) or as written
   * @param descending DESC (else ASC)
   * @param nullsFirst NULLS FIRST (else NULLS LAST)
   */
  public record Key(String column, boolean descending, boolean nullsFirst) {
    public Key {
      Objects.requireNonNull(column, "column");
    }

    /** {@code name ASC|DESC NULLS FIRST|LAST}. */
    public String text() {
      return quoted(column) + (descending ? " DESC" : " ASC") + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
    }
  }

  public SortOrder {
    keys = List.copyOf(keys);
    if (keys.isEmpty()) {
      throw QuiverException.user("a sort order needs at least one column");
    }
  }

  /**
   * Parses {@code text} ({@code "a, b DESC"}).
   *
   * @throws QuiverException USER naming what is wrong: an empty list or key, an unclosed quote, an
   *     unknown word after a column name
   */
  public static SortOrder parse(String text) {
    if (text == null || text.isBlank()) {
      throw QuiverException.user("the sort order is empty: name at least one column, e.g. 'a, b DESC'");
    }
    List<Key> keys = new ArrayList<>();
    for (List<String> words : split(text)) {
      keys.add(key(words, text));
    }
    return new SortOrder(keys);
  }

  /** The order of a plan's sort keys, named by {@code schema}'s columns. */
  public static SortOrder of(List<SortKey> keys, Schema schema) {
    List<Key> named = new ArrayList<>();
    for (SortKey key : keys) {
      named.add(new Key(schema.getFields().get(key.column()).getName(), !key.ascending(), key.nullsFirst()));
    }
    return new SortOrder(named);
  }

  /**
   * The keys as the engine's sort takes them (ordinals of {@code schema}); the names become the
   * schema's spelling.
   *
   * @throws QuiverException USER naming an unknown column and listing the columns
   */
  public List<SortKey> resolve(Schema schema) {
    List<SortKey> resolved = new ArrayList<>();
    for (Key key : keys) {
      resolved.add(new SortKey(ordinal(key.column(), schema), !key.descending(), key.nullsFirst()));
    }
    return resolved;
  }

  /** This order with each name spelled as {@code schema} spells it. */
  public SortOrder spelledAs(Schema schema) {
    return of(resolve(schema), schema);
  }

  /** The canonical text: {@code a ASC NULLS LAST, b DESC NULLS LAST}. */
  public String text() {
    List<String> parts = new ArrayList<>();
    for (Key key : keys) {
      parts.add(key.text());
    }
    return String.join(", ", parts);
  }

  @Override
  public String toString() {
    return text();
  }

  private static int ordinal(String name, Schema schema) {
    List<Field> fields = schema.getFields();
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equals(name)) {
        return i;
      }
    }
    int found = -1;
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).getName().equalsIgnoreCase(name)) {
        if (found >= 0) {
          throw QuiverException.user("sort column '" + name + "' matches both '" + fields.get(found).getName()
              + "' and '" + fields.get(i).getName() + "'; write it as the table spells it");
        }
        found = i;
      }
    }
    if (found < 0) {
      List<String> names = fields.stream().map(Field::getName).toList();
      throw QuiverException.user("unknown sort column '" + name + "'; the columns are " + String.join(", ", names));
    }
    return found;
  }

  private static Key key(List<String> words, String text) {
    if (words.isEmpty()) {
      throw QuiverException.user("the sort order '" + text + "' has an empty key (two commas, or one at an end)");
    }
    String column = words.get(0);
    boolean descending = false;
    boolean nullsFirst = false;
    int at = 1;
    if (at < words.size() && (is(words.get(at), "ASC") || is(words.get(at), "DESC"))) {
      descending = is(words.get(at), "DESC");
      at++;
    }
    if (at < words.size() && is(words.get(at), "NULLS")) {
      if (at + 1 >= words.size() || !(is(words.get(at + 1), "FIRST") || is(words.get(at + 1), "LAST"))) {
        throw QuiverException.user("in the sort order '" + text + "': NULLS takes FIRST or LAST");
      }
      nullsFirst = is(words.get(at + 1), "FIRST");
      at += 2;
    }
    if (at < words.size()) {
      throw QuiverException.user("in the sort order '" + text + "': unexpected '" + words.get(at) + "' after column '"
          + column + "' (a key is: column [ASC|DESC] [NULLS FIRST|LAST])");
    }
    return new Key(column, descending, nullsFirst);
  }

  private static boolean is(String word, String keyword) {
    return word.toUpperCase(Locale.ROOT).equals(keyword);
  }

  /** The keys' words: split at commas and blanks outside double quotes; quotes removed. */
  private static List<List<String>> split(String text) {
    List<List<String>> keys = new ArrayList<>();
    List<String> words = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == ',') {
        keys.add(words);
        words = new ArrayList<>();
        i++;
      } else if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '"') {
        StringBuilder name = new StringBuilder();
        i++;
        while (true) {
          if (i >= text.length()) {
            throw QuiverException.user("the sort order '" + text + "' has an unclosed double quote");
          }
          char inside = text.charAt(i);
          if (inside == '"') {
            if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
              name.append('"');
              i += 2;
              continue;
            }
            i++;
            break;
          }
          name.append(inside);
          i++;
        }
        words.add(name.toString());
      } else {
        int start = i;
        while (i < text.length() && text.charAt(i) != ',' && text.charAt(i) != '"'
            && !Character.isWhitespace(text.charAt(i))) {
          i++;
        }
        words.add(text.substring(start, i));
      }
    }
    keys.add(words);
    return keys;
  }

  private static String quoted(String name) {
    boolean plain = !name.isEmpty() && (Character.isLetter(name.charAt(0)) || name.charAt(0) == '_');
    for (int i = 0; plain && i < name.length(); i++) {
      char c = name.charAt(i);
      plain = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
    }
    String upper = name.toUpperCase(Locale.ROOT);
    if (plain && !upper.equals("ASC") && !upper.equals("DESC") && !upper.equals("NULLS")) {
      return name;
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
