package dev.quiver.bench.shuffle;

import com.github.luben.zstd.ZstdOutputStream;
import dev.quiver.bench.exchange.ArrowStreamArm;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.BlockFormat;
import dev.quiver.shuffle.block.DecodedBatch;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.codec.GrowableBytes;
import dev.quiver.shuffle.codec.Lz4Frame;
import dev.quiver.shuffle.codec.ZstdFrame;
import dev.quiver.shuffle.sample.CometBenchmarkTable;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.apache.arrow.flatbuf.Message;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Decoding (and encoding) one shuffle block of Comet's benchmark shape: column i named
 * {@code column_i}, not nullable, even i Int64 = r, odd i Utf8 "value_r".
 *
 * <p>Arms: {@code parseSchemaOnly} (the flatbuffer schema parse a cache hit avoids),
 * {@code decodeBlock} (warm cache, in place), {@code decodeBlockUncached}, {@code decodeValidated}
 * (warm, every check), {@code arrowStreamReader} (the baseline: Arrow Java's reader per block over the
 * codec library's stream), {@code decompressOnly} (the codec alone into a reused buffer: the floor for
 * compressed blocks; a no-op for none), {@code encodeBlock} and its baseline {@code arrowStreamWriter}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1,
    jvmArgsAppend = {"--add-opens=java.base/java.nio=ALL-UNNAMED", "-Darrow.allocation.manager.type=Unsafe"})
public class ShuffleDecodeBenchmark {
  @Param({"5", "50"})
  public int columns;

  @Param({"64", "512", "8192"})
  public int rows;

  @Param({"none", "lz4", "zstd"})
  public String codec;

  private BufferAllocator allocator;
  private VectorSchemaRoot batch;
  private ShuffleBlockWriter writer;
  private ArrowBuf block;
  private byte[] payload;
  private byte[] schemaMetadata;
  private int decompressedSize;
  private ArrowBuf decompressTarget;
  private ByteBuffer decompressTargetView;
  private ByteBuffer payloadView;
  private BlockDecoder cached;
  private BlockDecoder uncached;
  private BlockDecoder validated;
  private CompressionCodec compression;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    allocator = new RootAllocator(Long.MAX_VALUE);
    compression = CompressionCodec.parse(codec);
    batch = CometBenchmarkTable.batch(allocator, columns, rows);
    writer = new ShuffleBlockWriter(batch.getSchema(), compression, ShuffleBlockWriter.Options.defaults());
    byte[] bytes = writer.encodeToArray(batch);
    block = allocator.buffer(bytes.length).slice(0, bytes.length);
    block.setBytes(0, bytes);
    payload = java.util.Arrays.copyOfRange(bytes, BlockFormat.HEADER_BYTES, bytes.length);
    payloadView = block.nioBuffer(BlockFormat.HEADER_BYTES, payload.length);
    byte[] stream = uncompressedStream(bytes);
    decompressedSize = stream.length;
    int metadataLength = ByteBuffer.wrap(stream).order(ByteOrder.LITTLE_ENDIAN).getInt(4);
    schemaMetadata = java.util.Arrays.copyOfRange(stream, 8, 8 + metadataLength);
    decompressTarget = allocator.buffer(Math.max(1, decompressedSize));
    decompressTargetView = decompressTarget.nioBuffer(0, Math.max(1, decompressedSize));
    cached = new BlockDecoder(allocator);
    uncached = new BlockDecoder(allocator, 0, 0);
    validated = new BlockDecoder(allocator);
    cached.decode(block, "block").close();
    validated.decodeValidated(block, "block").close();
  }

  private byte[] uncompressedStream(byte[] bytes) throws IOException {
    try (InputStream in = codecInput(
        new ByteArrayInputStream(bytes, BlockFormat.HEADER_BYTES, bytes.length - BlockFormat.HEADER_BYTES))) {
      return in.readAllBytes();
    }
  }

  private InputStream codecInput(InputStream raw) throws IOException {
    return ArrowStreamArm.decompressing(compression, raw);
  }

  private OutputStream codecOutput(OutputStream raw) throws IOException {
    switch (compression) {
      case LZ4:
        return new LZ4FrameOutputStream(raw);
      case ZSTD:
        return new ZstdOutputStream(raw, 1);
      default:
        return raw;
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    block.close();
    decompressTarget.close();
    batch.close();
    writer.close();
    allocator.close();
  }

  @Benchmark
  public Schema parseSchemaOnly() {
    Message message = Message.getRootAsMessage(ByteBuffer.wrap(schemaMetadata));
    return MessageSerializer.deserializeSchema(message);
  }

  @Benchmark
  public int decodeBlock() {
    try (DecodedBatch decoded = cached.decode(block, "block")) {
      return decoded.rowCount();
    }
  }

  @Benchmark
  public int decodeBlockUncached() {
    try (DecodedBatch decoded = uncached.decode(block, "block")) {
      return decoded.rowCount();
    }
  }

  @Benchmark
  public int decodeValidated() {
    try (DecodedBatch decoded = validated.decodeValidated(block, "block")) {
      return decoded.rowCount();
    }
  }

  @Benchmark
  public int arrowStreamReader() throws IOException {
    try (ArrowStreamReader reader = new ArrowStreamReader(codecInput(new ByteArrayInputStream(payload)), allocator)) {
      reader.loadNextBatch();
      return reader.getVectorSchemaRoot().getRowCount();
    }
  }

  @Benchmark
  public long decompressOnly() {
    switch (compression) {
      case LZ4:
        return Lz4Frame.decompress(payloadView, 0, payload.length, decompressTargetView, 0, decompressedSize, "block");
      case ZSTD:
        return ZstdFrame.decompress(payloadView, 0, payload.length, decompressTargetView, 0, decompressedSize, "block");
      default:
        return 0;
    }
  }

  @Benchmark
  public int encodeBlock() {
    GrowableBytes encoded = writer.encode(batch);
    return encoded.size();
  }

  @Benchmark
  public int arrowStreamWriter() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 64);
    try (OutputStream compressed = codecOutput(out);
        ArrowStreamWriter streamWriter = new ArrowStreamWriter(batch, null, compressed)) {
      streamWriter.start();
      streamWriter.writeBatch();
      streamWriter.end();
    }
    return out.size();
  }
}
