package dev.quiver.format.file;

import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/** Turns codes of a {@link dev.quiver.format.layout.DictLayout} back into values. */
public final class DictionaryGather {
  /** The field the codes of every dict layout decode as: nullable int32. */
  public static final Field CODES_FIELD = Field.nullable("codes", new ArrowType.Int(32, true));

  private DictionaryGather() {}

}
