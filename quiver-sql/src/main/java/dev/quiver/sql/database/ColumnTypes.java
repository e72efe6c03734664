package dev.quiver.sql.database;

import dev.quiver.common.QuiverException;
import dev.quiver.format.table.ManifestSchemas;
import dev.quiver.sql.catalog.SqlTypeNames;
import dev.quiver.sql.database.DatabaseStatement.Column;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A table's columns as Arrow fields: the SQL types of CREATE TABLE resolved by the planner (so every
 * type name a query's CAST takes is a column type too), NOT NULL as the field's nullability, DEFAULT
 * and PRIMARY KEY / UNIQUE in the field's metadata, which the manifest keeps.
 */
final class ColumnTypes {
  /** The metadata key of a column's DEFAULT expression (its SQL text). */
  static final String DEFAULT = "quiver.default";
  /** The metadata key of a column's key constraint: {@code primary}, or the UNIQUE key it is part of ({@code unique(a,b)}). */
  static final String KEY = "quiver.key";

  private ColumnTypes() {}

  /** The fields of CREATE TABLE's columns. */
  static Schema resolve(String table, List<Column> columns, QueryRunner runner) {
    Set<String> seen = new HashSet<>();
    StringBuilder probe = new StringBuilder("SELECT ");
    for (int i = 0; i < columns.size(); i++) {
      Column column = columns.get(i);
      if (!seen.add(column.name().toLowerCase(Locale.ROOT))) {
        throw QuiverException.user("table " + table + " names column " + column.name() + " twice");
      }
      probe.append(i > 0 ? ", " : "").append("CAST(NULL AS ").append(column.type()).append(") AS ")
          .append(quote("c" + i));
    }
    Schema types;
    try {
      types = runner.plan(probe.toString()).schema();
    } catch (QuiverException failure) {
      throw QuiverException.user("table " + table + ": a column type is not known: " + failure.getMessage());
    }
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      fields.add(field(columns.get(i), types.getFields().get(i).getType(), table));
    }
    return new Schema(fields);
  }

  /** The field of one column whose type is known. */
  static Field field(Column column, ArrowType type, String table) {
    if (!ManifestSchemas.storable(type)) {
      throw QuiverException.user("table " + table + ", column " + column.name() + ": type " + column.type()
          + " cannot be stored in a table yet");
    }
    Map<String, String> metadata = new HashMap<>();
    if (column.defaultValue() != null) {
      metadata.put(DEFAULT, column.defaultValue());
    }
    if (column.primaryKey()) {
      metadata.put(KEY, "primary");
    } else if (column.uniqueKey() != null) {
      metadata.put(KEY, column.uniqueKey());
    }
    return new Field(column.name(), new FieldType(!column.notNull(), type, null,
        metadata.isEmpty() ? null : metadata), List.of());
  }

  /** The text of a CAST to {@code field}'s type. */
  static String castType(Field field) {
    ArrowType type = field.getType();
    if (type instanceof ArrowType.FloatingPoint floating && floating.getPrecision() == FloatingPointPrecision.SINGLE) {
      return "REAL";
    }
    if (type instanceof ArrowType.Timestamp timestamp && timestamp.getTimezone() != null) {
      return "TIMESTAMPTZ";
    }
    return SqlTypeNames.of(type);
  }

  /** The value a column takes when an INSERT does not give one: its DEFAULT, else NULL, cast to its type. */
  static String defaultValue(Field field) {
    String value = field.getMetadata() == null ? null : field.getMetadata().get(DEFAULT);
    return "CAST(" + (value == null ? "NULL" : "(" + value + ")") + " AS " + castType(field) + ")";
  }

  /** The keys whose values no two rows may share: each a list of columns (the primary key first). */
  static List<List<String>> keys(Schema columns) {
    Map<String, List<String>> keys = new java.util.TreeMap<>((a, b) -> a.equals(b) ? 0
        : a.equals("primary") ? -1 : b.equals("primary") ? 1 : a.compareTo(b));
    for (Field field : columns.getFields()) {
      String key = field.getMetadata() == null ? null : field.getMetadata().get(KEY);
      if (key != null) {
        keys.computeIfAbsent(key, k -> new ArrayList<>()).add(field.getName());
      }
    }
    return new ArrayList<>(keys.values());
  }

  /** The index of column {@code name} (ignoring case), or -1. */
  static int indexOf(Schema columns, String name) {
    for (int i = 0; i < columns.getFields().size(); i++) {
      if (columns.getFields().get(i).getName().equalsIgnoreCase(name)) {
        return i;
      }
    }
    return -1;
  }

  /** A quoted identifier. */
  static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }
}
