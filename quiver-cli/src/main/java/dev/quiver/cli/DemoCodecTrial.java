package dev.quiver.cli;

import dev.quiver.common.memory.Allocators;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.io.AtomicOutputFile;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.codec.GrowableBytes;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.compare.VectorEqualsVisitor;

/**
 * One row of the demo's table: encode every batch with one codec setting (timed), decode every block
 * with one fresh {@link BlockDecoder} (timed: the first block misses the schema cache, the rest hit),
 * and compare every decoded value with the original. Each decoded block is compared and released
 * before the next is decoded, as a consumer would. Only the writer's {@code encode} (into its reused
 * buffer) and the decoder's {@code decode} calls are timed.
 */
final class DemoCodecTrial {
  /** A codec setting: a label for the table and a suffix for the file name. */
  record Setup(String label, CompressionCodec codec, boolean offsetsAsLengths, String fileSuffix) {}

  /** What a trial measured. {@code file} is null when no file was written. */
  record Result(
      Setup setup, int blocks, long rawBytes, long blockBytes, long encodeNanos, long decodeNanos,
      MetricsSnapshot metrics, long mismatches, Path file) {}

  static final List<Setup> SETUPS = List.of(
      new Setup("none", CompressionCodec.NONE, false, "none"),
      new Setup("lz4", CompressionCodec.LZ4, false, "lz4"),
      new Setup("zstd", CompressionCodec.ZSTD, false, "zstd"),
      new Setup("snappy", CompressionCodec.SNAPPY, false, "snappy"),
      new Setup("zstd + offsets as lengths", CompressionCodec.ZSTD, true, "zstd_offsets_as_lengths"));

  private DemoCodecTrial() {}

  /**
   * Runs {@code setup} over {@code batches}; writes the blocks to {@code file} (atomically) unless it
   * is null.
   */
  static Result run(Setup setup, List<VectorSchemaRoot> batches, BufferAllocator allocator, Path file)
      throws IOException {
    List<byte[]> blocks = new ArrayList<>(batches.size());
    long encodeNanos = 0;
    try (ShuffleBlockWriter writer = new ShuffleBlockWriter(DemoTable.SCHEMA, setup.codec(),
        ShuffleBlockWriter.Options.defaults().withOffsetsAsLengths(setup.offsetsAsLengths()))) {
      for (VectorSchemaRoot batch : batches) {
        long encodeStart = System.nanoTime();
        GrowableBytes block = writer.encode(batch);
        encodeNanos += System.nanoTime() - encodeStart;
        blocks.add(Arrays.copyOf(block.array(), block.size()));
      }
    }
    long blockBytes = 0;
    for (byte[] block : blocks) {
      blockBytes += block.length;
    }
    if (file != null) {
      write(blocks, file);
    }
    List<ArrowBuf> buffers = new ArrayList<>(blocks.size());
    try {
      for (byte[] block : blocks) {
        ArrowBuf buffer = Allocators.exactBuffer(allocator, block.length);
        buffers.add(buffer);
        buffer.setBytes(0, block);
      }
      // As a consumer would: decode a block (timed), use it (compare, untimed), release it.
      BlockDecoder decoder = new BlockDecoder(allocator);
      long decodeNanos = 0;
      long mismatches = 0;
      for (int i = 0; i < buffers.size(); i++) {
        long decodeStart = System.nanoTime();
        try (DecodedBatch decoded = decoder.decode(buffers.get(i), "demo " + setup.label() + " block " + i)) {
          decodeNanos += System.nanoTime() - decodeStart;
          mismatches += mismatches(batches.get(i), decoded.root());
        }
      }
      return new Result(setup, blocks.size(), rawBytes(batches), blockBytes, encodeNanos, decodeNanos,
          decoder.metrics(), mismatches, file);
    } finally {
      buffers.forEach(ArrowBuf::close);
    }
  }

  private static void write(List<byte[]> blocks, Path file) throws IOException {
    try (AtomicOutputFile output = AtomicOutputFile.create(file)) {
      OutputStream stream = output.stream();
      for (byte[] block : blocks) {
        stream.write(block);
      }
      output.commit();
    }
  }

  /** Bytes of every Arrow buffer of the batches (the uncompressed size). */
  static long rawBytes(List<VectorSchemaRoot> batches) {
    long bytes = 0;
    for (VectorSchemaRoot batch : batches) {
      for (FieldVector vector : batch.getFieldVectors()) {
        bytes += vector.getBufferSize();
      }
    }
    return bytes;
  }

  /** How many values of {@code actual} differ from {@code expected} (every value when the shapes differ). */
  static long mismatches(VectorSchemaRoot expected, VectorSchemaRoot actual) {
    int columns = expected.getFieldVectors().size();
    if (expected.getRowCount() != actual.getRowCount() || actual.getFieldVectors().size() != columns) {
      return (long) expected.getRowCount() * columns;
    }
    long mismatches = 0;
    for (int column = 0; column < columns; column++) {
      FieldVector left = expected.getVector(column);
      FieldVector right = actual.getVector(column);
      if (VectorEqualsVisitor.vectorEquals(left, right)) {
        continue;
      }
      long differing = 0;
      for (int row = 0; row < expected.getRowCount(); row++) {
        if (!Objects.equals(left.getObject(row), right.getObject(row))) {
          differing++;
        }
      }
      mismatches += Math.max(1, differing);
    }
    return mismatches;
  }
}
