package dev.quiver.spark.exchange;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import org.apache.spark.serializer.DeserializationStream;
import org.apache.spark.serializer.SerializationStream;
import org.apache.spark.serializer.Serializer;
import org.apache.spark.serializer.SerializerInstance;
import scala.reflect.ClassTag;

/**
 * The exchange's {@link Serializer} for Spark's shuffle: a record is (partition id, block bytes); its
 * stream writes the block bytes only (the key is dropped: the shuffle file's index already says the
 * partition), so with {@code spark.shuffle.compress=false} a shuffle data file is Quiver blocks back
 * to back. Reading, each block is decoded into a Spark {@code ColumnarBatch}
 * ({@link BlockDeserializationStream}). Blocks are self-delimiting and written independently, so
 * Spark may move serialized records around ({@link #supportsRelocationOfSerializedObjects} is true,
 * which lets it use its serialized sort shuffle).
 */
final class BlockSerializer extends Serializer implements Serializable {
  private static final long serialVersionUID = 1L;

  @Override
  public SerializerInstance newInstance() {
    return new Instance();
  }

  @Override
  public boolean supportsRelocationOfSerializedObjects() {
    return true;
  }

  /** Streams only: single objects are not serialized by the shuffle. */
  private static final class Instance extends SerializerInstance {
    @Override
    public <T> ByteBuffer serialize(T value, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the Quiver exchange serializer writes shuffle streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the Quiver exchange serializer reads shuffle streams only");
    }

    @Override
    public <T> T deserialize(ByteBuffer bytes, ClassLoader loader, ClassTag<T> tag) {
      throw new UnsupportedOperationException("the Quiver exchange serializer reads shuffle streams only");
    }

    @Override
    public SerializationStream serializeStream(OutputStream out) {
      return new BlockSerializationStream(out);
    }

    @Override
    public DeserializationStream deserializeStream(InputStream in) {
      TaskMemory memory = TaskMemory.current();
      BlockDeserializationStream stream = new BlockDeserializationStream(in, memory.allocator(), memory.decoder());
      memory.closeAtEnd(stream);
      return stream;
    }
  }
}
