package org.apache.comet;

import java.nio.ByteBuffer;

/**
 * Our declaration of Comet 1.2.0's native shuffle block decoder ({@code libcomet.so}; the JNI symbol
 * names tie it to this package and class).
 */
public final class Native {
  /**
   * Decodes one shuffle block into Arrow C Data structures.
   *
   * @param block a direct buffer holding the block from its codec tag on (the 16 bytes of length and
   *     field count left out)
   * @param length the bytes of {@code block} to read
   * @param arrayAddresses one {@code ArrowArray} struct per column, filled by the call
   * @param schemaAddresses one {@code ArrowSchema} struct per column, filled by the call
   * @param tracing Comet's tracing switch
   * @return the number of rows
   */
  public native long decodeShuffleBlock(ByteBuffer block, int length, long[] arrayAddresses, long[] schemaAddresses,
      boolean tracing);
}
