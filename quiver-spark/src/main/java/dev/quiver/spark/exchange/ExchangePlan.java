package dev.quiver.spark.exchange;

import dev.quiver.shuffle.partition.Partitioning;
import dev.quiver.spark.types.SparkSchemas;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.StructType;

/**
 * What one exchange does, checked on the driver and shipped to every task: the rows' Spark schema,
 * the partition count, the key columns (by ordinal) and the block options. The Arrow schemas and the
 * partitioning (not serializable) are derived again where they are used.
 */
final class ExchangePlan implements Serializable {
  private static final long serialVersionUID = 1L;

  private final StructType sparkSchema;
  private final int partitions;
  private final int[] keyOrdinals;
  private final ExchangeOptions options;
  private transient Schema arrowSchema;
  private transient Schema keySchema;

  ExchangePlan(StructType sparkSchema, int partitions, int[] keyOrdinals, ExchangeOptions options) {
    this.sparkSchema = sparkSchema;
    this.partitions = partitions;
    this.keyOrdinals = keyOrdinals.clone();
    this.options = options;
  }

  StructType sparkSchema() {
    return sparkSchema;
  }

  int partitions() {
    return partitions;
  }

  int[] keyOrdinals() {
    return keyOrdinals.clone();
  }

  ExchangeOptions options() {
    return options;
  }

  /** The blocks' schema: {@link SparkSchemas#toArrow} of the rows' schema. */
  Schema arrowSchema() {
    if (arrowSchema == null) {
      arrowSchema = SparkSchemas.toArrow(sparkSchema);
    }
    return arrowSchema;
  }

  /** The key columns alone, in key order. */
  Schema keySchema() {
    if (keySchema == null) {
      List<Field> fields = new ArrayList<>();
      for (int ordinal : keyOrdinals) {
        fields.add(arrowSchema().getFields().get(ordinal));
      }
      keySchema = new Schema(fields);
    }
    return keySchema;
  }

  /** Spark's hash partitioning of the key columns of {@link #keySchema}. */
  Partitioning partitioning() {
    return Partitioning.hash(partitions, keySchema().getFields().stream().map(Field::getName).toList());
  }
}
