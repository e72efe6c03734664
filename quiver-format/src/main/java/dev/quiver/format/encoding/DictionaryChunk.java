package dev.quiver.format.encoding;

import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * A segment whose values are dictionary-encoded, decoded without gathering: one int32 code per row
 * (null where the row is null) and the dictionary's values, each code checked below the dictionary's
 * size. The encoder writes distinct values, but a reader must not rely on it: two codes may name equal
 * values. Both vectors belong to the caller, who closes this.
 *
 * @param codes the rows' indexes into {@code values}; its validity is the column's
 * @param values the dictionary, no nulls, of the column's type
 */
public record DictionaryChunk(IntVector codes, FieldVector values) implements AutoCloseable {
  /** Rows of the chunk. */
  public int rowCount() {
    return codes.getValueCount();
  }

  /** Bytes of both vectors' buffers. */
  public long bufferSize() {
    return (long) codes.getBufferSize() + values.getBufferSize();
  }

  @Override
  public void close() {
    try {
      codes.close();
    } finally {
      values.close();
    }
  }
}
