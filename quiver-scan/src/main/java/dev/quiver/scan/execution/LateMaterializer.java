package dev.quiver.scan.execution;

import dev.quiver.common.batch.DictionaryDecoder;
import dev.quiver.common.metrics.Counter;
import dev.quiver.format.file.DictionaryGather;
import dev.quiver.scan.decode.DecodeRegistry;
import dev.quiver.scan.decode.SharedDecode;
import dev.quiver.scan.plan.ChunkPiece;
import dev.quiver.scan.plan.Split;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.util.VectorBatchAppender;

/**
 * Late materialization of a split's projection: a projected column whose selected rows are sparse in
 * every chunk piece they fall in (by default fewer than 1 row in {@link #DEFAULT_RATIO} of the
 * piece's rows), and whose pieces no other split is planned to read, takes just those rows from each
 * piece's encoded segment ({@link DecodeRegistry#take}) instead of decoding the whole chunk and
 * gathering; a piece of a column-wide dictionary ({@code dict} layout) takes the rows' codes and looks them up in the
 * dictionary's values (decoded once, shared by the splits). A column is taken whole or not at all: a denser
 * selection (for a segment other splits read too: denser in this split's part of it), a segment another
 * split is planned to read whose encodings make a take work on the whole
 * segment (zstd decompression, binary offsets, delta or float decoding: the shared decode pays that once
 * for all the splits, each take would repeat it; a segment read at positions, such as bit-packed
 * integers, is taken by each split), or one whose decode has started sends the column down the usual
 * decode path. {@code -Dquiver.scan.lateMaterialization=false} turns it off (for comparison); each
 * taken segment counts in {@code segments.taken}.
 */
final class LateMaterializer {
  /** Whether sparse selections are taken from encoded segments: {@code quiver.scan.lateMaterialization}, default true. */
  static final String ENABLED_PROPERTY = "quiver.scan.lateMaterialization";
  /**
   * A piece is taken when its selected rows times this are below its rows: {@code
   * quiver.scan.lateMaterialization.ratio}, default {@value #DEFAULT_RATIO} (see docs/SCAN.md for the
   * measurement).
   */
  static final String RATIO_PROPERTY = "quiver.scan.lateMaterialization.ratio";
  static final int DEFAULT_RATIO = 8;

  /** Read when the scan opens (so a test can compare both settings in one JVM). */
  private final boolean enabled = Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"));
  private final int ratio = Math.max(1, Integer.getInteger(RATIO_PROPERTY, DEFAULT_RATIO));
  private final DecodeRegistry decodes;
  private final BufferAllocator allocator;
  private final Counter taken;

  LateMaterializer(DecodeRegistry decodes, BufferAllocator allocator, Counter taken) {
    this.decodes = decodes;
    this.allocator = allocator;
    this.taken = taken;
  }

  /**
   * Per output column, its selected rows taken from the encoded segments (owned by the caller), or
   * null where the column goes the usual way; null when no column is taken (or the switch is off). A column whose
   * pieces are all of one column-wide dictionary comes as its rows' codes, that dictionary's piece set in
   * {@code dictionaries} (the batch keeps it encoded, as the usual path does).
   */
  FieldVector[] take(Split split, List<List<ChunkPiece>> pieces, List<Field> fields, RowSelection selection,
      ChunkPiece[] dictionaries) throws IOException {
    if (!enabled || selection.rowCount() == 0) {
      return null;
    }
    FieldVector[] columns = new FieldVector[fields.size()];
    boolean any = false;
    try {
      for (int column = 0; column < fields.size(); column++) {
        columns[column] = takeColumn(split, pieces.get(column), fields.get(column), selection, dictionaries, column);
        any |= columns[column] != null;
      }
    } catch (IOException | RuntimeException failure) {
      close(columns);
      throw failure;
    }
    return any ? columns : null;
  }

  /** Closes the vectors still held. */
  static void close(FieldVector[] columns) {
    if (columns == null) {
      return;
    }
    for (int i = 0; i < columns.length; i++) {
      if (columns[i] != null) {
        columns[i].close();
        columns[i] = null;
      }
    }
  }

  private FieldVector takeColumn(Split split, List<ChunkPiece> columnPieces, Field field, RowSelection selection,
      ChunkPiece[] dictionaries, int column) throws IOException {
    List<ChunkPiece> parts = new ArrayList<>();
    List<int[]> positions = new ArrayList<>();
    if (!positionsByPiece(columnPieces, selection, ratio, parts, positions)) {
      return null;
    }
    boolean[] shared = new boolean[parts.size()];
    for (int i = 0; i < parts.size(); i++) {
      ChunkPiece piece = parts.get(i);
      shared[i] = decodes.plannedReaders(split, piece.data()) != 1;
      // a piece other splits read too is decoded for them anyway: taken only when sparse in this split's part
      long own = Math.min(piece.end(), split.end()) - Math.max(piece.start(), split.start());
      if (shared[i] && (long) positions.get(i).length * ratio >= own) {
        return null;
      }
    }
    // every piece of one column-wide dictionary: the codes are taken and the batch keeps them with it
    boolean codes = parts.stream().allMatch(piece -> piece.dictionary() != null
        && piece.dictionary().segment() == parts.get(0).dictionary().segment());
    Field takenField = codes ? DictionaryGather.CODES_FIELD : field;
    List<FieldVector> vectors = new ArrayList<>(parts.size());
    try {
      for (int i = 0; i < parts.size(); i++) {
        int[] rows = positions.get(i);
        ChunkPiece piece = parts.get(i);
        FieldVector vector = piece.dictionary() == null || codes
            ? decodes.take(split, piece.data(), takenField, rows, rows.length, allocator, shared[i])
            : takeThroughDictionary(split, piece, field, rows, shared[i]);
        if (vector == null) {
          vectors.forEach(FieldVector::close);
          return null;
        }
        vectors.add(vector);
      }
      taken.add(vectors.size());
      if (codes) {
        startValues(split, parts.get(0));
        dictionaries[column] = parts.get(0);
      }
      if (vectors.size() == 1) {
        return vectors.remove(0);
      }
      FieldVector joined = takenField.createVector(allocator);
      try {
        joined.allocateNew();
        VectorBatchAppender.batchAppend(joined, vectors.toArray(new FieldVector[0]));
        return joined;
      } catch (RuntimeException failure) {
        joined.close();
        throw failure;
      }
    } finally {
      vectors.forEach(FieldVector::close);
    }
  }

  /**
   * Rows {@code rows} of a dict-layout piece: their codes taken from its codes segment, looked up in its values
   * (decoded whole, as the other splits share them); null when the codes cannot be taken.
   */
  private FieldVector takeThroughDictionary(Split split, ChunkPiece piece, Field field, int[] rows, boolean shared)
      throws IOException {
    try (FieldVector codes = decodes.take(split, piece.data(), DictionaryGather.CODES_FIELD, rows, rows.length,
        allocator, shared)) {
      if (codes == null) {
        return null;
      }
      return DictionaryDecoder.decode(decodes.vector(startValues(split, piece)), (IntVector) codes, null, rows.length,
          field, allocator);
    }
  }

  /** The decode of a dict-layout piece's values, started (once for every split: it is shared). */
  private SharedDecode startValues(Split split, ChunkPiece piece) throws IOException {
    SharedDecode values = decodes.entry(split, piece.dictionary());
    decodes.startAll(List.of(values));
    return values;
  }

  /**
   * The pieces of a column (ascending) holding selected rows, into {@code parts}, and for each the
   * selected rows as positions in its segment (ascending), into {@code positions}: one walk over
   * pieces and runs together. Stops and returns false at the first piece where the selected rows
   * times {@code ratio} reach the piece's rows (too dense to take).
   */
  static boolean positionsByPiece(List<ChunkPiece> pieces, RowSelection selection, int ratio, List<ChunkPiece> parts,
      List<int[]> positions) {
    int run = 0;
    int runs = selection.runCount();
    for (ChunkPiece piece : pieces) {
      while (run < runs && selection.end(run) <= piece.start()) {
        run++;
      }
      if (run == runs) {
        break;
      }
      long count = 0;
      for (int r = run; r < runs && selection.start(r) < piece.end(); r++) {
        count += Math.min(selection.end(r), piece.end()) - Math.max(selection.start(r), piece.start());
      }
      if (count == 0) {
        continue;
      }
      if (count * ratio >= piece.rowCount()) {
        return false;
      }
      int[] rows = new int[(int) count];
      int written = 0;
      for (int r = run; r < runs && selection.start(r) < piece.end(); r++) {
        long to = Math.min(selection.end(r), piece.end());
        for (long row = Math.max(selection.start(r), piece.start()); row < to; row++) {
          rows[written++] = (int) (row - piece.start());
        }
      }
      parts.add(piece);
      positions.add(rows);
    }
    return true;
  }
}
