package dev.quiver.format.file;

import dev.quiver.common.QuiverException;
import dev.quiver.common.batch.DictionaryDecoder;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns codes of a {@link dev.quiver.format.layout.DictLayout} back into values. */
public final class DictionaryGather {
  /** The field the codes of every dict layout decode as: nullable int32. */
  public static final Field CODES_FIELD = Field.nullable("codes", new ArrowType.Int(32, true));

  private DictionaryGather() {}

  /**
   * Rows {@code [from, from+count)} of {@code codes} as a new vector of {@code field}'s type (owned by
   * the caller), every code checked first.
   *
   * @throws QuiverException {@code CORRUPT}, naming {@code name}, when a code is outside the values
   */
  public static FieldVector gather(
      BaseVariableWidthVector values, IntVector codes, int from, int count, Field field, BufferAllocator allocator,
      String name) {
    return DictionaryDecoder.decode(values, codes, null, from, count, field, allocator, name);
  }
}
