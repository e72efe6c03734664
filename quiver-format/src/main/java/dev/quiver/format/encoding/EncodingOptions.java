package dev.quiver.format.encoding;

import dev.quiver.common.QuiverException;

/**
 * How {@link ChunkCodec#encode} chooses encodings.
 *
 * @param zstdLevel zstd level of the last stage (1 to 19; default 3)
 * @param maximumDepth how many levels of encodings may cascade below the top one (0 to 6; default 3)
 * @param sampleRuns how many runs of rows the compressor samples from a chunk (1 to 1000; default 10)
 * @param sampleRunLength rows per sampled run (1 to 65536; default 64)
 * @param zstdMinimumSavings the fraction of a buffer zstd must save to be kept (0 to 0.9; default 0.1)
 * @param forcedKind the encoding of the top node, or null to let the compressor choose (for tests)
 */
public record EncodingOptions(
    int zstdLevel, int maximumDepth, int sampleRuns, int sampleRunLength, double zstdMinimumSavings,
    EncodingKind forcedKind) {

  /** Validates every option; a bad one is a {@code USER} error. */
  public EncodingOptions {
    check(zstdLevel >= 1 && zstdLevel <= 19, "zstdLevel " + zstdLevel + " is outside 1..19");
    check(maximumDepth >= 0 && maximumDepth <= 6, "maximumDepth " + maximumDepth + " is outside 0..6");
    check(sampleRuns >= 1 && sampleRuns <= 1000, "sampleRuns " + sampleRuns + " is outside 1..1000");
    check(sampleRunLength >= 1 && sampleRunLength <= 65536,
        "sampleRunLength " + sampleRunLength + " is outside 1..65536");
    check(zstdMinimumSavings >= 0 && zstdMinimumSavings <= 0.9,
        "zstdMinimumSavings " + zstdMinimumSavings + " is outside 0..0.9");
  }

  /** zstd level 3, depth 3, 10 runs of 64 sampled rows, zstd kept when it saves 10%. */
  public static EncodingOptions defaults() {
    return new EncodingOptions(3, 3, 10, 64, 0.1, null);
  }

  /**
   * These options with the top node forced to {@code kind} (children still chosen). Encoding then
   * throws a {@code USER} {@link QuiverException} if that encoding cannot take the column's type or
   * data (a constant over unequal values, scaled decimals that do not fit in 64 bits).
   */
  public EncodingOptions forcing(EncodingKind kind) {
    return new EncodingOptions(zstdLevel, maximumDepth, sampleRuns, sampleRunLength, zstdMinimumSavings, kind);
  }

  /** These options with another zstd level. */
  public EncodingOptions withZstdLevel(int level) {
    return new EncodingOptions(level, maximumDepth, sampleRuns, sampleRunLength, zstdMinimumSavings, forcedKind);
  }

  /** These options with another cascade depth. */
  public EncodingOptions withMaximumDepth(int depth) {
    return new EncodingOptions(zstdLevel, depth, sampleRuns, sampleRunLength, zstdMinimumSavings, forcedKind);
  }

  /** These options with another sample: {@code runs} runs of {@code runLength} rows. */
  public EncodingOptions withSample(int runs, int runLength) {
    return new EncodingOptions(zstdLevel, maximumDepth, runs, runLength, zstdMinimumSavings, forcedKind);
  }

  /** These options with another zstd threshold. */
  public EncodingOptions withZstdMinimumSavings(double savings) {
    return new EncodingOptions(zstdLevel, maximumDepth, sampleRuns, sampleRunLength, savings, forcedKind);
  }

  private static void check(boolean condition, String problem) {
    if (!condition) {
      throw QuiverException.user("encoding options: " + problem);
    }
  }
}
