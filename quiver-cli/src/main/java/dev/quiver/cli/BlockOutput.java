package dev.quiver.cli;

import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * Writes batches as shuffle blocks to one output stream, with one {@link ShuffleBlockWriter} per
 * distinct schema as it goes on the wire (dictionary-encoded columns described by their value types).
 * A writer for dictionary-encoded batches reads the dictionaries of whichever batch it is writing,
 * through a {@link SwitchingDictionaryProvider}.
 */
final class BlockOutput implements Rebatcher.Sink, AutoCloseable {
  private final CompressionCodec codec;
  private final ShuffleBlockWriter.Options options;
  private final OutputStream out;
  private final Map<Schema, Writer> writers = new LinkedHashMap<>();
  private long blocks;
  private long rows;
  private long bytes;
  private boolean offsetsAsLengthsWritten;

  private record Writer(ShuffleBlockWriter writer, SwitchingDictionaryProvider dictionaries) {}

  BlockOutput(CompressionCodec codec, ShuffleBlockWriter.Options options, OutputStream out) {
    this.codec = codec;
    this.options = options;
    this.out = out;
  }

  @Override
  public void accept(VectorSchemaRoot batch, DictionaryProvider dictionaries) throws IOException {
    Schema schema = batch.getSchema();
    boolean dictionaryEncoded = Rebatcher.hasDictionary(schema.getFields());
    Schema key = dictionaryEncoded ? messageSchema(schema, dictionaries) : schema;
    Writer writer = writers.get(key);
    if (writer == null) {
      writer = newWriter(schema, dictionaryEncoded, dictionaries);
      writers.put(key, writer);
    }
    if (writer.dictionaries != null) {
      writer.dictionaries.use(dictionaries);
    }
    try {
      long written = writer.writer.write(batch, out);
      if (written > 0) {
        blocks++;
        rows += batch.getRowCount();
        bytes += written;
        offsetsAsLengthsWritten |= writer.writer.writesOffsetsAsLengths();
      }
    } finally {
      if (writer.dictionaries != null) {
        writer.dictionaries.use(null);
      }
    }
  }

  private Writer newWriter(Schema schema, boolean dictionaryEncoded, DictionaryProvider dictionaries) {
    if (!dictionaryEncoded) {
      return new Writer(new ShuffleBlockWriter(schema, codec, options), null);
    }
    SwitchingDictionaryProvider switching = new SwitchingDictionaryProvider();
    switching.use(dictionaries);
    try {
      return new Writer(new ShuffleBlockWriter(schema, switching, codec, options), switching);
    } finally {
      switching.use(null);
    }
  }

  /** The schema as the IPC schema message states it: dictionary columns with their value types. */
  private static Schema messageSchema(Schema schema, DictionaryProvider dictionaries) {
    List<Field> fields = new ArrayList<>();
    Set<Long> ids = new HashSet<>();
    for (Field field : schema.getFields()) {
      fields.add(DictionaryUtility.toMessageFormat(field, dictionaries, ids));
    }
    return new Schema(fields, schema.getCustomMetadata());
  }

  long blocks() {
    return blocks;
  }

  long rows() {
    return rows;
  }

  long bytes() {
    return bytes;
  }

  /** Whether any block carries the offsets-as-lengths flag. */
  boolean offsetsAsLengthsWritten() {
    return offsetsAsLengthsWritten;
  }

  @Override
  public void close() {
    for (Writer writer : writers.values()) {
      writer.writer.close();
    }
    writers.clear();
  }

  /** A dictionary provider that answers from whichever provider it was last told to use. */
  static final class SwitchingDictionaryProvider implements DictionaryProvider {
    private DictionaryProvider current;

    void use(DictionaryProvider provider) {
      current = provider;
    }

    @Override
    public Dictionary lookup(long id) {
      return current == null ? null : current.lookup(id);
    }

    @Override
    public Set<Long> getDictionaryIds() {
      return current == null ? Set.of() : current.getDictionaryIds();
    }
  }
}
