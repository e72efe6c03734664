package dev.quiver.format.encoding;

/** Raw bytes {@code data[offset, offset + length)}: the data of a binary column. */
record BytesColumn(byte[] data, int offset, int length) implements Column {
  @Override
  public PhysicalType type() {
    return PhysicalType.BYTES;
  }

  @Override
  public int rows() {
    return length;
  }

  @Override
  public BytesColumn takeRuns(int[] starts, int runLength) {
    byte[] taken = new byte[starts.length * runLength];
    for (int run = 0; run < starts.length; run++) {
      System.arraycopy(data, offset + starts[run], taken, run * runLength, runLength);
    }
    return new BytesColumn(taken, 0, taken.length);
  }
}
