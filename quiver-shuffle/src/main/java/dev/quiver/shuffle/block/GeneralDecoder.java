package dev.quiver.shuffle.block;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.ipc.BatchPlan;
import dev.quiver.shuffle.ipc.IpcMessage;
import dev.quiver.shuffle.ipc.RecordBatchLoader;
import dev.quiver.shuffle.ipc.SchemaMessages;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.flatbuf.DictionaryBatch;
import org.apache.arrow.flatbuf.MessageHeader;
import org.apache.arrow.flatbuf.RecordBatch;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.DictionaryUtility;

/**
 * The general path: decodes any sound block from scratch (schema parsed, dictionaries loaded, every
 * message framed and checked) and is the only path that reports errors. Buffers are still slices of
 * the decompressed payload; what it lacks is the cache, not correctness.
 */
final class GeneralDecoder {
  private GeneralDecoder() {}

  /** The decoded batch, and the schema facts the cache may keep. */
  record Result(DecodedBatch batch, byte[] schemaKey, Schema schema, BatchPlan plan) {}

  static Result decode(BlockHeader header, ArrowBuf payload, boolean deep, BufferAllocator allocator, String name) {
    long size = payload.capacity();
    if (size == 0) {
      throw QuiverException.corrupt(name + ": the IPC stream is empty; a block starts with a schema message");
    }
    IpcMessage first = IpcMessage.read(payload, 0, size, name);
    Schema schema = SchemaMessages.parse(first, name);
    if (schema.getFields().size() != header.fieldCount()) {
      throw QuiverException.corrupt(
          name + ": the header says " + header.fieldCount() + " columns but the schema has "
              + schema.getFields().size());
    }
    BatchPlan plan = BatchPlan.of(schema.getFields(), name);
    Map<Long, Dictionary> dictionaries = new HashMap<>();
    VectorSchemaRoot root = null;
    boolean success = false;
    try {
      List<Field> memoryFields = new ArrayList<>(schema.getFields().size());
      for (Field field : schema.getFields()) {
        memoryFields.add(DictionaryUtility.toMemoryFormat(field, allocator, dictionaries));
      }
      Schema memorySchema = new Schema(memoryFields, schema.getCustomMetadata());
      long position = first.end();
      while (position < size) {
        IpcMessage message = IpcMessage.read(payload, position, size, name);
        if (message.isEndOfStream()) {
          if (message.end() != size) {
            throw QuiverException.corrupt(
                name + ": " + (size - message.end()) + " bytes after the end-of-stream marker at byte " + position);
          }
          position = message.end();
          break;
        }
        byte type = message.message().headerType();
        if (type == MessageHeader.Schema) {
          throw QuiverException.corrupt(name + ": a second schema message at byte " + position);
        } else if (type == MessageHeader.DictionaryBatch) {
          if (root != null) {
            throw QuiverException
                .corrupt(name + ": a dictionary batch at byte " + position + " follows the record batch");
          }
          loadDictionary(message, payload, dictionaries, allocator, name);
        } else {
          if (root != null) {
            throw QuiverException.corrupt(
                name + ": a second record batch at byte " + position + "; a block holds exactly one");
          }
          RecordBatch batch = (RecordBatch) message.message().header(new RecordBatch());
          if (batch == null) {
            throw QuiverException.corrupt(name + ": record batch message at byte " + position + " has no header");
          }
          root = VectorSchemaRoot.create(memorySchema, allocator);
          ArrowBuf body = payload.slice(message.bodyOffset(), message.bodyLength());
          int rows = RecordBatchLoader.load(
              plan, root.getFieldVectors(), batch, body, header.offsetsAsLengths(), deep, allocator, name);
          root.setRowCount(rows);
        }
        position = message.end();
      }
      if (root == null) {
        throw QuiverException.corrupt(name + ": the IPC stream ends without a record batch");
      }
      if (deep) {
        for (FieldVector vector : root.getFieldVectors()) {
          checkDictionaryIndices(vector, dictionaries, name);
        }
      }
      byte[] key = new byte[first.metadataLength()];
      payload.getBytes(first.metadataOffset(), key);
      Result result = new Result(new DecodedBatch(root, dictionaries, false), key, memorySchema, plan);
      success = true;
      return result;
    } finally {
      if (!success) {
        if (root != null) {
          root.close();
        }
        for (Dictionary dictionary : dictionaries.values()) {
          dictionary.getVector().close();
        }
      }
    }
  }

  private static void loadDictionary(
      IpcMessage message, ArrowBuf payload, Map<Long, Dictionary> dictionaries, BufferAllocator allocator,
      String name) {
    DictionaryBatch batch = (DictionaryBatch) message.message().header(new DictionaryBatch());
    if (batch == null || batch.data() == null) {
      throw QuiverException.corrupt(name + ": dictionary batch at byte " + message.start() + " has no data");
    }
    Dictionary dictionary = dictionaries.get(batch.id());
    if (dictionary == null) {
      throw QuiverException.corrupt(
          name + ": dictionary batch at byte " + message.start() + " has id " + batch.id()
              + ", which no column of the schema uses");
    }
    if (batch.isDelta()) {
      throw QuiverException.corrupt(
          name + ": dictionary batch " + batch.id() + " is a delta, which shuffle blocks never use");
    }
    FieldVector vector = dictionary.getVector();
    BatchPlan plan = BatchPlan.of(List.of(vector.getField()), name + ": dictionary " + batch.id());
    ArrowBuf body = payload.slice(message.bodyOffset(), message.bodyLength());
    int rows = RecordBatchLoader.load(
        plan, List.of(vector), batch.data(), body, false, true, allocator, name + ": dictionary " + batch.id());
    vector.setValueCount(rows);
  }

  private static void checkDictionaryIndices(FieldVector vector, Map<Long, Dictionary> dictionaries, String name) {
    if (vector.getField().getDictionary() != null && vector instanceof BaseIntVector) {
      long id = vector.getField().getDictionary().getId();
      Dictionary dictionary = dictionaries.get(id);
      long size = dictionary == null ? 0 : dictionary.getVector().getValueCount();
      BaseIntVector indices = (BaseIntVector) vector;
      for (int i = 0; i < vector.getValueCount(); i++) {
        if (!vector.isNull(i)) {
          long index = indices.getValueAsLong(i);
          if (index < 0 || index >= size) {
            throw QuiverException.corrupt(
                name + ": column " + vector.getName() + " row " + i + " has dictionary index " + index
                    + " outside dictionary " + id + " of " + size + " values");
          }
        }
      }
    }
    for (FieldVector child : vector.getChildrenFromFields()) {
      checkDictionaryIndices(child, dictionaries, name);
    }
  }
}
