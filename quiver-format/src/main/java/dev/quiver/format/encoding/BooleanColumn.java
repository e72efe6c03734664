package dev.quiver.format.encoding;

/** Booleans (values or validity) as 64-bit words, bit i of word i/64 being row i. */
record BooleanColumn(long[] words, int rows) implements Column {
  @Override
  public PhysicalType type() {
    return PhysicalType.BOOLEAN;
  }

  boolean get(int row) {
    return (words[row >>> 6] >>> row & 1) != 0;
  }

  /** A column of {@code rows} false values, to be set. */
  static BooleanColumn allocate(int rows) {
    return new BooleanColumn(new long[(rows + 63) >>> 6], rows);
  }

  void set(int row) {
    words[row >>> 6] |= 1L << row;
  }

  int countTrue() {
    int count = 0;
    int fullWords = rows >>> 6;
    for (int w = 0; w < fullWords; w++) {
      count += Long.bitCount(words[w]);
    }
    for (int row = fullWords << 6; row < rows; row++) {
      if (get(row)) {
        count++;
      }
    }
    return count;
  }

  @Override
  public BooleanColumn takeRuns(int[] starts, int runLength) {
    BooleanColumn taken = allocate(starts.length * runLength);
    int target = 0;
    for (int start : starts) {
      for (int row = start; row < start + runLength; row++, target++) {
        if (get(row)) {
          taken.set(target);
        }
      }
    }
    return taken;
  }

  /** The bitmap as Arrow lays it out: {@code (rows + 7) / 8} bytes, least significant bit first. */
  byte[] toBitmapBytes() {
    byte[] bytes = new byte[(rows + 7) >>> 3];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (words[i >>> 3] >>> ((i & 7) << 3));
    }
    int tail = rows & 7;
    if (tail != 0) {
      bytes[bytes.length - 1] &= (byte) ((1 << tail) - 1);
    }
    return bytes;
  }
}
