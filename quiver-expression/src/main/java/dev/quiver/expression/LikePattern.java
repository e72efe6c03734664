package dev.quiver.expression;

import dev.quiver.common.QuiverException;
import dev.quiver.common.simd.Simd;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A LIKE pattern compiled to work on UTF-8 bytes: the pieces between {@code %} signs are segments of
 * literal bytes and {@code _} wildcards (one character: one whole UTF-8 sequence).
 */
public final class LikePattern {
  /** A segment token that matches any one character. */
  public static final int ANY_CHARACTER = -1;

  public enum Shape {
    EXACT,
    PREFIX,
    SUFFIX,
    CONTAINS,
    EVERYTHING,
    GENERAL
  }

  private final List<int[]> segments;
  private final boolean anchoredStart;
  private final boolean anchoredEnd;
  private final Shape shape;
  private final byte[] literal;
  private final byte[] literalPrefix;
  /** Per segment its bytes when it has no {@code _} (searched for as a whole), else null. */
  private final byte[][] literalSegments;

  private LikePattern(List<int[]> segments, boolean anchoredStart, boolean anchoredEnd, byte[] literalPrefix) {
    this.segments = segments;
    this.literalSegments = new byte[segments.size()][];
    for (int k = 0; k < segments.size(); k++) {
      int[] segment = segments.get(k);
      literalSegments[k] = Arrays.stream(segment).allMatch(token -> token >= 0) ? bytes(segment) : null;
    }
    this.anchoredStart = anchoredStart;
    this.anchoredEnd = anchoredEnd;
    this.literalPrefix = literalPrefix;
    boolean plain = segments.size() == 1 && Arrays.stream(segments.get(0)).allMatch(token -> token >= 0);
    this.literal = plain ? bytes(segments.get(0)) : null;
    if (segments.isEmpty()) {
      shape = anchoredStart && anchoredEnd ? Shape.EXACT : Shape.EVERYTHING;
    } else if (!plain) {
      shape = Shape.GENERAL;
    } else if (anchoredStart) {
      shape = anchoredEnd ? Shape.EXACT : Shape.PREFIX;
    } else {
      shape = anchoredEnd ? Shape.SUFFIX : Shape.CONTAINS;
    }
  }

  /** Compiles a LIKE pattern; USER error when an escape character ends it. */
  public static LikePattern compile(String pattern, Character escape) {
    List<int[]> segments = new ArrayList<>();
    List<Integer> current = new ArrayList<>();
    boolean anchoredStart = true;
    boolean anchoredEnd = true;
    byte[] prefix = null;
    for (int index = 0; index < pattern.length();) {
      int codePoint = pattern.codePointAt(index);
      index += Character.charCount(codePoint);
      anchoredEnd = true;
      if (escape != null && codePoint == escape) {
        if (index >= pattern.length()) {
          throw QuiverException.user("LIKE pattern " + SqlText.string(pattern) + " ends with its escape character");
        }
        codePoint = pattern.codePointAt(index);
        index += Character.charCount(codePoint);
        addLiteral(current, codePoint);
      } else if (codePoint == '%') {
        anchoredStart &= index > 1;
        prefix = prefix == null ? currentBytes(segments, current) : prefix;
        if (!current.isEmpty()) {
          segments.add(current.stream().mapToInt(Integer::intValue).toArray());
          current.clear();
        }
        anchoredEnd = false;
      } else if (codePoint == '_') {
        prefix = prefix == null ? currentBytes(segments, current) : prefix;
        current.add(ANY_CHARACTER);
      } else {
        addLiteral(current, codePoint);
      }
    }
    if (!current.isEmpty()) {
      segments.add(current.stream().mapToInt(Integer::intValue).toArray());
    }
    if (prefix == null) {
      prefix = segments.isEmpty() ? new byte[0] : bytes(segments.get(0));
    }
    return new LikePattern(List.copyOf(segments), anchoredStart, anchoredEnd, prefix);
  }

  /** The pattern of {@code starts_with(value, prefix)}. */
  public static LikePattern prefix(byte[] prefix) {
    int[] tokens = new int[prefix.length];
    for (int i = 0; i < prefix.length; i++) {
      tokens[i] = prefix[i] & 0xFF;
    }
    return new LikePattern(prefix.length == 0 ? List.of() : List.<int[]>of(tokens), true, false, prefix);
  }

  private static byte[] currentBytes(List<int[]> segments, List<Integer> current) {
    // the literal bytes before the first wildcard: only when no segment was closed before it
    return segments.isEmpty() ? bytes(current.stream().mapToInt(Integer::intValue).toArray()) : new byte[0];
  }

  private static void addLiteral(List<Integer> tokens, int codePoint) {
    for (byte value : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
      tokens.add(value & 0xFF);
    }
  }

  private static byte[] bytes(int[] tokens) {
    byte[] result = new byte[tokens.length];
    for (int i = 0; i < tokens.length; i++) {
      result[i] = (byte) tokens[i];
    }
    return result;
  }

  public Shape shape() {
    return shape;
  }

  /** The segment's bytes for EXACT, PREFIX, SUFFIX and CONTAINS shapes (empty for an empty EXACT). */
  public byte[] literal() {
    return literal == null ? new byte[0] : literal;
  }

  /** Bytes every match starts with. */
  public byte[] literalPrefix() {
    return literalPrefix;
  }

  /** Whether {@code value[0, length)} matches. */
  public boolean matches(byte[] value, int length) {
    return switch (shape) {
      case EVERYTHING -> true;
      case EXACT -> Arrays.equals(value, 0, length, literal(), 0, literal().length);
      case PREFIX -> length >= literal.length && Arrays.equals(value, 0, literal.length, literal, 0, literal.length);
      case SUFFIX -> length >= literal.length
          && Arrays.equals(value, length - literal.length, length, literal, 0, literal.length);
      case CONTAINS -> indexOf(value, length, literal, 0) >= 0;
      case GENERAL -> matchesGeneral(value, length);
    };
  }

  private boolean matchesGeneral(byte[] value, int length) {
    int position = 0;
    int first = 0;
    int last = segments.size() - 1;
    if (anchoredStart) {
      position = matchAt(segments.get(0), value, 0, length);
      if (position < 0) {
        return false;
      }
      first = 1;
      if (last == 0 && anchoredEnd) {
        return position == length;
      }
    }
    return matchesSegments(value, first, position, length);
  }

  /** Whether segments {@code first..} match {@code value[position, end)} in order (the last at the end if anchored). */
  private boolean matchesSegments(byte[] value, int first, int from, int end) {
    int position = from;
    int last = segments.size() - 1;
    int middleEnd = anchoredEnd ? last - 1 : last;
    for (int k = first; k <= middleEnd; k++) {
      byte[] literalSegment = literalSegments[k];
      if (literalSegment != null) {
        // a literal starts with a whole character's first byte: where it is found is a character boundary
        int found = indexOf(value, end, literalSegment, position);
        position = found < 0 ? -1 : found + literalSegment.length;
      } else {
        position = findLeftmost(segments.get(k), value, position, end);
      }
      if (position < 0) {
        return false;
      }
    }
    if (anchoredEnd && last >= first) {
      for (int start = position; start <= end; start++) {
        if (isBoundary(value, start, end) && matchAt(segments.get(last), value, start, end) == end) {
          return true;
        }
      }
      return false;
    }
    return true;
  }

  /**
   * Whether a value matches exactly when it contains {@link #firstLiteral} and the rest of the pattern matches after
   * its leftmost occurrence ({@link #matchesAfterFirst}): CONTAINS, and GENERAL patterns not anchored at the start
   * whose first segment has no {@code _} ({@code '%special%requests%'}). A filter can then search the bytes of many
   * values at once for that literal and test the rest only where it occurs.
   */
  public boolean searchesFirstLiteral() {
    return (shape == Shape.CONTAINS || shape == Shape.GENERAL) && !anchoredStart && literalSegments[0] != null;
  }

  /** The first segment's bytes (when {@link #searchesFirstLiteral}). */
  public byte[] firstLiteral() {
    return literalSegments[0].clone();
  }

  /**
   * Where {@link #firstLiteral} first occurs in {@code bytes[from, end)} (wholly inside it), or -1; {@code bytes} may
   * hold many values one after another.
   */
  public int indexOfFirstLiteral(byte[] bytes, int from, int end) {
    return indexOf(bytes, end, literalSegments[0], from);
  }

  /**
   * Whether the value {@code bytes[?, end)} matches, given that its leftmost occurrence of {@link #firstLiteral}
   * starts at {@code found} (when {@link #searchesFirstLiteral}; the value's own start does not matter then).
   */
  public boolean matchesAfterFirst(byte[] bytes, int found, int end) {
    return segments.size() == 1 || matchesSegments(bytes, 1, found + literalSegments[0].length, end);
  }

  private static int findLeftmost(int[] segment, byte[] value, int from, int length) {
    for (int start = from; start <= length; start++) {
      if (isBoundary(value, start, length)) {
        int end = matchAt(segment, value, start, length);
        if (end >= 0) {
          return end;
        }
      }
    }
    return -1;
  }

  private static boolean isBoundary(byte[] value, int position, int length) {
    return position >= length || (value[position] & 0xC0) != 0x80;
  }

  /** Where the segment ends when it matches at {@code start}, or -1. */
  private static int matchAt(int[] segment, byte[] value, int start, int length) {
    int position = start;
    for (int token : segment) {
      if (position >= length) {
        return -1;
      }
      if (token == ANY_CHARACTER) {
        position += characterLength(value[position]);
        if (position > length) {
          return -1;
        }
      } else if ((value[position++] & 0xFF) != token) {
        return -1;
      }
    }
    return position;
  }

  private static int characterLength(byte lead) {
    if ((lead & 0x80) == 0) {
      return 1;
    }
    if ((lead & 0xE0) == 0xC0) {
      return 2;
    }
    if ((lead & 0xF0) == 0xE0) {
      return 3;
    }
    return (lead & 0xF8) == 0xF0 ? 4 : 1;
  }

  /** Whether {@link #indexOf} skips positions a vector at a time ({@link VectorSearch}). */
  private static final boolean VECTOR_SEARCH = Simd.enabled();

  static int indexOf(byte[] value, int length, byte[] needle, int from) {
    if (needle.length == 0) {
      return from;
    }
    // candidates by their first and last byte, then the bytes between compared in place (short needles:
    // cheaper than a bulk comparison's set-up at every candidate)
    int size = needle.length;
    byte first = needle[0];
    byte last = needle[size - 1];
    int lastStart = length - size;
    int position = Math.max(from, 0);
    while (position <= lastStart) {
      int end = lastStart;
      if (VECTOR_SEARCH && lastStart - position + 1 >= VectorSearch.LANES) {
        int block = VectorSearch.candidateBlock(value, position, lastStart, first, needle[size >= 3 ? 1 : 0], last,
            size);
        if (block < 0) {
          return -1;
        }
        // the last block may overlap the one before: its starts before position were checked already
        position = Math.max(position, block);
        end = Math.min(lastStart, block + VectorSearch.LANES - 1);
      }
      for (int start = position; start <= end; start++) {
        if (value[start] == first && value[start + size - 1] == last) {
          int i = 1;
          while (i < size - 1 && value[start + i] == needle[i]) {
            i++;
          }
          if (i >= size - 1) {
            return start;
          }
        }
      }
      position = end + 1;
    }
    return -1;
  }
}
