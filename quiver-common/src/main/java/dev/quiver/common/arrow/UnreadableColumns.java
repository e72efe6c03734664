package dev.quiver.common.arrow;

import dev.quiver.common.QuiverException;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A column a file holds but its reader cannot read (a Parquet MAP or INTERVAL, say): it stays in the
 * table's schema as a placeholder field of Arrow type Null, marked by metadata that carries the
 * reader's error message and the column's type in the file's terms. Queries that do not read the
 * column work; reading it (a scan asking for it) is that USER error, naming the file, column and type.
 */
public final class UnreadableColumns {
  /** The metadata key whose value is the error message of reading the column. */
  public static final String MESSAGE_KEY = "quiver.unreadable";
  /** The metadata key whose value is the column's type in the file's terms (e.g. {@code INTERVAL}). */
  public static final String TYPE_KEY = "quiver.unreadable.type";

  private UnreadableColumns() {}

  /** A placeholder for the column {@code name}, of {@code type} in the file, failing with {@code message}. */
  public static Field placeholder(String name, String type, String message) {
    return new Field(name, new FieldType(true, ArrowType.Null.INSTANCE, null,
        Map.of(MESSAGE_KEY, message, TYPE_KEY, type)), null);
  }

  /** Whether {@code field} is a placeholder of a column its reader cannot read. */
  public static boolean isUnreadable(Field field) {
    return field.getMetadata() != null && field.getMetadata().containsKey(MESSAGE_KEY);
  }

  /** The column's type in the file's terms, or null when {@code field} is readable. */
  public static String fileType(Field field) {
    return isUnreadable(field) ? field.getMetadata().get(TYPE_KEY) : null;
  }

  /**
   * Fails when {@code field} is a placeholder.
   *
   * @throws QuiverException USER with the reader's message naming the file, column and type
   */
  public static void requireReadable(Field field) {
    if (isUnreadable(field)) {
      throw QuiverException.user(field.getMetadata().get(MESSAGE_KEY));
    }
  }
}
