package dev.quiver.scan.execution;

import dev.quiver.common.QuiverException;
import dev.quiver.scan.plan.ChunkPiece;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/** Codes read from a file are checked against the dictionary before they index it. */
final class DictionaryChecks {
  private DictionaryChecks() {}

  static int code(IntVector codes, int index, FieldVector values, ChunkPiece piece) {
    int code = codes.get(index);
    if (code < 0 || code >= values.getValueCount()) {
      throw QuiverException.corrupt("segment " + piece.data().segment() + ": dictionary code " + code + " at row "
          + (piece.start() + index) + " is outside the " + values.getValueCount() + " dictionary values");
    }
    return code;
  }
}
