package dev.quiver.format.encoding;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A {@link FsstPattern} applied to one segment's codes without decompressing them: a table of
 * (state, code) to state, each symbol's bytes run through the pattern's automaton once at compile
 * time; an escape steps the automaton by its literal byte. A row stops being read as soon as its
 * state decides it (no match possible, or every continuation matches, as after the needle of
 * {@code %needle%}). NULL rows never match, nor pass a negated match.
 *
 * <p>Valid while its {@link FsstStrings} is open. It keeps no state between calls, so several
 * threads may call it at once.
 */
public final class FsstMatcher {
  private final FsstStrings strings;
  private final int[] codeNext;
  private final int[] byteNext;
  private final boolean[] accepting;
  private final boolean[] decided;

  FsstMatcher(FsstStrings strings, FsstPattern pattern, FsstSymbolTable table) {
    this.strings = strings;
    this.byteNext = pattern.next;
    this.accepting = pattern.accepting;
    this.decided = pattern.decided;
    int states = pattern.states;
    this.codeNext = new int[states * 256];
    for (int state = 0; state < states; state++) {
      for (int code = 0; code < table.count; code++) {
        int current = state;
        long symbol = table.symbols[code];
        for (int i = 0; i < table.lengths[code]; i++) {
          current = byteNext[current * 256 + (int) ((symbol >>> (8 * i)) & 0xFF)];
        }
        codeNext[state * 256 + code] = current;
      }
    }
  }

  /**
   * Writes to {@code positionsOut} the rows of {@code [fromRow, fromRow + count)} that match, as
   * offsets from {@code fromRow}, ascending, and returns how many. {@code positionsOut} must hold
   * {@code count} entries.
   *
   * @throws IllegalArgumentException when the rows are outside the segment or the array is short
   */
  public int match(int fromRow, int count, int[] positionsOut) {
    return match(fromRow, count, positionsOut, false);
  }

  /**
   * {@link #match(int, int, int[])}, or with {@code negated} the rows that are not NULL and do not match
   * ({@code NOT LIKE}).
   */
  public int match(int fromRow, int count, int[] positionsOut, boolean negated) {
    strings.checkRange(fromRow, count);
    if (positionsOut.length < count) {
      throw new IllegalArgumentException("positionsOut holds " + positionsOut.length + " rows, not " + count);
    }
    long offsets = strings.codeOffsetsAddress();
    long codes = strings.codesAddress();
    long validity = strings.validityAddress();
    int found = 0;
    int[] codeTable = codeNext;
    int[] byteTable = byteNext;
    boolean[] stop = decided;
    for (int i = 0; i < count; i++) {
      int row = fromRow + i;
      if (validity != 0 && (MemoryUtil.getByte(validity + (row >>> 3)) & (1 << (row & 7))) == 0) {
        continue;
      }
      long position = codes + MemoryUtil.getInt(offsets + 4L * row);
      long end = codes + MemoryUtil.getInt(offsets + 4L * row + 4);
      int state = 0;
      while (position < end && !stop[state]) {
        int code = MemoryUtil.getByte(position) & 0xFF;
        if (code == FsstSymbolTable.ESCAPE) {
          state = byteTable[(state << 8) | (MemoryUtil.getByte(position + 1) & 0xFF)];
          position += 2;
        } else {
          state = codeTable[(state << 8) | code];
          position++;
        }
      }
      if (accepting[state] != negated) {
        positionsOut[found++] = i;
      }
    }
    return found;
  }
}
