package dev.quiver.scan.execution;

import dev.quiver.common.concurrent.Failures;
import dev.quiver.common.metrics.Counter;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.expression.filter.RawInterval;
import dev.quiver.format.encoding.EncodedIntegers;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.ColumnPieces;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * A scan filter answered on encoded integer segments: when the whole filter is an AND of interval/IN
 * conditions on integer-like columns ({@link FilterEvaluator#rawIntervals}), each filter column's
 * segment is read (not decoded) and evaluated per encoding node into a row bitmap ({@link
 * EncodedIntegers#select}); the bitmaps of the conditions and columns are ANDed. The first segment that
 * cannot be evaluated so (a decimal not stored scaled, a dictionary layout) turns the path off for the
 * rest of the scan, and its range is evaluated the usual way: the answer never depends on the path.
 * Decoding for the projection is untouched (a projected filter column still decodes once, shared).
 * Thread-safe: one instance per scan, shared by its split threads.
 */
final class EncodedFilter {
  /**
   * Whether such filters are evaluated on encoded segments: {@code -Dquiver.scan.encodedFilters=false}
   * decodes first, for comparison. Read when a scan opens.
   */
  static boolean enabled() {
    return Boolean.parseBoolean(System.getProperty("quiver.scan.encodedFilters", "true"));
  }

  /** One filter column: its touched index, field and conditions. */
  private record Column(int touched, Field field, List<RawInterval> conditions) {}

  /** One filter column's segment of one file. */
  private record SegmentKey(int file, int segment, int column) {}

  /** Marks a segment that cannot be evaluated encoded. */
  private static final long[] NOT_ENCODABLE = new long[0];

  private final ScanPlan plan;
  private final DecodeRegistry decodes;
  private final List<Column> columns;
  private final Counter segmentsFiltered;
  private volatile boolean unavailable;
  /**
   * Each segment's rows passing its column's conditions, evaluated once for all the splits that read it
   * (a segment can span several splits) and dropped when the last of them is done.
   */
  private final Map<SegmentKey, CompletableFuture<long[]>> results = new ConcurrentHashMap<>();
  /** Splits still to finish per segment. */
  private final Map<SegmentKey, AtomicInteger> readers = new HashMap<>();
  private final List<List<SegmentKey>> keysBySplit = new ArrayList<>();

  private EncodedFilter(ScanPlan plan, DecodeRegistry decodes, List<Column> columns, Counter segmentsFiltered) {
    this.plan = plan;
    this.decodes = decodes;
    this.columns = columns;
    this.segmentsFiltered = segmentsFiltered;
    for (Split split : plan.splits()) {
      Set<SegmentKey> keys = new LinkedHashSet<>();
      for (int c = 0; c < columns.size(); c++) {
        for (ChunkPiece piece : plan.pieces(split).get(columns.get(c).touched())) {
          keys.add(key(split, piece, c));
        }
      }
      for (SegmentKey key : keys) {
        readers.computeIfAbsent(key, ignored -> new AtomicInteger()).incrementAndGet();
      }
      keysBySplit.add(List.copyOf(keys));
    }
  }

  private SegmentKey key(Split split, ChunkPiece piece, int column) {
    return new SegmentKey(plan.fileIndex(split), piece.data().segment(), column);
  }

  /** The split is done: drops the results of segments no other split still reads. */
  void release(Split split) {
    for (SegmentKey key : keysBySplit.get(split.index())) {
      if (readers.get(key).decrementAndGet() == 0) {
        results.remove(key);
      }
    }
  }

  /** The encoded form of a scan's filter, or null when it has none (or the switch is off). */
  static EncodedFilter of(ScanPlan plan, DecodeRegistry decodes, FilterEvaluator filter, Counter segmentsFiltered) {
    if (!enabled() || filter == null) {
      return null;
    }
    List<RawInterval> intervals = filter.rawIntervals();
    if (intervals == null || intervals.isEmpty()) {
      return null;
    }
    Map<String, List<RawInterval>> byColumn = new LinkedHashMap<>();
    for (RawInterval interval : intervals) {
      byColumn.computeIfAbsent(interval.column(), ignored -> new ArrayList<>()).add(interval);
    }
    List<Column> columns = new ArrayList<>();
    for (Map.Entry<String, List<RawInterval>> entry : byColumn.entrySet()) {
      int touched = plan.touchedColumns().indexOf(entry.getKey());
      Field field = plan.tableSchema().findField(entry.getKey());
      if (touched < 0 || field == null) {
        return null;
      }
      columns.add(new Column(touched, field, List.copyOf(entry.getValue())));
    }
    return new EncodedFilter(plan, decodes, List.copyOf(columns), segmentsFiltered);
  }

  /** Whether the path is still on (no segment has refused it). */
  boolean available() {
    return !unavailable;
  }

  /**
   * Adds the rows of {@code [start, end)} that pass to {@code selection}; false (nothing added) when a
   * segment cannot be evaluated encoded, the caller then evaluating the range the usual way.
   */
  boolean select(Split split, long start, long end, RowSelection selection) throws IOException {
    List<List<ChunkPiece>> pieces = new ArrayList<>(columns.size());
    for (Column column : columns) {
      List<ChunkPiece> overlapping = ColumnPieces.overlapping(plan.pieces(split).get(column.touched()), start, end);
      for (ChunkPiece piece : overlapping) {
        if (piece.dictionary() != null) {
          return false;
        }
      }
      pieces.add(overlapping);
    }
    int length = (int) (end - start);
    long[] passed = null;
    for (int c = 0; c < columns.size(); c++) {
      long[] bits = new long[words(length)];
      for (ChunkPiece piece : pieces.get(c)) {
        if (!selectPiece(split, c, piece, start, end, bits)) {
          unavailable = true;
          return false;
        }
      }
      if (passed == null) {
        passed = bits;
      } else {
        for (int w = 0; w < passed.length; w++) {
          passed[w] &= bits[w];
        }
      }
    }
    addRuns(passed, length, start, selection);
    return true;
  }

  /** ORs the rows of {@code piece} inside {@code [start, end)} that pass every condition of the column into {@code bits}. */
  private boolean selectPiece(Split split, int column, ChunkPiece piece, long start, long end, long[] bits)
      throws IOException {
    long[] pieceBits = pieceResult(split, column, piece);
    if (pieceBits == NOT_ENCODABLE) {
      return false;
    }
    long from = Math.max(piece.start(), start);
    long to = Math.min(piece.end(), end);
    orBits(pieceBits, from - piece.start(), bits, from - start, to - from);
    return true;
  }

  /** The piece's passing rows, evaluated by the first split that needs them and shared with the others. */
  private long[] pieceResult(Split split, int column, ChunkPiece piece) throws IOException {
    SegmentKey key = key(split, piece, column);
    CompletableFuture<long[]> mine = new CompletableFuture<>();
    CompletableFuture<long[]> existing = results.putIfAbsent(key, mine);
    if (existing != null) {
      try {
        return existing.join();
      } catch (CompletionException failed) {
        throw Failures.rethrow(failed);
      }
    }
    try {
      long[] evaluated = evaluate(split, columns.get(column), piece);
      mine.complete(evaluated);
      return evaluated;
    } catch (IOException | RuntimeException | Error failure) {
      mine.completeExceptionally(failure);
      throw failure;
    }
  }

  private long[] evaluate(Split split, Column column, ChunkPiece piece) throws IOException {
    String name = plan.touchedColumns().get(column.touched());
    try (EncodedIntegers integers = decodes.openIntegers(split, piece.data(), column.field(), name)) {
      if (integers == null) {
        return NOT_ENCODABLE;
      }
      segmentsFiltered.increment();
      long[] pieceBits = new long[words(integers.rows())];
      long[] condition = column.conditions().size() > 1 ? new long[pieceBits.length] : pieceBits;
      for (int k = 0; k < column.conditions().size(); k++) {
        RawInterval interval = column.conditions().get(k);
        integers.select(interval.lower(), interval.upper(), interval.negated(), interval.members(),
            k == 0 ? pieceBits : condition);
        if (k > 0) {
          for (int w = 0; w < pieceBits.length; w++) {
            pieceBits[w] &= condition[w];
          }
        }
      }
      return pieceBits;
    }
  }

  /** ORs bits {@code [from, from + count)} of {@code source} into {@code target} at bit {@code to}, a word at a time. */
  static void orBits(long[] source, long from, long[] target, long to, long count) {
    for (long done = 0; done < count; done += 64) {
      int length = (int) Math.min(64, count - done);
      long word = bitsAt(source, from + done);
      if (length < 64) {
        word &= (1L << length) - 1;
      }
      long at = to + done;
      int index = (int) (at >>> 6);
      int shift = (int) (at & 63);
      target[index] |= word << shift;
      if (shift != 0 && index + 1 < target.length) {
        target[index + 1] |= word >>> (64 - shift);
      }
    }
  }

  /** The 64 bits of {@code bits} from bit {@code at} (zeros past its end). */
  private static long bitsAt(long[] bits, long at) {
    int index = (int) (at >>> 6);
    int shift = (int) (at & 63);
    long low = index < bits.length ? bits[index] >>> shift : 0;
    if (shift == 0 || index + 1 >= bits.length) {
      return low;
    }
    return low | bits[index + 1] << (64 - shift);
  }

  /** Adds the set bits of {@code bits} (rows {@code start + i}, {@code i < length}) as runs. */
  private static void addRuns(long[] bits, int length, long start, RowSelection selection) {
    int i = 0;
    while (i < length) {
      int word = i >>> 6;
      long remaining = bits[word] & (-1L << i);
      if (remaining == 0) {
        i = (word + 1) << 6;
        continue;
      }
      int runStart = (word << 6) + Long.numberOfTrailingZeros(remaining);
      int runEnd = runStart;
      while (runEnd < length) {
        int w = runEnd >>> 6;
        long clear = ~bits[w] & (-1L << runEnd);
        if (clear != 0) {
          runEnd = Math.min(length, (w << 6) + Long.numberOfTrailingZeros(clear));
          break;
        }
        runEnd = (w + 1) << 6;
      }
      runEnd = Math.min(runEnd, length);
      selection.addRun(start + runStart, start + runEnd);
      i = runEnd;
    }
  }

  private static int words(long rows) {
    return (int) ((rows + 63) >>> 6);
  }
}
