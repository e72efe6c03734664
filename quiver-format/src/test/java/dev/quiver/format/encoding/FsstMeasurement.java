package dev.quiver.format.encoding;

import dev.quiver.datagen.clickbench.HitsTable;
import dev.quiver.datagen.fineweb.FinewebTable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Not a test: measures FSST against plain+zstd and the compressor's choice on FineWeb text and
 * ClickBench URL/Title, chunk by chunk (about 1 MiB of strings each, as the writer cuts them):
 * encoded bytes, decode time to Arrow, and {@code %needle%} on codes against decode then search.
 * Run: {@code java -cp ... dev.quiver.format.encoding.FsstMeasurement [fineweb-documents] [hits-rows]}.
 * Timings are the best of 5 runs after warm-up; indicative only (a shared 2-core machine).
 */
public final class FsstMeasurement {
  private FsstMeasurement() {}

  private static final long CHUNK_BYTES = 1 << 20;

  public static void main(String[] args) {
    long documents = args.length > 0 ? Long.parseLong(args[0]) : 20_000;
    long hits = args.length > 1 ? Long.parseLong(args[1]) : 65_536;
    try (BufferAllocator allocator = new RootAllocator()) {
      measure(allocator, "fineweb text", new FinewebTable(documents, 1).batch(0, allocator), "text", "climate");
      try (VectorSchemaRoot root = new HitsTable(hits, 1).batch(0, allocator)) {
        measure(allocator, "clickbench URL", root, "URL", "google");
        measure(allocator, "clickbench Title", root, "Title", "google");
      }
    }
  }

  private static void measure(BufferAllocator allocator, String label, VectorSchemaRoot root, String column,
      String needle) {
    try {
      measureColumn(allocator, label, (BaseVariableWidthVector) root.getVector(column), needle);
    } finally {
      if (label.startsWith("fineweb")) {
        root.close();
      }
    }
  }

  private static void measureColumn(BufferAllocator allocator, String label, BaseVariableWidthVector vector,
      String needle) {
    List<int[]> chunks = new ArrayList<>();
    int start = 0;
    for (int row = 0; row < vector.getValueCount(); row++) {
      if (vector.getEndOffset(row) - vector.getStartOffset(start) >= CHUNK_BYTES || row == vector.getValueCount() - 1) {
        chunks.add(new int[] {start, row + 1 - start});
        start = row + 1;
      }
    }
    long raw = vector.getEndOffset(vector.getValueCount() - 1);
    System.out.printf("%s: %d rows, %d chunks, %.1f MB of strings%n", label, vector.getValueCount(), chunks.size(),
        raw / 1e6);
    byte[] needleBytes = needle.getBytes(StandardCharsets.UTF_8);
    FsstPattern pattern = FsstPattern.contains(needleBytes);
    for (String arm : new String[] {"auto", "zstd", "fsst"}) {
      EncodingOptions options = arm.equals("auto") ? EncodingOptions.defaults()
          : EncodingOptions.defaults().forcing(arm.equals("zstd") ? EncodingKind.ZSTD : EncodingKind.FSST);
      List<ArrowBuf> segments = new ArrayList<>();
      long encoded = 0;
      long encodeNanos = System.nanoTime();
      String tree = null;
      for (int[] chunk : chunks) {
        EncodedChunk result = ChunkCodec.encode(vector, chunk[0], chunk[1], options);
        encoded += result.encodedBytes().length;
        tree = tree == null ? result.encodingTree() : tree;
        segments.add(TestVectors.toSegment(allocator, result.encodedBytes()));
      }
      encodeNanos = System.nanoTime() - encodeNanos;
      long decode = Long.MAX_VALUE;
      long search = Long.MAX_VALUE;
      long onCodes = Long.MAX_VALUE;
      long matches = 0;
      long matchesOnCodes = -1;
      for (int run = 0; run < 8; run++) {
        long started = System.nanoTime();
        for (ArrowBuf segment : segments) {
          ChunkCodec.decode(segment, vector.getField(), allocator, "m").close();
        }
        decode = Math.min(decode, System.nanoTime() - started);
        started = System.nanoTime();
        long found = 0;
        for (ArrowBuf segment : segments) {
          try (FieldVector decoded = ChunkCodec.decode(segment, vector.getField(), allocator, "m")) {
            found += countContaining((BaseVariableWidthVector) decoded, needleBytes);
          }
        }
        search = Math.min(search, System.nanoTime() - started);
        matches = found;
        if (arm.equals("fsst") || tree.startsWith("fsst")) {
          started = System.nanoTime();
          long foundOnCodes = 0;
          for (ArrowBuf segment : segments) {
            try (FsstStrings strings = ChunkCodec.openStrings(segment, allocator, "m")) {
              int[] positions = new int[strings.rows()];
              foundOnCodes += strings.compile(pattern).match(0, strings.rows(), positions);
            }
          }
          onCodes = Math.min(onCodes, System.nanoTime() - started);
          matchesOnCodes = foundOnCodes;
        }
      }
      System.out.printf("  %-4s %10d B (%5.1f%% of raw)  encode %6.0f ms  decode %6.1f ms (%5.0f MB/s)  "
          + "decode+search %6.1f ms  on codes %s  matches %d/%d  tree %s%n", arm, encoded, 100.0 * encoded / raw,
          encodeNanos / 1e6, decode / 1e6, raw / (decode / 1e3), search / 1e6,
          onCodes == Long.MAX_VALUE ? "-" : String.format("%.1f ms", onCodes / 1e6), matches, matchesOnCodes,
          tree.length() > 90 ? tree.substring(0, 90) + "..." : tree);
      segments.forEach(ArrowBuf::close);
    }
  }

  private static long countContaining(BaseVariableWidthVector vector, byte[] needle) {
    long found = 0;
    ArrowBuf data = vector.getDataBuffer();
    byte[] scratch = new byte[0];
    for (int row = 0; row < vector.getValueCount(); row++) {
      if (vector.isNull(row)) {
        continue;
      }
      int from = vector.getStartOffset(row);
      int length = vector.getEndOffset(row) - from;
      if (scratch.length < length) {
        scratch = new byte[Math.max(length, 2 * scratch.length)];
      }
      data.getBytes(from, scratch, 0, length);
      if (LikeSearch.indexOf(scratch, length, needle) >= 0) {
        found++;
      }
    }
    return found;
  }

  /** A plain first-byte scan with a compare, like the engine's contains. */
  private static final class LikeSearch {
    static int indexOf(byte[] value, int length, byte[] needle) {
      byte first = needle[0];
      for (int start = 0; start <= length - needle.length; start++) {
        if (value[start] == first && java.util.Arrays.equals(value, start, start + needle.length, needle, 0,
            needle.length)) {
          return start;
        }
      }
      return -1;
    }
  }
}
