package dev.quiver.shuffle.block;

import com.github.luben.zstd.ZstdCompressCtx;
import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.common.metrics.Metric;
import dev.quiver.common.metrics.Metrics;
import dev.quiver.common.metrics.MetricsSnapshot;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.shuffle.codec.GrowableBytes;
import dev.quiver.shuffle.codec.PayloadCodecs;
import dev.quiver.shuffle.codec.ZstdFrame;
import dev.quiver.shuffle.ipc.BatchPlan;
import dev.quiver.shuffle.ipc.IpcFormat;
import dev.quiver.shuffle.ipc.OffsetsAsLengths;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.ipc.message.ArrowBuffer;
import org.apache.arrow.vector.ipc.message.ArrowDictionaryBatch;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.IpcOption;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Writes Arrow batches as shuffle blocks, one block per non-empty batch. Built once per schema and
 * codec: the schema message is encoded once and its bytes copied into every block. Not thread-safe
 * (it reuses its scratch buffers); use one per thread.
 */
public final class ShuffleBlockWriter implements AutoCloseable {

  /**
   * Writer settings.
   *
   * @param zstdLevel the zstd level (Comet's default is 1)
   * @param offsetsAsLengths write offsets buffers as byte-planed lengths (applied only when the
   *     schema has offsets buffers and no dictionaries, as Comet does)
   */
  public record Options(int zstdLevel, boolean offsetsAsLengths) {
    public static Options defaults() {
      return new Options(1, false);
    }

    public Options withZstdLevel(int level) {
      return new Options(level, offsetsAsLengths);
    }

    public Options withOffsetsAsLengths(boolean enabled) {
      return new Options(zstdLevel, enabled);
    }
  }

  private final Schema schema;
  private final CompressionCodec codec;
  private final DictionaryProvider dictionaries;
  private final List<Long> dictionaryIds;
  private final byte[] schemaMessage;
  private final BatchPlan plan;
  private final boolean offsetsAsLengths;
  private final ZstdCompressCtx zstd;
  private final GrowableBytes stream = new GrowableBytes(1 << 16);
  private final GrowableBytes block = new GrowableBytes(1 << 16);
  private byte[] planeScratch = new byte[0];
  private long blocksWritten;
  private long bytesWritten;
  private long buildNanos;
  private long compressNanos;
  private final Metrics metrics = new Metrics();

  /** A writer for batches of {@code schema} without dictionary-encoded columns. */
  public ShuffleBlockWriter(Schema schema, CompressionCodec codec, Options options) {
    this(schema, null, codec, options);
  }

  /**
   * A writer for batches of {@code schema} (as in memory: dictionary-encoded columns hold indices),
   * whose dictionaries {@code dictionaries} provides at every write.
   */
  public ShuffleBlockWriter(Schema schema, DictionaryProvider dictionaries, CompressionCodec codec, Options options) {
    this.schema = schema;
    this.codec = codec;
    this.dictionaries = dictionaries;
    Set<Long> ids = new TreeSet<>();
    List<Field> messageFields = new ArrayList<>();
    for (Field field : schema.getFields()) {
      if (hasDictionary(field) && dictionaries == null) {
        throw QuiverException
            .user("column " + field.getName() + " is dictionary-encoded but no dictionaries were given");
      }
      messageFields.add(dictionaries == null ? field : DictionaryUtility.toMessageFormat(field, dictionaries, ids));
    }
    this.dictionaryIds = List.copyOf(ids);
    Schema messageSchema = new Schema(messageFields, schema.getCustomMetadata());
    this.plan = BatchPlan.of(messageSchema.getFields(), "shuffle block writer");
    this.offsetsAsLengths = options.offsetsAsLengths() && plan.hasOffsets() && !plan.hasDictionaries();
    this.zstd = codec == CompressionCodec.ZSTD ? ZstdFrame.newCompressContext(options.zstdLevel()) : null;
    GrowableBytes encoded = new GrowableBytes(1024);
    try {
      MessageSerializer.serialize(new WriteChannel(encoded), messageSchema, IpcOption.DEFAULT);
    } catch (IOException impossible) {
      throw new UncheckedIOException(impossible);
    }
    this.schemaMessage = java.util.Arrays.copyOf(encoded.array(), encoded.size());
    metrics.gauge("blocks.written", Metric.Kind.COUNT, () -> blocksWritten);
    metrics.gauge("bytes.written", Metric.Kind.BYTES, () -> bytesWritten);
    metrics.gauge("time.encode", Metric.Kind.NANOS, () -> buildNanos - compressNanos);
    metrics.gauge("time.compress", Metric.Kind.NANOS, () -> compressNanos);
  }

  private static boolean hasDictionary(Field field) {
    if (field.getDictionary() != null) {
      return true;
    }
    for (Field child : field.getChildren()) {
      if (hasDictionary(child)) {
        return true;
      }
    }
    return false;
  }

  public Schema schema() {
    return schema;
  }

  public CompressionCodec codec() {
    return codec;
  }

  /** Whether blocks from this writer carry the offsets-as-lengths flag. */
  public boolean writesOffsetsAsLengths() {
    return offsetsAsLengths;
  }

  /**
   * What this writer did: {@code blocks.written}, {@code bytes.written} (block bytes),
   * {@code time.encode} (Arrow IPC serialization, compression excluded) and {@code time.compress}.
   */
  public MetricsSnapshot metrics() {
    return metrics.snapshot();
  }

  /** Nanoseconds spent building blocks (IPC serialization and compression together). */
  public long buildNanos() {
    return buildNanos;
  }

  /** Nanoseconds of {@link #buildNanos()} spent compressing payloads. */
  public long compressNanos() {
    return compressNanos;
  }

  /**
   * Writes {@code batch} as one block to {@code out}; returns the bytes written, 0 when the batch
   * has no rows (a zero-column schema always writes its block).
   */
  public long write(VectorSchemaRoot batch, OutputStream out) throws IOException {
    GrowableBytes encoded = encode(batch);
    if (encoded == null) {
      return 0;
    }
    encoded.writeTo(out);
    return encoded.size();
  }

  /** The block for {@code batch} as a new array, or an empty array when no block is written. */
  public byte[] encodeToArray(VectorSchemaRoot batch) {
    GrowableBytes encoded = encode(batch);
    return encoded == null ? new byte[0] : java.util.Arrays.copyOf(encoded.array(), encoded.size());
  }

  /** Encodes into the writer's scratch; the result is valid until the next call. Null: no block. */
  public GrowableBytes encode(VectorSchemaRoot batch) {
    if (!batch.getSchema().equals(schema)) {
      throw QuiverException.user("batch schema " + batch.getSchema() + " differs from the writer's " + schema);
    }
    int rows = batch.getRowCount();
    if (rows == 0 && !schema.getFields().isEmpty()) {
      return null;
    }
    long started = System.nanoTime();
    // The IPC stream is written after room for the header, so an uncompressed block needs no copy.
    stream.reset();
    stream.ensureRoom(BlockFormat.HEADER_BYTES);
    stream.setSize(BlockFormat.HEADER_BYTES);
    try {
      WriteChannel channel = new WriteChannel(stream);
      channel.write(schemaMessage);
      for (long id : dictionaryIds) {
        Dictionary dictionary = dictionaries.lookup(id);
        if (dictionary == null) {
          throw QuiverException.user("dictionary " + id + " is missing from the provider");
        }
        FieldVector vector = dictionary.getVector();
        VectorSchemaRoot dictionaryRoot = new VectorSchemaRoot(List.of(vector.getField()), List.of(vector),
            vector.getValueCount());
        try (ArrowRecordBatch data = new VectorUnloader(dictionaryRoot).getRecordBatch();
            ArrowDictionaryBatch dictionaryBatch = new ArrowDictionaryBatch(id, data, false)) {
          MessageSerializer.serialize(channel, dictionaryBatch, IpcOption.DEFAULT);
        }
      }
      try (ArrowRecordBatch recordBatch = new VectorUnloader(batch).getRecordBatch()) {
        ArrowBlock written = MessageSerializer.serialize(channel, recordBatch, IpcOption.DEFAULT);
        if (offsetsAsLengths) {
          long bodyStart = BlockFormat.HEADER_BYTES + written.getOffset() + written.getMetadataLength();
          encodeOffsets(recordBatch.getBuffersLayout(), bodyStart);
        }
      }
      channel.writeIntLittleEndian(IpcFormat.CONTINUATION);
      channel.writeIntLittleEndian(0);
    } catch (IOException impossible) {
      throw new QuiverException(ErrorCode.INTERNAL, "writing to memory failed", impossible);
    }
    GrowableBytes result = stream;
    if (codec != CompressionCodec.NONE) {
      long compressStarted = System.nanoTime();
      block.reset();
      block.ensureRoom(BlockFormat.HEADER_BYTES);
      block.setSize(BlockFormat.HEADER_BYTES);
      PayloadCodecs.compress(
          codec, zstd, stream.array(), BlockFormat.HEADER_BYTES, stream.size() - BlockFormat.HEADER_BYTES, block);
      result = block;
      compressNanos += System.nanoTime() - compressStarted;
    }
    int tag = codec.tag() | (offsetsAsLengths ? BlockFormat.OFFSETS_AS_LENGTHS_FLAG : 0);
    result.putLongLittleEndian(BlockFormat.LENGTH_OFFSET, result.size() - (long) BlockFormat.LENGTH_FIELD_BYTES);
    result.putLongLittleEndian(BlockFormat.FIELD_COUNT_OFFSET, schema.getFields().size());
    result.putIntLittleEndian(BlockFormat.CODEC_TAG_OFFSET, tag);
    blocksWritten++;
    bytesWritten += result.size();
    buildNanos += System.nanoTime() - started;
    return result;
  }

  private void encodeOffsets(List<ArrowBuffer> layout, long bodyStart) {
    for (int node = 0; node < plan.nodeCount(); node++) {
      int width = plan.offsetWidth(node);
      if (width == 0) {
        continue;
      }
      ArrowBuffer offsets = layout.get(plan.firstBuffer(node) + 1);
      int bytes = (int) offsets.getSize();
      if (planeScratch.length < bytes) {
        planeScratch = new byte[Math.max(bytes, planeScratch.length * 2)];
      }
      OffsetsAsLengths.encode(stream.array(), (int) (bodyStart + offsets.getOffset()), bytes, width, planeScratch);
    }
  }

  @Override
  public void close() {
    if (zstd != null) {
      zstd.close();
    }
  }
}
