package dev.quiver.scan.execution;

import dev.quiver.common.batch.Batch;
import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.batch.VectorGather;
import dev.quiver.common.batch.VectorSlices;
import dev.quiver.common.metrics.Counter;
import dev.quiver.expression.filter.ColumnSlice;
import dev.quiver.expression.filter.FilterEvaluator;
import dev.quiver.format.encoding.EncodedIntegers;
import dev.quiver.format.encoding.FsstMatcher;
import dev.quiver.format.encoding.FsstStrings;
import dev.quiver.format.encoding.IntegerSummary;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.decode.SharedDecode;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.ColumnPieces;
import dev.quiver.scan.plan.RowRange;
import dev.quiver.scan.plan.ScanPlan;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Runs one split: filter columns first (zone ranges proven all-true skip evaluation), then the
 * projection of the rows that passed, as a {@link Batch}: one run inside one chunk piece is a slice of
 * the shared decode (a dictionary column stays codes + values); several runs inside one piece per
 * column are slices of those pieces with a selection vector; rows across pieces are appended from
 * slices (up to a few runs) or copied row by row. Always releases the split's leases.
 * Thread-safe: one runner serves every split of a plan, on any thread ({@link ScanResult}'s pool, or
 * the caller's thread through {@link SplitReader}).
 */
final class SplitRunner {
  private static final int MAXIMUM_SLICED_RUNS = 8;
  /**
   * A selection is passed on (slices + selection vector) when at least 1 row in this many of its span
   * passed; a sparser one is gathered into compact vectors at once, so the chunks it came from are
   * freed when the split ends instead of when the consumer is done with a few of their rows (which
   * also keeps the allocator reusing warm memory for the next decodes).
   */
  private static final int DENSE_SELECTION = 4;

  private final ScanPlan plan;
  private final DecodeRegistry decodes;
  private final FilterEvaluator filter;
  private final BufferAllocator allocator;
  private final List<Integer> filterColumns = new ArrayList<>();
  private final Map<String, Integer> touchedIndex = new HashMap<>();
  /**
   * Whether a filter fsst codes can answer is matched on them ({@code
   * -Dquiver.scan.compressedFilters=false} decodes first, for comparison).
   */
  private static final boolean COMPRESSED_FILTERS = Boolean
      .parseBoolean(System.getProperty("quiver.scan.compressedFilters", "true"));
  private final CompressedFilter compressed;
  private final Counter compressedMatches;
  /** The filter answered on encoded integer segments, or null ({@link EncodedFilter}). */
  private final EncodedFilter encoded;
  /** Set when a segment of the filter's column is not fsst: the scan then decodes as usual. */
  private volatile boolean compressedUnavailable;
  /** Takes the rows of sparse selections from the encoded segments instead of decoding whole chunks. */
  private final LateMaterializer late;
  /** Segments {@link #summarize} summed on their encoding. */
  private final Counter encodedSummed;

  SplitRunner(ScanPlan plan, DecodeRegistry decodes, FilterEvaluator filter, BufferAllocator allocator,
      ScanMetrics metrics) {
    this.plan = plan;
    this.encoded = EncodedFilter.of(plan, decodes, filter, metrics.encodedFiltered);
    this.late = new LateMaterializer(decodes, allocator, metrics.segmentsTaken);
    this.compressedMatches = metrics.compressedMatches;
    this.encodedSummed = metrics.encodedSummed;
    this.compressed = COMPRESSED_FILTERS && filter != null ? CompressedFilter.of(filter.expression()) : null;
    this.decodes = decodes;
    this.filter = filter;
    this.allocator = allocator;
    for (int i = 0; i < plan.touchedColumns().size(); i++) {
      touchedIndex.put(plan.touchedColumns().get(i), i);
    }
    if (filter != null) {
      for (String column : filter.expression().columns()) {
        filterColumns.add(touchedIndex.get(column));
      }
    }
  }

  /** The split's rows as a batch owned by the caller, or null when no row passed. */
  Batch read(Split split) throws IOException {
    try {
      Set<SharedDecode> touched = new LinkedHashSet<>();
      RowSelection selection = select(split, touched);
      if (split.selectedRows() != null) {
        selection = selection.intersect(split.selectedRows());
      }
      if (selection.rowCount() == 0) {
        return null;
      }
      return project(split, selection, touched);
    } finally {
      if (encoded != null) {
        encoded.release(split);
      }
      decodes.release(split);
    }
  }

  /**
   * The split's selected rows summarized on the encoded segments of output columns {@code columns}
   * (count, exact sum, minimum, maximum per segment; a negative index asks for nothing), or its rows as
   * a batch when a segment of one of them is not integer-like or is a dictionary layout.
   */
  SplitSummary summarize(Split split, int[] columns) throws IOException {
    try {
      Set<SharedDecode> touched = new LinkedHashSet<>();
      RowSelection selection = select(split, touched);
      if (split.selectedRows() != null) {
        selection = selection.intersect(split.selectedRows());
      }
      List<List<IntegerSummary>> summaries = new ArrayList<>();
      for (int column : columns) {
        List<IntegerSummary> parts = column < 0 || selection.rowCount() == 0 ? List.of()
            : summarizeColumn(split, column, selection);
        if (parts == null) {
          return SplitSummary.rows(selection.rowCount() == 0 ? null : project(split, selection, touched));
        }
        summaries.add(parts);
      }
      return SplitSummary.summarized(selection.rowCount(), summaries);
    } finally {
      if (encoded != null) {
        encoded.release(split);
      }
      decodes.release(split);
    }
  }

  /** One summary per piece of {@code column} holding selected rows; null when a piece cannot be summarized. */
  private List<IntegerSummary> summarizeColumn(Split split, int column, RowSelection selection) throws IOException {
    Field field = plan.outputSchema().getFields().get(column);
    List<IntegerSummary> parts = new ArrayList<>();
    for (ChunkPiece piece : plan.pieces(split).get(column)) {
      if (!overlapsSelection(piece, selection)) {
        continue;
      }
      if (piece.dictionary() != null) {
        return null;
      }
      try (EncodedIntegers integers = decodes.openIntegers(split, piece.data(), field, field.getName())) {
        if (integers == null || integers.rows() != piece.rowCount()) {
          return null;
        }
        long[] bits = new long[(integers.rows() + 63) >>> 6];
        selection.bits(piece.start(), integers.rows(), bits);
        parts.add(integers.sum(bits));
        encodedSummed.increment();
      }
    }
    return parts;
  }

  private RowSelection select(Split split, Set<SharedDecode> touched) throws IOException {
    RowSelection selection = new RowSelection();
    for (RowRange range : split.ranges()) {
      if (filter == null || range.allMatch()) {
        selection.addRun(range.start(), range.end());
      } else if (!selectEncoded(split, range, selection)) {
        if (compressed == null || compressedUnavailable || piecesHaveLayoutDictionaries(split, range)) {
          selectRange(split, range.start(), range.end(), selection, touched);
        } else {
          selectCompressed(split, range, selection, touched);
        }
      }
    }
    return selection;
  }

  /** Whether the range was answered on the encoded integer segments ({@link EncodedFilter}). */
  private boolean selectEncoded(Split split, RowRange range, RowSelection selection) throws IOException {
    return encoded != null && encoded.available() && encoded.select(split, range.start(), range.end(), selection);
  }

  private boolean piecesHaveLayoutDictionaries(Split split, RowRange range) {
    for (ChunkPiece piece : ColumnPieces.overlapping(plan.pieces(split).get(filterColumns.get(0)), range.start(),
        range.end())) {
      if (piece.dictionary() != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The filter answered on fsst codes, piece by piece: the piece's segment is read (not decoded), its
   * codes matched, and only a segment that is not fsst is evaluated the usual way. The first such
   * segment turns the compressed path off for the rest of the scan.
   */
  private void selectCompressed(Split split, RowRange range, RowSelection selection, Set<SharedDecode> touched)
      throws IOException {
    String column = plan.touchedColumns().get(filterColumns.get(0));
    for (ChunkPiece piece : ColumnPieces.overlapping(plan.pieces(split).get(filterColumns.get(0)), range.start(),
        range.end())) {
      long from = Math.max(piece.start(), range.start());
      long to = Math.min(piece.end(), range.end());
      try (FsstStrings strings = compressedUnavailable ? null
          : decodes.openCompressedStrings(split, piece.data(), column)) {
        if (strings == null) {
          compressedUnavailable = true;
          selectRange(split, from, to, selection, touched);
          continue;
        }
        compressedMatches.increment();
        FsstMatcher matcher = strings.compile(compressed.pattern());
        int count = (int) (to - from);
        int[] positions = new int[count];
        int offset = (int) (from - piece.start());
        int matches = matcher.match(offset, count, positions, compressed.negated());
        for (int i = 0; i < matches; i++) {
          selection.addRow(from + positions[i]);
        }
      }
    }
  }

  private void selectRange(Split split, long start, long end, RowSelection selection, Set<SharedDecode> touched)
      throws IOException {
    List<List<ChunkPiece>> pieces = new ArrayList<>();
    TreeSet<Long> boundaries = new TreeSet<>(List.of(start, end));
    List<SharedDecode> wanted = new ArrayList<>();
    for (int column : filterColumns) {
      List<ChunkPiece> overlapping = ColumnPieces.overlapping(plan.pieces(split).get(column), start, end);
      pieces.add(overlapping);
      for (ChunkPiece piece : overlapping) {
        addBoundary(boundaries, piece.start(), start, end);
        addBoundary(boundaries, piece.end(), start, end);
        want(split, piece, touched, wanted);
      }
    }
    decodes.startAll(wanted);
    Long previous = null;
    for (long boundary : boundaries) {
      if (previous != null) {
        long from = previous;
        int count = (int) (boundary - from);
        Map<String, ColumnSlice> slices = new HashMap<>();
        for (int i = 0; i < filterColumns.size(); i++) {
          String name = plan.touchedColumns().get(filterColumns.get(i));
          slices.put(name, slice(split, pieceAt(pieces.get(i), from), from));
        }
        int[] passed = passedScratch(count);
        int matches = filter.evaluate(slices::get, count, passed);
        selection.addRows(from, passed, matches);
      }
      previous = boundary;
    }
  }

  /**
   * The calling thread's array for a range's passing positions, at least {@code count} long: a runner is shared by
   * the scan's threads, and a range of a split (tens of thousands of rows) would otherwise allocate one per range.
   */
  private static int[] passedScratch(int count) {
    int[] passed = PASSED.get();
    if (passed.length < count) {
      passed = new int[count];
      PASSED.set(passed);
    }
    return passed;
  }

  /** Per thread: the positions that passed a range's filter (see {@link #passedScratch}). */
  private static final ThreadLocal<int[]> PASSED = ThreadLocal.withInitial(() -> new int[0]);

  private static void addBoundary(Set<Long> boundaries, long row, long start, long end) {
    if (row > start && row < end) {
      boundaries.add(row);
    }
  }

  private void want(Split split, ChunkPiece piece, Set<SharedDecode> touched, List<SharedDecode> wanted) {
    SharedDecode data = decodes.entry(split, piece.data());
    if (touched.add(data)) {
      wanted.add(data);
    }
    if (piece.dictionary() != null) {
      SharedDecode values = decodes.entry(split, piece.dictionary());
      if (touched.add(values)) {
        wanted.add(values);
      }
    }
  }

  private ColumnSlice slice(Split split, ChunkPiece piece, long row) throws IOException {
    FieldVector data = decodes.vector(decodes.entry(split, piece.data()));
    int offset = (int) (row - piece.start());
    FieldVector values = dictionaryOf(split, piece);
    if (values == null) {
      return ColumnSlice.plain(data, offset);
    }
    return ColumnSlice.dictionary(values, (IntVector) data, offset);
  }

  /**
   * The dictionary of a piece whose data are codes: a dict layout's values segment, or the dictionary
   * of a string segment kept encoded; null when the data are the values.
   */
  private FieldVector dictionaryOf(Split split, ChunkPiece piece) throws IOException {
    if (piece.dictionary() != null) {
      return decodes.vector(decodes.entry(split, piece.dictionary()));
    }
    return decodes.dictionary(decodes.entry(split, piece.data()));
  }

  private static ChunkPiece pieceAt(List<ChunkPiece> pieces, long row) {
    for (ChunkPiece piece : pieces) {
      if (piece.start() <= row && row < piece.end()) {
        return piece;
      }
    }
    throw new IllegalStateException("no piece holds row " + row);
  }

  private Batch project(Split split, RowSelection selection, Set<SharedDecode> touched) throws IOException {
    List<Field> fields = plan.outputSchema().getFields();
    List<List<ChunkPiece>> pieces = plan.pieces(split);
    ChunkPiece[] dictionaries = new ChunkPiece[fields.size()];
    FieldVector[] taken = late.take(split, pieces, fields, selection, dictionaries);
    try {
      List<SharedDecode> wanted = new ArrayList<>();
      for (int column = 0; column < fields.size(); column++) {
        for (ChunkPiece piece : taken != null && taken[column] != null ? List.<ChunkPiece>of() : pieces.get(column)) {
          if (overlapsSelection(piece, selection)) {
            want(split, piece, touched, wanted);
          }
        }
      }
      decodes.startAll(wanted);
      if (taken != null) {
        return materialized(split, pieces, fields, selection, taken, dictionaries);
      }
    } finally {
      LateMaterializer.close(taken);
    }
    int rows = (int) selection.rowCount();
    if (selection.runCount() > 1 && insideOnePiecePerColumn(pieces, fields.size(), selection)) {
      long span = selection.end(selection.runCount() - 1) - selection.start(0);
      return selection.rowCount() * DENSE_SELECTION >= span ? selected(split, pieces, fields, selection)
          : compacted(split, pieces, fields, selection);
    }
    Batch.Builder batch = Batch.builder(rows);
    try {
      for (int column = 0; column < fields.size(); column++) {
        column(split, pieces.get(column), fields.get(column), selection, batch);
      }
      return batch.build();
    } catch (IOException | RuntimeException failure) {
      batch.abandon();
      throw failure;
    }
  }

  private static boolean insideOnePiecePerColumn(List<List<ChunkPiece>> pieces, int columns, RowSelection selection) {
    long first = selection.start(0);
    long last = selection.end(selection.runCount() - 1) - 1;
    for (int column = 0; column < columns; column++) {
      if (ColumnPieces.overlapping(pieces.get(column), first, last + 1).size() != 1) {
        return false;
      }
    }
    return true;
  }

  /**
   * Rows scattered inside one piece per column: slices of each piece from a common first row to the
   * last selected one, and a selection. The first row is the first selected one rounded down to a
   * multiple of 8 when every piece allows it, so the slices share their validity bytes instead of
   * shifting a copy of them.
   */
  private Batch selected(Split split, List<List<ChunkPiece>> pieces, List<Field> fields, RowSelection selection)
      throws IOException {
    long first = selection.start(0);
    long last = selection.end(selection.runCount() - 1) - 1;
    List<ChunkPiece> chosen = new ArrayList<>(fields.size());
    long origin = first & ~7L;
    for (int column = 0; column < fields.size(); column++) {
      ChunkPiece piece = ColumnPieces.overlapping(pieces.get(column), first, last + 1).get(0);
      chosen.add(piece);
      if (origin < piece.start() || (origin - piece.start()) % 8 != 0) {
        origin = first;
      }
    }
    int span = (int) (last - origin + 1);
    int[] positions = new int[(int) selection.rowCount()];
    int count = 0;
    for (int run = 0; run < selection.runCount(); run++) {
      for (long row = selection.start(run); row < selection.end(run); row++) {
        positions[count++] = (int) (row - origin);
      }
    }
    Batch.Builder batch = Batch.builder(span);
    try {
      for (int column = 0; column < fields.size(); column++) {
        ChunkPiece piece = chosen.get(column);
        addSlice(split, piece, fields.get(column), (int) (origin - piece.start()), span, batch);
      }
      return batch.selection(positions, count).build();
    } catch (IOException | RuntimeException failure) {
      batch.abandon();
      throw failure;
    }
  }

  /** A sparse selection inside one piece per column, gathered by address (dictionary columns as compact codes). */
  private Batch compacted(Split split, List<List<ChunkPiece>> pieces, List<Field> fields, RowSelection selection)
      throws IOException {
    long first = selection.start(0);
    long last = selection.end(selection.runCount() - 1) - 1;
    int count = (int) selection.rowCount();
    Batch.Builder batch = Batch.builder(count);
    try {
      for (int column = 0; column < fields.size(); column++) {
        ChunkPiece piece = ColumnPieces.overlapping(pieces.get(column), first, last + 1).get(0);
        compactedColumn(split, piece, fields.get(column), selection, batch);
      }
      return batch.build();
    } catch (IOException | RuntimeException failure) {
      batch.abandon();
      throw failure;
    }
  }

  /** The selected rows of one piece holding them all, gathered by address (a dictionary column as compact codes). */
  private void compactedColumn(Split split, ChunkPiece piece, Field field, RowSelection selection,
      Batch.Builder batch) throws IOException {
    int count = (int) selection.rowCount();
    int[] positions = new int[count];
    int written = 0;
    for (int run = 0; run < selection.runCount(); run++) {
      for (long row = selection.start(run); row < selection.end(run); row++) {
        positions[written++] = (int) (row - piece.start());
      }
    }
    FieldVector data = decodes.vector(decodes.entry(split, piece.data()));
    FieldVector values = dictionaryOf(split, piece);
    if (values == null) {
      batch.add(field, VectorGather.gather(data, positions, count, field, allocator));
      return;
    }
    IntVector codes = (IntVector) VectorGather.gather(data, positions, count, data.getField(), allocator);
    try {
      batch.addDictionary(field, codes, slice(values, values.getField(), 0, values.getValueCount()));
    } catch (RuntimeException failure) {
      codes.close();
      throw failure;
    }
  }

  /**
   * A compact batch where some columns were taken from their encoded segments ({@link
   * LateMaterializer}): those are added as they are (moved out of {@code taken}; codes with their dictionary's
   * values where {@code dictionaries} names one), the others are gathered, sliced or copied from their shared
   * decodes as usual.
   */
  private Batch materialized(Split split, List<List<ChunkPiece>> pieces, List<Field> fields, RowSelection selection,
      FieldVector[] taken, ChunkPiece[] dictionaries) throws IOException {
    long first = selection.start(0);
    long last = selection.end(selection.runCount() - 1) - 1;
    Batch.Builder batch = Batch.builder((int) selection.rowCount());
    try {
      for (int column = 0; column < fields.size(); column++) {
        if (taken[column] != null && dictionaries[column] != null) {
          FieldVector values = dictionaryOf(split, dictionaries[column]);
          IntVector codes = (IntVector) taken[column];
          taken[column] = null; // the batch owns it now
          try {
            batch.addDictionary(fields.get(column), codes,
                slice(values, values.getField(), 0, values.getValueCount()));
          } catch (RuntimeException failure) {
            codes.close();
            throw failure;
          }
          continue;
        }
        if (taken[column] != null) {
          batch.add(fields.get(column), taken[column]);
          taken[column] = null; // the batch owns it now
          continue;
        }
        List<ChunkPiece> holding = ColumnPieces.overlapping(pieces.get(column), first, last + 1);
        if (selection.runCount() > 1 && holding.size() == 1) {
          compactedColumn(split, holding.get(0), fields.get(column), selection, batch);
        } else {
          column(split, pieces.get(column), fields.get(column), selection, batch);
        }
      }
      return batch.build();
    } catch (IOException | RuntimeException failure) {
      batch.abandon();
      throw failure;
    }
  }

  /** Rows {@code [offset, offset+count)} of a piece as a column of the batch, kept encoded when it is a dictionary. */
  private void addSlice(Split split, ChunkPiece piece, Field field, int offset, int count, Batch.Builder batch)
      throws IOException {
    FieldVector data = decodes.vector(decodes.entry(split, piece.data()));
    FieldVector values = dictionaryOf(split, piece);
    if (values == null) {
      batch.add(field, slice(data, data.getField(), offset, count));
      return;
    }
    IntVector codes = (IntVector) slice(data, data.getField(), offset, count);
    try {
      batch.addDictionary(field, codes, slice(values, values.getField(), 0, values.getValueCount()));
    } catch (RuntimeException failure) {
      codes.close();
      throw failure;
    }
  }

  /** A vector sharing rows {@code [offset, offset+count)} of a shared decode (its buffers retained). */
  private FieldVector slice(FieldVector vector, Field field, int offset, int count) {
    return VectorSlices.slice(vector, field, offset, count, allocator);
  }

  private static boolean overlapsSelection(ChunkPiece piece, RowSelection selection) {
    for (int run = 0; run < selection.runCount(); run++) {
      if (piece.start() < selection.end(run) && piece.end() > selection.start(run)) {
        return true;
      }
    }
    return false;
  }

  private void column(Split split, List<ChunkPiece> pieces, Field field, RowSelection selection, Batch.Builder batch)
      throws IOException {
    if (selection.runCount() > MAXIMUM_SLICED_RUNS) {
      batch.add(field, copyRows(split, pieces, field, selection));
      return;
    }
    List<ChunkPiece> parts = new ArrayList<>();
    for (int run = 0; run < selection.runCount(); run++) {
      parts.addAll(ColumnPieces.overlapping(pieces, selection.start(run), selection.end(run)));
    }
    if (selection.runCount() == 1 && parts.size() == 1) {
      ChunkPiece piece = parts.get(0);
      long from = Math.max(piece.start(), selection.start(0));
      addSlice(split, piece, field, (int) (from - piece.start()), (int) selection.rowCount(), batch);
      return;
    }
    batch.add(field, joined(split, pieces, field, selection));
  }

  /** The selected runs of several pieces, appended into one vector of values. */
  private FieldVector joined(Split split, List<ChunkPiece> pieces, Field field, RowSelection selection)
      throws IOException {
    List<FieldVector> parts = new ArrayList<>();
    try {
      for (int run = 0; run < selection.runCount(); run++) {
        for (ChunkPiece piece : ColumnPieces.overlapping(pieces, selection.start(run), selection.end(run))) {
          long from = Math.max(piece.start(), selection.start(run));
          long to = Math.min(piece.end(), selection.end(run));
          parts.add(part(split, piece, field, (int) (from - piece.start()), (int) (to - from)));
        }
      }
      FieldVector joined = field.createVector(allocator);
      try {
        joined.allocateNew();
        VectorBatchAppender.batchAppend(joined, parts.toArray(new FieldVector[0]));
        return joined;
      } catch (RuntimeException failure) {
        joined.close();
        throw failure;
      }
    } finally {
      parts.forEach(FieldVector::close);
    }
  }

  /** Rows {@code [offset, offset+count)} of a piece: a slice of the shared vector, or gathered codes. */
  private FieldVector part(Split split, ChunkPiece piece, Field field, int offset, int count) throws IOException {
    FieldVector data = decodes.vector(decodes.entry(split, piece.data()));
    FieldVector values = dictionaryOf(split, piece);
    if (values != null) {
      return DictionaryDecoder.decode(values, (IntVector) data, null, offset, count, field, allocator,
          decodes.entry(split, piece.data()).toString());
    }
    return slice(data, field, offset, count);
  }

  private FieldVector copyRows(Split split, List<ChunkPiece> pieces, Field field, RowSelection selection)
      throws IOException {
    FieldVector target = field.createVector(allocator);
    try {
      target.setInitialCapacity((int) selection.rowCount());
      target.allocateNew();
      int written = 0;
      int pieceIndex = -1;
      ChunkPiece piece = null;
      FieldVector data = null;
      FieldVector values = null;
      for (int run = 0; run < selection.runCount(); run++) {
        for (long row = selection.start(run); row < selection.end(run); row++) {
          if (piece == null || piece.end() <= row) {
            do {
              piece = pieces.get(++pieceIndex);
            } while (piece.end() <= row);
            data = decodes.vector(decodes.entry(split, piece.data()));
            values = dictionaryOf(split, piece);
          }
          int index = (int) (row - piece.start());
          if (values == null) {
            target.copyFromSafe(index, written, data);
          } else {
            IntVector codes = (IntVector) data;
            if (codes.isNull(index)) {
              target.setNull(written);
            } else {
              target.copyFromSafe(DictionaryChecks.code(codes, index, values, piece), written, values);
            }
          }
          written++;
        }
      }
      target.setValueCount(written);
      return target;
    } catch (IOException | RuntimeException failure) {
      target.close();
      throw failure;
    }
  }
}
