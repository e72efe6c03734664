package dev.quiver.io;

import dev.quiver.common.QuiverException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The rule every table read here keeps: each top-level column has its own name. A table with a name
 * twice cannot be scanned by name, so it is refused where it is made.
 */
public final class ColumnNames {
  private ColumnNames() {}

  /**
   * Fails when two columns of {@code schema} share a name.
   *
   * @param source names the file in the message
   * @throws QuiverException USER naming the file, the column and its two positions
   */
  public static void requireUnique(String source, Schema schema) {
    List<Field> fields = schema.getFields();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < fields.size(); i++) {
      String name = fields.get(i).getName();
      Integer earlier = seen.putIfAbsent(name, i);
      if (earlier != null) {
        throw QuiverException.user(source + ": duplicate column name '" + name + "' (columns " + (earlier + 1)
            + " and " + (i + 1) + "); every column needs its own name");
      }
    }
  }
}
