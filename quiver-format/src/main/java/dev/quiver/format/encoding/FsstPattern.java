package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A string predicate compiled to a deterministic automaton over bytes, independent of any symbol
 * table: compile it once per query, then {@link FsstStrings#compile} turns it into a table over one
 * segment's codes. Semantics are SQL LIKE on UTF-8 bytes as {@code quiver-expression}'s
 * {@code LikePattern} defines them: {@code _} is one character (a lead byte and the continuation
 * bytes its value announces, or one byte when it announces none), {@code %} any bytes, and the part
 * of a pattern after a {@code %} starts only at a character boundary (a byte that is not
 * {@code 10xxxxxx}, or the end).
 *
 * <p>Built by subset construction over the pattern's positions; a pattern whose automaton would
 * exceed {@link #MAXIMUM_STATES} states (long runs of {@code _} after {@code %}, or patterns of
 * thousands of bytes) is not compiled: the factories return null and the caller decodes instead.
 * Immutable and thread-safe.
 */
public final class FsstPattern {
  /** Most automaton states; each costs 1 KiB in a matcher's code table. */
  public static final int MAXIMUM_STATES = 2048;

  private static final int LITERAL = 0;
  private static final int ANY_CHARACTER = 1;
  private static final int ANY_STRING = 2;
  /** NFA states per pattern element: before it, before it at a boundary, 1-3 bytes of a character left. */
  private static final int STATES_PER_ELEMENT = 5;

  /** Next state per (state, byte): {@code next[state * 256 + byte]}; state 0 is the start. */
  final int[] next;
  final boolean[] accepting;
  /** States that decide the row: no accepting state is reachable, or every reachable one accepts. */
  final boolean[] decided;
  final int states;
  private final String text;

  private FsstPattern(int[] next, boolean[] accepting, boolean[] decided, int states, String text) {
    this.next = next;
    this.accepting = accepting;
    this.decided = decided;
    this.states = states;
    this.text = text;
  }

  /**
   * SQL {@code value LIKE pattern [ESCAPE escape]}; null when the automaton would be too large.
   *
   * @throws QuiverException USER when the escape character ends the pattern
   */
  public static FsstPattern like(String pattern, Character escape) {
    List<int[]> elements = new ArrayList<>();
    for (int index = 0; index < pattern.length();) {
      int codePoint = pattern.codePointAt(index);
      index += Character.charCount(codePoint);
      if (escape != null && codePoint == escape) {
        if (index >= pattern.length()) {
          throw QuiverException.user("LIKE pattern '" + pattern + "' ends with its escape character");
        }
        codePoint = pattern.codePointAt(index);
        index += Character.charCount(codePoint);
        addLiteral(elements, codePoint);
      } else if (codePoint == '%') {
        if (elements.isEmpty() || elements.get(elements.size() - 1)[0] != ANY_STRING) {
          elements.add(new int[] {ANY_STRING, 0});
        }
      } else if (codePoint == '_') {
        elements.add(new int[] {ANY_CHARACTER, 0});
      } else {
        addLiteral(elements, codePoint);
      }
    }
    return build(elements, "LIKE '" + pattern + "'");
  }

  /** {@code value = literal}; null when too long for the automaton. */
  public static FsstPattern equalTo(byte[] literal) {
    return build(literals(literal, false), "= " + literal.length + " bytes");
  }

  /** {@code starts_with(value, prefix)}; null when too long for the automaton. */
  public static FsstPattern prefix(byte[] prefix) {
    return build(literals(prefix, true), "starts with " + prefix.length + " bytes");
  }

  /**
   * {@code value LIKE '%needle%'}: the automaton of a substring search (a KMP automaton), whose
   * accepting state decides the row at once; null when too long.
   */
  public static FsstPattern contains(byte[] needle) {
    List<int[]> elements = new ArrayList<>();
    elements.add(new int[] {ANY_STRING, 0});
    elements.addAll(literals(needle, true));
    return build(elements, "contains " + needle.length + " bytes");
  }

  private static List<int[]> literals(byte[] bytes, boolean thenAnything) {
    List<int[]> elements = new ArrayList<>();
    for (byte value : bytes) {
      elements.add(new int[] {LITERAL, value & 0xFF});
    }
    if (thenAnything) {
      elements.add(new int[] {ANY_STRING, 0});
    }
    return elements;
  }

  private static void addLiteral(List<int[]> elements, int codePoint) {
    for (byte value : new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8)) {
      elements.add(new int[] {LITERAL, value & 0xFF});
    }
  }

  /** Number of automaton states. */
  public int states() {
    return states;
  }

  @Override
  public String toString() {
    return text + " (" + states + " states)";
  }

  private static int characterLength(int lead) {
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

  private static FsstPattern build(List<int[]> elements, String text) {
    int count = elements.size();
    int nfaStates = STATES_PER_ELEMENT * (count + 1);
    Map<BitSet, Integer> ids = new HashMap<>();
    List<BitSet> subsets = new ArrayList<>();
    BitSet start = new BitSet(nfaStates);
    start.set(0);
    close(start, elements);
    ids.put(start, 0);
    subsets.add(start);
    int[] next = new int[256 * 16];
    for (int state = 0; state < subsets.size(); state++) {
      BitSet from = subsets.get(state);
      for (int value = 0; value < 256; value++) {
        BitSet to = step(from, value, elements, nfaStates);
        Integer id = ids.get(to);
        if (id == null) {
          if (subsets.size() >= MAXIMUM_STATES) {
            return null;
          }
          id = subsets.size();
          ids.put(to, id);
          subsets.add(to);
        }
        if (next.length < (state + 1) * 256) {
          next = Arrays.copyOf(next, Math.max(next.length * 2, (state + 1) * 256));
        }
        next[state * 256 + value] = id;
      }
    }
    int states = subsets.size();
    boolean[] accepting = new boolean[states];
    for (int state = 0; state < states; state++) {
      BitSet subset = subsets.get(state);
      accepting[state] = subset.get(STATES_PER_ELEMENT * count) || subset.get(STATES_PER_ELEMENT * count + 1);
    }
    return new FsstPattern(Arrays.copyOf(next, states * 256), accepting, decided(next, accepting, states),
        states, text);
  }

  /** Adds what is reachable without reading: past a {@code %} (at a boundary only). */
  private static void close(BitSet subset, List<int[]> elements) {
    for (int element = 0; element < elements.size(); element++) {
      int base = STATES_PER_ELEMENT * element;
      if (elements.get(element)[0] == ANY_STRING && (subset.get(base) || subset.get(base + 1))) {
        subset.set(base);
        subset.clear(base + 1);
        subset.set(base + STATES_PER_ELEMENT + 1);
      }
    }
  }

  private static BitSet step(BitSet from, int value, List<int[]> elements, int nfaStates) {
    BitSet to = new BitSet(nfaStates);
    boolean continuation = (value & 0xC0) == 0x80;
    for (int state = from.nextSetBit(0); state >= 0; state = from.nextSetBit(state + 1)) {
      int element = state / STATES_PER_ELEMENT;
      int sub = state % STATES_PER_ELEMENT;
      if (element == elements.size()) {
        continue;
      }
      int after = STATES_PER_ELEMENT * (element + 1);
      if (sub >= 2) { // inside a character of a _: sub - 1 bytes left
        to.set(sub == 2 ? after : state - 1);
        continue;
      }
      int[] token = elements.get(element);
      if (sub == 1 && continuation && token[0] == ANY_CHARACTER) {
        continue; // a _ right after % starts at a boundary (a literal from a pattern starts with a lead byte anyway)
      }
      switch (token[0]) {
        case LITERAL:
          if (token[1] == value) {
            to.set(after);
          }
          break;
        case ANY_CHARACTER: {
          int length = characterLength(value);
          to.set(length == 1 ? after : STATES_PER_ELEMENT * element + length); // length - 1 bytes left
          break;
        }
        default:
          to.set(STATES_PER_ELEMENT * element);
          break;
      }
    }
    close(to, elements);
    return to;
  }

  /** Dead states (no accepting state reachable) and sure states (every reachable state accepts). */
  private static boolean[] decided(int[] next, boolean[] accepting, int states) {
    boolean[] live = accepting.clone();
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int state = 0; state < states; state++) {
        if (!live[state]) {
          for (int value = 0; value < 256; value++) {
            if (live[next[state * 256 + value]]) {
              live[state] = true;
              changed = true;
              break;
            }
          }
        }
      }
    }
    boolean[] sure = accepting.clone();
    changed = true;
    while (changed) {
      changed = false;
      for (int state = 0; state < states; state++) {
        if (sure[state]) {
          for (int value = 0; value < 256; value++) {
            if (!sure[next[state * 256 + value]]) {
              sure[state] = false;
              changed = true;
              break;
            }
          }
        }
      }
    }
    boolean[] decided = new boolean[states];
    for (int state = 0; state < states; state++) {
      decided[state] = !live[state] || sure[state];
    }
    return decided;
  }
}
