package dev.quiver.spark.exchange;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import org.apache.spark.serializer.SerializationStream;
import scala.reflect.ClassTag;

/** Writes each record's value, a block, as its bytes; writes nothing for keys. */
final class BlockSerializationStream extends SerializationStream {
  private final OutputStream out;

  BlockSerializationStream(OutputStream out) {
    this.out = out;
  }

  @Override
  public <T> SerializationStream writeKey(T key, ClassTag<T> tag) {
    return this;
  }

  @Override
  public <T> SerializationStream writeValue(T value, ClassTag<T> tag) {
    return writeObject(value, tag);
  }

  @Override
  public <T> SerializationStream writeObject(T value, ClassTag<T> tag) {
    if (!(value instanceof byte[] block)) {
      throw new QuiverException(ErrorCode.INTERNAL, "the Quiver exchange serializer writes blocks (byte[]), not "
          + (value == null ? "null" : value.getClass().getName()));
    }
    try {
      out.write(block);
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
    return this;
  }

  @Override
  public void flush() {
    try {
      out.flush();
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }
}
