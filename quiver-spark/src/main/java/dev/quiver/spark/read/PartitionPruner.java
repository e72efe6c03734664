package dev.quiver.spark.read;

import dev.quiver.spark.files.DataFile;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.connector.expressions.Literal;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Predicates over partition columns only, decided per file from its folder values under SQL's
 * three-valued logic: a file is read when the predicate is TRUE for its values. Exact, so Spark need
 * not evaluate them again. Comparisons, {@code <=>}, IN, IS [NOT] NULL and AND/OR/NOT over int, long,
 * string and date partition columns; anything else is left to Spark (and prunes nothing).
 */
final class PartitionPruner {
  private final StructType partitionSchema;
  private final List<String> names = new ArrayList<>();

  PartitionPruner(StructType partitionSchema) {
    this.partitionSchema = partitionSchema;
    for (String name : partitionSchema.fieldNames()) {
      names.add(name);
    }
  }

  /** Whether the predicate names partition columns only and every part of it is decided here. */
  boolean handles(Predicate predicate, Set<String> referenced) {
    if (names.isEmpty() || referenced.isEmpty() || !names.containsAll(referenced)) {
      return false;
    }
    try {
      evaluate(predicate, null);
      return true;
    } catch (UnsupportedOperationException notHandled) {
      return false;
    }
  }

  /** The files every predicate keeps. */
  List<DataFile> prune(List<DataFile> files, List<Predicate> predicates) {
    List<DataFile> kept = new ArrayList<>();
    for (DataFile file : files) {
      boolean keep = true;
      for (Predicate predicate : predicates) {
        keep &= Boolean.TRUE.equals(evaluate(predicate, file));
      }
      if (keep) {
        kept.add(file);
      }
    }
    return kept;
  }

  /** TRUE, FALSE or null (NULL) for {@code file}; with a null file only checks that it can be decided. */
  private Boolean evaluate(Predicate predicate, DataFile file) {
    org.apache.spark.sql.connector.expressions.Expression[] children = predicate.children();
    switch (predicate.name()) {
      case "AND": {
        Boolean left = evaluate((Predicate) children[0], file);
        Boolean right = evaluate((Predicate) children[1], file);
        if (Boolean.FALSE.equals(left) || Boolean.FALSE.equals(right)) {
          return false;
        }
        return (left == null || right == null) ? null : true;
      }
      case "OR": {
        Boolean left = evaluate((Predicate) children[0], file);
        Boolean right = evaluate((Predicate) children[1], file);
        if (Boolean.TRUE.equals(left) || Boolean.TRUE.equals(right)) {
          return true;
        }
        return (left == null || right == null) ? null : false;
      }
      case "NOT": {
        Boolean operand = evaluate((Predicate) children[0], file);
        return operand == null ? null : !operand;
      }
      case "ALWAYS_TRUE":
        return true;
      case "ALWAYS_FALSE":
        return false;
      case "IS_NULL", "IS_NOT_NULL": {
        int column = column(children[0]);
        if (file == null) {
          return true;
        }
        boolean isNull = file.partitionValues().get(column) == null;
        return predicate.name().equals("IS_NULL") == isNull;
      }
      case "IN": {
        int column = column(children[0]);
        Comparable<Object> value = file == null ? null : value(file, column);
        boolean sawNull = false;
        for (int i = 1; i < children.length; i++) {
          Comparable<Object> candidate = literal(children[i], column);
          if (file == null) {
            continue;
          }
          if (candidate == null) {
            sawNull = true;
          } else if (value != null && value.compareTo(candidate) == 0) {
            return true;
          }
        }
        return (file == null || value == null || sawNull) ? null : false;
      }
      case "=", "<>", "<", "<=", ">", ">=", "<=>":
        return compare(predicate.name(), children, file);
      default:
        throw new UnsupportedOperationException(predicate.name());
    }
  }

  private Boolean compare(String name, org.apache.spark.sql.connector.expressions.Expression[] children,
      DataFile file) {
    boolean columnFirst = children[0] instanceof NamedReference;
    int column = column(columnFirst ? children[0] : children[1]);
    Comparable<Object> literal = literal(columnFirst ? children[1] : children[0], column);
    if (file == null) {
      return true;
    }
    Comparable<Object> value = value(file, column);
    if (name.equals("<=>")) {
      return (value == null || literal == null) ? value == literal : value.compareTo(literal) == 0;
    }
    if (value == null || literal == null) {
      return null;
    }
    int order = columnFirst ? value.compareTo(literal) : literal.compareTo(value);
    return switch (name) {
      case "=" -> order == 0;
      case "<>" -> order != 0;
      case "<" -> order < 0;
      case "<=" -> order <= 0;
      case ">" -> order > 0;
      default -> order >= 0;
    };
  }

  private int column(org.apache.spark.sql.connector.expressions.Expression expression) {
    if (!(expression instanceof NamedReference reference) || reference.fieldNames().length != 1) {
      throw new UnsupportedOperationException("not a column");
    }
    int index = names.indexOf(reference.fieldNames()[0]);
    if (index < 0) {
      throw new UnsupportedOperationException("not a partition column");
    }
    DataType type = partitionSchema.fields()[index].dataType();
    if (!type.equals(DataTypes.IntegerType) && !type.equals(DataTypes.LongType) && !type.equals(DataTypes.StringType)
        && !type.equals(DataTypes.DateType)) {
      throw new UnsupportedOperationException("partition type " + type);
    }
    return index;
  }

  @SuppressWarnings("unchecked")
  private Comparable<Object> literal(org.apache.spark.sql.connector.expressions.Expression expression, int column) {
    if (!(expression instanceof Literal<?> literal)) {
      throw new UnsupportedOperationException("not a literal");
    }
    Object value = literal.value();
    DataType type = partitionSchema.fields()[column].dataType();
    if (value == null) {
      return null;
    }
    if (!literal.dataType().equals(type)) {
      throw new UnsupportedOperationException("literal type " + literal.dataType());
    }
    if (type.equals(DataTypes.IntegerType) || type.equals(DataTypes.LongType) || type.equals(DataTypes.DateType)) {
      return (Comparable<Object>) (Comparable<?>) Long.valueOf(((Number) value).longValue());
    }
    return (Comparable<Object>) (Comparable<?>) (UTF8String) value;
  }

  @SuppressWarnings("unchecked")
  private Comparable<Object> value(DataFile file, int column) {
    String text = file.partitionValues().get(column);
    if (text == null) {
      return null;
    }
    DataType type = partitionSchema.fields()[column].dataType();
    if (type.equals(DataTypes.StringType)) {
      return (Comparable<Object>) (Comparable<?>) UTF8String.fromString(text);
    }
    if (type.equals(DataTypes.DateType)) {
      return (Comparable<Object>) (Comparable<?>) Long.valueOf(LocalDate.parse(text).toEpochDay());
    }
    return (Comparable<Object>) (Comparable<?>) Long.valueOf(Long.parseLong(text));
  }
}
