package dev.quiver.spark.exchange;

import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.partition.Partitioning;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.rdd.ShuffledRDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;
import scala.reflect.ClassTag$;

/**
 * Repartitions a Dataset by columns through Spark's own shuffle, with the rows carried as Quiver
 * shuffle blocks (Comet's layout, docs/SHUFFLE.md) instead of Spark's rows.
 *
 * <p>Contract: {@code repartition(data, n, cols)} returns the rows of {@code data}, each exactly once,
 * each in the partition Spark's {@code data.repartition(n, cols)} puts it in ({@code pmod(murmur3(cols,
 * seed 42), n)}), with the same schema. Map tasks turn their rows into Arrow batches (Spark's
 * {@code ArrowWriter}), split them by Spark's hash ({@link Partitioning#hash}) and write one block per
 * partition per {@link ExchangeOptions#rowsPerBlock} rows; a {@link ShuffledRDD} with the exchange's
 * serializer moves the blocks (with {@code spark.shuffle.compress=false} a shuffle data file is exactly
 * the blocks, back to back, which {@code quiver shuffle read} reads); reduce tasks decode each block in
 * place into a Spark {@code ColumnarBatch} and hand its rows on. All Arrow memory is per task and
 * freed, checked empty, when the task ends.
 *
 * <p>Checked on the driver before any task runs (USER errors): the partition count (1 to 2^24), the
 * key columns (present, at least one, top-level, of a type Spark hashes) and every column's type (one
 * the blocks carry: byte, short, int, long, float, double, boolean, string, binary, date, timestamp,
 * timestamp_ntz, decimal). Not entirely lazy: building the input's RDD runs the input's own shuffle
 * stages when adaptive execution is on (an input with an aggregate or a join); the exchange's shuffle
 * runs at the first action. Spark does not know that the result is hash-partitioned (a later join or
 * aggregate on the keys shuffles again).
 */
public final class QuiverExchange {
  private QuiverExchange() {}

  /** {@link #repartition(Dataset, int, ExchangeOptions, String...)} with {@link ExchangeOptions#defaults}. */
  public static Dataset<Row> repartition(Dataset<Row> data, int partitions, String... columns) {
    return repartition(data, partitions, ExchangeOptions.defaults(), columns);
  }

  /**
   * The rows of {@code data} in {@code partitions} partitions by Spark's hash of {@code columns}.
   *
   * @throws QuiverException USER for a partition count out of range, a missing or unhashable key
   *     column, a column type the blocks cannot carry, or a Dataset not of a classic Spark session
   */
  public static Dataset<Row> repartition(Dataset<Row> data, int partitions, ExchangeOptions options,
      String... columns) {
    ExchangePlan plan = plan(data, partitions, options, columns);
    org.apache.spark.sql.classic.Dataset<Row> classic = (org.apache.spark.sql.classic.Dataset<Row>) data;
    RDD<InternalRow> input = classic.queryExecution().toRdd();
    JavaRDD<Tuple2<Object, Object>> blocks = JavaRDD.fromRDD(input, ClassTag$.MODULE$.apply(InternalRow.class))
        .mapPartitions(rows -> {
          TaskMemory memory = TaskMemory.current();
          BlockMapper mapper = new BlockMapper(rows, plan, TaskContext.getPartitionId(), memory.allocator());
          memory.closeAtEnd(mapper);
          return mapper;
        });
    ShuffledRDD<Object, Object, Object> shuffled = new ShuffledRDD<>(blocks.rdd(),
        new PartitionIdPartitioner(partitions), ClassTag$.MODULE$.Object(), ClassTag$.MODULE$.Object(),
        ClassTag$.MODULE$.Object());
    shuffled.setSerializer(new BlockSerializer());
    JavaRDD<InternalRow> rows = JavaRDD.fromRDD(shuffled, ClassTag$.MODULE$.<Tuple2<Object, Object>>apply(Tuple2.class))
        .mapPartitions(BatchRows::new);
    return classic.sparkSession().internalCreateDataFrame(rows.rdd(), plan.sparkSchema(), false);
  }

  /** Checks everything a task would fail on; the plan the tasks get. */
  static ExchangePlan plan(Dataset<Row> data, int partitions, ExchangeOptions options, String... columns) {
    Partitioning.checkCount(partitions);
    if (options == null) {
      throw QuiverException.user("exchange options must not be null");
    }
    if (!(data instanceof org.apache.spark.sql.classic.Dataset)) {
      throw QuiverException.user("the Quiver exchange needs a Dataset of a classic Spark session, not "
          + (data == null ? "null" : data.getClass().getName()) + " (Spark Connect is not supported)");
    }
    if (columns == null || columns.length == 0) {
      throw QuiverException.user("the exchange needs at least one column to partition by");
    }
    StructType schema = data.schema();
    boolean caseSensitive = Boolean.parseBoolean(data.sparkSession().conf().get("spark.sql.caseSensitive", "false"));
    int[] ordinals = new int[columns.length];
    for (int k = 0; k < columns.length; k++) {
      ordinals[k] = resolve(schema, columns[k], caseSensitive);
    }
    ExchangePlan plan = new ExchangePlan(schema, partitions, ordinals, options);
    plan.arrowSchema();
    plan.partitioning().newPartitioner(plan.keySchema(), 0);
    return plan;
  }

  /** The ordinal of top-level column {@code name}, as Spark resolves it (case-insensitively by default). */
  private static int resolve(StructType schema, String name, boolean caseSensitive) {
    if (name == null) {
      throw QuiverException.user("a partitioning column name is null");
    }
    StructField[] fields = schema.fields();
    List<Integer> matches = new ArrayList<>();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i].name().equals(name)) {
        return i;
      }
      if (!caseSensitive && fields[i].name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        matches.add(i);
      }
    }
    if (matches.size() == 1) {
      return matches.get(0);
    }
    List<String> names = Arrays.stream(fields).map(StructField::name).toList();
    if (matches.size() > 1) {
      throw QuiverException.user("column " + name + " is ambiguous: it matches " + matches.size()
          + " columns of " + names);
    }
    throw QuiverException.user("no column " + name + " to partition by (top-level columns only); the columns are "
        + names);
  }
}
