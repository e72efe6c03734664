package dev.quiver.exec.plan;

import dev.quiver.common.arrow.UnreadableColumns;
import dev.quiver.exec.source.TableSource;
import dev.quiver.expression.Expression;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads columns of a table, with a filter and a limit pushed into the source. The filter reads the
 * output columns (by name, as the source knows them, and by output ordinal); the engine applies it
 * after the source unless the source evaluates filters itself. A source that evaluates filters may be
 * given a filter over columns it does not output (read for the filter only): such a filter is bound to
 * the table's columns (its references' ordinals are the table schema's) and is only ever evaluated by
 * the source, which finds columns by name. Reading a column its source cannot read
 * ({@link UnreadableColumns}) fails here, when the plan is made: a USER error naming the file, column
 * and type.
 *
 * @param table the table
 * @param columns the columns read, by name, in output order
 * @param filter the pushed condition, or null
 * @param limit the most rows needed, or -1
 */
public record TableScanNode(TableSource table, List<String> columns, Expression filter, long limit)
    implements PlanNode {
  public TableScanNode {
    Objects.requireNonNull(table, "table");
    columns = List.copyOf(columns);
    Schema tableSchema = table.schema();
    for (String column : columns) {
      Field field = tableSchema.getFields().stream().filter(candidate -> candidate.getName().equals(column))
          .findFirst().orElse(null);
      if (field != null) {
        UnreadableColumns.requireReadable(field);
      }
    }
  }

  @Override
  public Schema schema() {
    Schema tableSchema = table.schema();
    return new Schema(columns.stream().map(tableSchema::findField).map(Field.class::cast).toList());
  }

  @Override
  public List<PlanNode> inputs() {
    return List.of();
  }

  @Override
  public String label() {
    return "TableScan[" + table.name() + ", columns=" + columns + (filter == null ? "" : ", filter=" + filter)
        + (limit < 0 ? "" : ", limit=" + limit) + "]";
  }
}
