package dev.quiver.datagen.clickbench;

import java.util.SplittableRandom;

/**
 * The state shared by the columns of one generated row, so that related columns agree: the event
 * time (EventDate is its day), the counter, URL, title and referer chosen (their hashes), the search
 * (phrase, engine, traffic source) and the flags the dashboard queries filter on ({@link HitsShape}).
 */
final class HitsRow {
  SplittableRandom random;
  long row;
  long eventMicros;
  long counterId;
  byte[] url;
  byte[] title;
  byte[] referer;
  byte[] phrase;
  long urlHash;
  long refererHash;
  boolean searched;
  long searchEngine;
  long trafficSource;
  long isRefresh;
  long dontCountHits;
  long isLink;
  long isDownload;

  /** A 64-bit mix of {@code value} (SplitMix64's finalizer): the same input, the same output. */
  static long mix(long value) {
    long z = value + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A stable hash of bytes (for URLHash, RefererHash). */
  static long hash(byte[] bytes) {
    long hash = 0x84222325CBF29CE4L;
    for (byte b : bytes) {
      hash = (hash ^ (b & 0xFF)) * 0x100000001B3L;
    }
    return mix(hash);
  }
}
