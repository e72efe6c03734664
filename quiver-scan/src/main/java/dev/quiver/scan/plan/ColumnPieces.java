package dev.quiver.scan.plan;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.format.layout.DictLayout;
import dev.quiver.format.layout.FlatLayout;
import dev.quiver.format.layout.Layout;
import java.util.ArrayList;
import java.util.List;

/** A column's chunks flattened into {@link ChunkPiece}s in row order (dict runs into their code chunks). */
public final class ColumnPieces {
  private ColumnPieces() {}

  static List<ChunkPiece> of(QuiverFile file, int column) {
    List<ChunkPiece> pieces = new ArrayList<>();
    long start = 0;
    for (Layout chunk : file.chunks(column)) {
      if (chunk instanceof DictLayout) {
        DictLayout dict = (DictLayout) chunk;
        long codeStart = start;
        for (Layout codes : dict.codes().chunks()) {
          pieces.add(new ChunkPiece(codeStart, codeStart + codes.rowCount(), (FlatLayout) codes, dict.values()));
          codeStart += codes.rowCount();
        }
      } else {
        pieces.add(new ChunkPiece(start, start + chunk.rowCount(), (FlatLayout) chunk, null));
      }
      start += chunk.rowCount();
    }
    return pieces;
  }

  /** The pieces overlapping rows {@code [start, end)}. */
  public static List<ChunkPiece> overlapping(List<ChunkPiece> pieces, long start, long end) {
    List<ChunkPiece> result = new ArrayList<>();
    for (int i = firstEndingAfter(pieces, start); i < pieces.size() && pieces.get(i).start() < end; i++) {
      result.add(pieces.get(i));
    }
    return result;
  }

  /** The pieces overlapping any of {@code ranges} (ascending, non-overlapping). */
  static List<ChunkPiece> overlapping(List<ChunkPiece> pieces, List<RowRange> ranges) {
    List<ChunkPiece> result = new ArrayList<>();
    int from = firstEndingAfter(pieces, ranges.get(0).start());
    for (int i = from; i < pieces.size(); i++) {
      ChunkPiece piece = pieces.get(i);
      if (piece.start() >= ranges.get(ranges.size() - 1).end()) {
        break;
      }
      for (RowRange range : ranges) {
        if (piece.start() < range.end() && piece.end() > range.start()) {
          result.add(piece);
          break;
        }
      }
    }
    return result;
  }

  private static int firstEndingAfter(List<ChunkPiece> pieces, long row) {
    int low = 0;
    int high = pieces.size();
    while (low < high) {
      int middle = (low + high) >>> 1;
      if (pieces.get(middle).end() <= row) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }
}
