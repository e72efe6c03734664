package dev.quiver.format.encoding;

/**
 * The values of one chunk (or child) on the heap, as the encoders read them: null rows already
 * carry a stand-in value (see {@link EncodingFormat}), so encoders see only values.
 */
sealed interface Column permits LongColumn, BooleanColumn, BinaryColumn, DecimalColumn, BytesColumn {
  PhysicalType type();

  /** Rows; for {@link BytesColumn} the number of bytes. */
  int rows();

  /** The rows of {@code runLength} rows starting at each of {@code starts}, back to back. */
  Column takeRuns(int[] starts, int runLength);
}
