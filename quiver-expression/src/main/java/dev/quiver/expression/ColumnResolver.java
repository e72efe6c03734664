package dev.quiver.expression;

import dev.quiver.common.QuiverException;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/** Finds the schema field an identifier names: exactly, or (unquoted) ignoring case when that is unique. */
final class ColumnResolver {
  private static final int LISTED_COLUMNS = 12;

  private final Schema schema;

  ColumnResolver(Schema schema) {
    this.schema = schema;
  }

  ColumnReference resolve(String name, boolean quoted, int position, ParseErrors errors) {
    Field field = find(name, quoted);
    if (field == null) {
      throw errors.at(position, "unknown column " + SqlText.identifier(name) + available());
    }
    ColumnReference column = new ColumnReference(field.getName(), schema.getFields().indexOf(field), field.getType());
    try {
      LiteralCoercion.requireSupported(column);
    } catch (QuiverException failure) {
      throw errors.at(position, failure.getMessage());
    }
    return column;
  }

  /** The field named exactly {@code name}, else (unquoted) the one field matching it ignoring case, else null. */
  Field find(String name, boolean quoted) {
    for (Field field : schema.getFields()) {
      if (field.getName().equals(name)) {
        return field;
      }
    }
    if (quoted) {
      return null;
    }
    List<Field> matches = schema.getFields().stream().filter(field -> field.getName().equalsIgnoreCase(name)).toList();
    return matches.size() == 1 ? matches.get(0) : null;
  }

  private String available() {
    List<Field> fields = schema.getFields();
    String names = fields.stream().limit(LISTED_COLUMNS).map(field -> SqlText.identifier(field.getName()))
        .collect(Collectors.joining(", "));
    return fields.isEmpty() ? " (the schema has no columns)"
        : " (columns: " + names + (fields.size() > LISTED_COLUMNS ? ", ..." : "") + ")";
  }
}
