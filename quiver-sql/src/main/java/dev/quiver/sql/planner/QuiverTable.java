package dev.quiver.sql.planner;

import dev.quiver.exec.source.TableSource;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;

/** A {@link TableSource} as a Calcite table: its columns by {@link TypeMapping}, its row count. */
final class QuiverTable extends AbstractTable {
  private final TableSource source;

  QuiverTable(TableSource source) {
    this.source = source;
  }

  TableSource source() {
    return source;
  }

  @Override
  public RelDataType getRowType(RelDataTypeFactory typeFactory) {
    RelDataTypeFactory.Builder builder = typeFactory.builder();
    for (Field field : source.schema().getFields()) {
      builder.add(field.getName(), TypeMapping.toSql(typeFactory, field));
    }
    return builder.build();
  }

  @Override
  public Statistic getStatistic() {
    return Statistics.of(Math.max(1, source.rowCount()), List.of());
  }

  /** The column names, for "did you mean". */
  List<String> columnNames() {
    return source.schema().getFields().stream().map(Field::getName).toList();
  }
}
