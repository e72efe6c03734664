package dev.quiver.shuffle.block;

import dev.quiver.common.metrics.Counter;

/**
 * What a {@link BlockDecoder} did: real counters, shown by the CLI and the demo and read by tests.
 * A block counts once in {@link #blocksDecoded} and once in exactly one of {@link #cacheHits} (the
 * in-place path decoded it), {@link #cacheMisses} (its schema was not cached) or {@link #fallbacks}
 * (its schema was cached but something unusual sent it to the general path) — unless the cache is
 * off or the block failed.
 */
public final class DecoderMetrics {
  public final Counter blocksDecoded = new Counter("blocksDecoded");
  public final Counter cacheHits = new Counter("cacheHits");
  public final Counter cacheMisses = new Counter("cacheMisses");
  public final Counter fallbacks = new Counter("fallbacks");
  public final Counter blocksFailed = new Counter("blocksFailed");
  public final Counter bytesIn = new Counter("bytesIn");
  public final Counter bytesDecompressed = new Counter("bytesDecompressed");
  public final Counter rowsDecoded = new Counter("rowsDecoded");

  @Override
  public String toString() {
    return String.join(", ", blocksDecoded.toString(), cacheHits.toString(), cacheMisses.toString(),
        fallbacks.toString(), blocksFailed.toString(), bytesIn.toString(), bytesDecompressed.toString(),
        rowsDecoded.toString());
  }
}
