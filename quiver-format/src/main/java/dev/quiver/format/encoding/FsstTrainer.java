package dev.quiver.format.encoding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Builds an FSST symbol table from a sample of a binary column, in the paper's generations
 * (Boncz, Neumann, Leis, VLDB 2020): compress the sample with the current table, count how often
 * each symbol (and each escaped byte) occurs and how often each pair occurs back to back, then keep
 * the {@link FsstSymbolTable#MAXIMUM_SYMBOLS} candidates (symbols, bytes, and pairs concatenated up to
 * 8 bytes) that cover the most sample bytes. Deterministic: the sample's rows are picked with a
 * fixed seed.
 */
final class FsstTrainer {
  private FsstTrainer() {}

  /** Bytes of sample the generations compress. */
  static final int SAMPLE_BYTES = 1 << 15;
  /** Longest piece one row adds to the sample. */
  private static final int PIECE_BYTES = 512;
  private static final int GENERATIONS = 5;
  private static final long SAMPLE_SEED = 0x5f5375L;
  /** Training ids: 0..254 symbols of the current table, 256 + b the escaped byte b. */
  private static final int IDS = 512;

  /**
   * A trained table and what it made of its own training sample: {@code sampleCodes} code bytes
   * for {@code sampleBytes} bytes (a flattering ratio: the table was fitted to those bytes).
   */
  record Trained(FsstSymbolTable table, long sampleBytes, long sampleCodes) {
    /** Code bytes per data byte on the training sample (1 for an empty sample). */
    double sampleRatio() {
      return sampleBytes == 0 ? 1 : (double) sampleCodes / sampleBytes;
    }
  }

  static FsstSymbolTable train(BinaryColumn column) {
    return trainMeasured(column).table();
  }

  /** {@link #train}, with the table's codes on the training sample counted. */
  static Trained trainMeasured(BinaryColumn column) {
    byte[] sample = new byte[Math.min(SAMPLE_BYTES, column.dataLength()) + PIECE_BYTES];
    List<int[]> pieces = new ArrayList<>();
    int filled = pickSample(column, sample, pieces);
    FsstSymbolTable table = new FsstSymbolTable(new long[0], new int[0], 0);
    if (filled == 0) {
      return new Trained(table, 0, 0);
    }
    for (int generation = 0; generation < GENERATIONS; generation++) {
      table = nextGeneration(table, sample, pieces, generation == GENERATIONS - 1);
    }
    return new Trained(table, filled, codeBytes(table, sample, pieces));
  }

  /** The code bytes {@code table} makes of the sample's pieces (a symbol one, an escaped byte two). */
  private static long codeBytes(FsstSymbolTable table, byte[] sample, List<int[]> pieces) {
    long codes = 0;
    for (int[] piece : pieces) {
      int position = piece[0];
      int end = piece[1];
      while (position < end) {
        int code = table.longestMatch(FsstSymbolTable.word(sample, position, end), end - position);
        if (code >= 0) {
          codes++;
          position += table.lengths[code];
        } else {
          codes += 2;
          position++;
        }
      }
    }
    return codes;
  }

  /** Pieces of rows (at most {@link #PIECE_BYTES} each) copied into {@code sample} until it is full. */
  private static int pickSample(BinaryColumn column, byte[] sample, List<int[]> pieces) {
    int rows = column.rows();
    int limit = sample.length - PIECE_BYTES;
    int filled = 0;
    if (column.dataLength() <= limit) {
      for (int row = 0; row < rows; row++) {
        filled = addPiece(column, row, 0, column.length(row), sample, filled, pieces);
      }
      return filled;
    }
    SplittableRandom random = new SplittableRandom(SAMPLE_SEED);
    for (int attempt = 0; filled < limit && attempt < 16 * rows + 64; attempt++) {
      int row = random.nextInt(rows);
      int length = column.length(row);
      if (length == 0) {
        continue;
      }
      int start = length <= PIECE_BYTES ? 0 : random.nextInt(length - PIECE_BYTES + 1);
      filled = addPiece(column, row, start, Math.min(length, PIECE_BYTES), sample, filled, pieces);
    }
    return filled;
  }

  private static int addPiece(BinaryColumn column, int row, int from, int length, byte[] sample, int filled,
      List<int[]> pieces) {
    if (length == 0) {
      return filled;
    }
    System.arraycopy(column.data(), column.start(row) + from, sample, filled, length);
    pieces.add(new int[] {filled, filled + length});
    return filled + length;
  }

  private static FsstSymbolTable nextGeneration(FsstSymbolTable table, byte[] sample, List<int[]> pieces,
      boolean last) {
    int[] single = new int[IDS];
    int[] pairs = new int[IDS * IDS];
    long[] idSymbol = new long[IDS];
    int[] idLength = new int[IDS];
    for (int code = 0; code < table.count; code++) {
      idSymbol[code] = table.symbols[code];
      idLength[code] = table.lengths[code];
    }
    for (int b = 0; b < 256; b++) {
      idSymbol[256 + b] = b;
      idLength[256 + b] = 1;
    }
    for (int[] piece : pieces) {
      int position = piece[0];
      int end = piece[1];
      int previous = -1;
      while (position < end) {
        long word = FsstSymbolTable.word(sample, position, end);
        int code = table.longestMatch(word, end - position);
        int id = code >= 0 ? code : 256 + ((int) word & 0xFF);
        single[id]++;
        if (previous >= 0) {
          pairs[previous * IDS + id]++;
        }
        previous = id;
        position += idLength[id];
      }
    }
    Map<Long, long[]> gains = new HashMap<>();
    for (int id = 0; id < IDS; id++) {
      if (single[id] == 0) {
        continue;
      }
      addGain(gains, idSymbol[id], idLength[id], (long) idLength[id] * single[id]);
      if (last) {
        continue;
      }
      for (int next = 0; next < IDS; next++) {
        int together = pairs[id * IDS + next];
        if (together > 0) {
          int length = Math.min(FsstSymbolTable.MAXIMUM_SYMBOL_LENGTH, idLength[id] + idLength[next]);
          long symbol = (idSymbol[id] | (idSymbol[next] << (8 * idLength[id]))) & FsstSymbolTable.mask(length);
          addGain(gains, symbol, length, (long) length * together);
        }
      }
    }
    List<long[]> candidates = new ArrayList<>(gains.values());
    candidates.sort((a, b) -> a[2] != b[2] ? Long.compare(b[2], a[2])
        : a[1] != b[1] ? Long.compare(b[1], a[1]) : Long.compare(a[0], b[0]));
    int count = Math.min(FsstSymbolTable.MAXIMUM_SYMBOLS, candidates.size());
    long[] symbols = new long[count];
    int[] lengths = new int[count];
    for (int i = 0; i < count; i++) {
      symbols[i] = candidates.get(i)[0];
      lengths[i] = (int) candidates.get(i)[1];
    }
    return new FsstSymbolTable(symbols, lengths, count);
  }

  /** Adds {@code gain} to the candidate (symbol, length); values are {symbol, length, gain}. */
  private static void addGain(Map<Long, long[]> gains, long symbol, int length, long gain) {
    long key = symbol * 31 + length; // collisions only merge into the same entry if both match below
    long[] entry = gains.get(key);
    while (entry != null && (entry[0] != symbol || entry[1] != length)) {
      key++;
      entry = gains.get(key);
    }
    if (entry == null) {
      gains.put(key, new long[] {symbol, length, gain});
    } else {
      entry[2] += gain;
    }
  }
}
