package dev.quiver.exec.keys;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Where each key column sits in a packed row key ({@link KeyRows}): slot 0 is the null mask, then
 * each column's slots in order. Immutable.
 */
public final class KeyLayout {
  private final List<Field> fields;
  private final KeyKind[] kinds;
  private final int[] slotOf;
  private final int stride;
  private final boolean hasBytes;

  public KeyLayout(List<Field> fields) {
    if (fields.size() > 63) {
      throw QuiverException.user("at most 63 key columns are supported, not " + fields.size());
    }
    this.fields = List.copyOf(fields);
    this.kinds = new KeyKind[fields.size()];
    this.slotOf = new int[fields.size()];
    int slot = 1;
    boolean bytes = false;
    for (int column = 0; column < kinds.length; column++) {
      kinds[column] = KeyKind.of(fields.get(column).getType());
      slotOf[column] = slot;
      slot += kinds[column].slots();
      bytes |= kinds[column] == KeyKind.BYTES;
    }
    this.stride = slot;
    this.hasBytes = bytes;
  }

  /** The layout of columns {@code ordinals} of a schema's fields. */
  public static KeyLayout of(List<Field> schemaFields, List<Integer> ordinals) {
    List<Field> chosen = new ArrayList<>();
    for (int ordinal : ordinals) {
      chosen.add(schemaFields.get(ordinal));
    }
    return new KeyLayout(chosen);
  }

  public int columnCount() {
    return kinds.length;
  }

  public List<Field> fields() {
    return fields;
  }

  public KeyKind kind(int column) {
    return kinds[column];
  }

  /** The first slot of a column. */
  public int slot(int column) {
    return slotOf[column];
  }

  /** Slots per row. */
  public int stride() {
    return stride;
  }

  /** Whether a column is Utf8 or Binary (rows carry byte runs). */
  public boolean hasBytes() {
    return hasBytes;
  }
}
