package dev.quiver.spark.read;

import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import dev.quiver.format.file.QuiverFile;
import dev.quiver.scan.aggregate.StatisticsAggregateScan;
import dev.quiver.scan.aggregate.StatisticsCall;
import dev.quiver.spark.files.DataFile;
import dev.quiver.spark.files.TableListing;
import dev.quiver.spark.options.QuiverOptions;
import dev.quiver.spark.types.SparkSchemas;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.network.util.JavaUtils;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownAggregates;
import org.apache.spark.sql.connector.read.SupportsPushDownLimit;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.connector.read.SupportsPushDownV2Filters;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * Takes what Spark pushes into a Quiver scan: predicates (on partition columns: files pruned by folder
 * values, exactly; on data columns: a Quiver filter for zone pruning and exact evaluation, Spark told
 * which it need not evaluate again), the required columns, COUNT(*)/COUNT/MIN/MAX without GROUP BY
 * when footers and zone maps answer them, and a LIMIT.
 */
public final class QuiverScanBuilder implements ScanBuilder, SupportsPushDownV2Filters,
    SupportsPushDownRequiredColumns, SupportsPushDownAggregates, SupportsPushDownLimit {
  private final TableListing listing;
  private final StructType dataSchema;
  private final StructType partitionSchema;
  private final long maximumBytes;
  private final Schema arrowSchema;
  private final PartitionPruner partitionPruner;
  private final List<Predicate> partitionPredicates = new ArrayList<>();
  private final List<Predicate> pushed = new ArrayList<>();
  private final List<Expression> filters = new ArrayList<>();
  private StructType required;
  private long limit = -1;
  private StatisticsScan aggregateAnswer;

  public QuiverScanBuilder(TableListing listing, StructType tableSchema, CaseInsensitiveStringMap options) {
    this.listing = listing;
    this.dataSchema = listing.dataSchema().asNullable();
    this.partitionSchema = listing.partitionSchema();
    this.maximumBytes = QuiverOptions.positiveLong(options, QuiverOptions.PARTITION_BYTES, sessionPartitionBytes());
    this.required = tableSchema;
    this.arrowSchema = arrowSchema(listing);
    this.partitionPruner = new PartitionPruner(partitionSchema);
  }

  private static Schema arrowSchema(TableListing listing) {
    if (listing.files().isEmpty()) {
      return SparkSchemas.toArrow(listing.dataSchema());
    }
    try (QuiverFile file = QuiverFile.open(Path.of(listing.files().get(0).path()))) {
      return file.schema();
    } catch (IOException failure) {
      throw new UncheckedIOException("reading the footer of " + listing.files().get(0).path(), failure);
    }
  }

  @Override
  public Predicate[] pushPredicates(Predicate[] predicates) {
    List<Predicate> left = new ArrayList<>();
    PredicateTranslator translator = new PredicateTranslator(arrowSchema);
    Set<String> partitionNames = Set.of(partitionSchema.fieldNames());
    for (Predicate predicate : predicates) {
      Set<String> referenced = references(predicate);
      if (partitionPruner.handles(predicate, referenced)) {
        partitionPredicates.add(predicate);
        continue;
      }
      boolean dataOnly = referenced.stream().noneMatch(partitionNames::contains);
      PredicateTranslator.Translation translation = dataOnly ? translator.translate(predicate) : null;
      if (translation == null) {
        left.add(predicate);
        continue;
      }
      pushed.add(predicate);
      filters.add(translation.expression());
      if (!translation.exact()) {
        left.add(predicate);
      }
    }
    return left.toArray(Predicate[]::new);
  }

  private static Set<String> references(Predicate predicate) {
    Set<String> names = new HashSet<>();
    for (NamedReference reference : predicate.references()) {
      names.add(String.join(".", reference.fieldNames()));
    }
    return names;
  }

  @Override
  public Predicate[] pushedPredicates() {
    List<Predicate> all = new ArrayList<>(partitionPredicates);
    all.addAll(pushed);
    return all.toArray(Predicate[]::new);
  }

  @Override
  public void pruneColumns(StructType requiredSchema) {
    this.required = requiredSchema;
  }

  @Override
  public boolean pushLimit(int rows) {
    this.limit = rows;
    return true;
  }

  @Override
  public boolean pushAggregation(Aggregation aggregation) {
    if (aggregation.groupByExpressions().length > 0 || Boolean.getBoolean("quiver.spark.noAggregatePushdown")) {
      return false;
    }
    List<StatisticsCall> calls = new ArrayList<>();
    List<StructField> fields = new ArrayList<>();
    for (AggregateFunc function : aggregation.aggregateExpressions()) {
      StatisticsCall call = call(function);
      if (call == null) {
        return false;
      }
      calls.add(call);
      StructField column = call.column() == null ? null : dataSchema.apply(call.column());
      boolean count = call.function() == StatisticsCall.Function.COUNT_ROWS
          || call.function() == StatisticsCall.Function.COUNT;
      fields.add(new StructField(function.toString(), count ? DataTypes.LongType : column.dataType(), !count,
          org.apache.spark.sql.types.Metadata.empty()));
    }
    List<DataFile> files = files();
    if (files.isEmpty() || !StatisticsAggregateScan.supports(calls, arrowSchema)) {
      return false;
    }
    StatisticsAnswer answer = StatisticsAnswer.answer(files, calls, filter());
    if (answer == null) {
      return false;
    }
    aggregateAnswer = new StatisticsScan(answer, new StructType(fields.toArray(StructField[]::new)));
    return true;
  }

  @Override
  public boolean supportCompletePushDown(Aggregation aggregation) {
    return true;
  }

  private StatisticsCall call(AggregateFunc function) {
    if (function instanceof CountStar) {
      return new StatisticsCall(StatisticsCall.Function.COUNT_ROWS, null);
    }
    String column;
    StatisticsCall.Function kind;
    if (function instanceof Count count && !count.isDistinct()) {
      column = dataColumn(count.column());
      kind = StatisticsCall.Function.COUNT;
    } else if (function instanceof Min min) {
      column = dataColumn(min.column());
      kind = StatisticsCall.Function.MIN;
    } else if (function instanceof Max max) {
      column = dataColumn(max.column());
      kind = StatisticsCall.Function.MAX;
    } else {
      return null;
    }
    return column == null ? null : new StatisticsCall(kind, column);
  }

  private String dataColumn(org.apache.spark.sql.connector.expressions.Expression expression) {
    if (expression instanceof NamedReference reference && reference.fieldNames().length == 1) {
      String name = reference.fieldNames()[0];
      for (String column : dataSchema.fieldNames()) {
        if (column.equals(name)) {
          return name;
        }
      }
    }
    return null;
  }

  private Expression filter() {
    if (filters.isEmpty()) {
      return null;
    }
    return filters.size() == 1 ? filters.get(0) : Expressions.and(filters.toArray(Expression[]::new));
  }

  private List<DataFile> files() {
    return partitionPredicates.isEmpty() ? listing.files()
        : partitionPruner.prune(listing.files(), partitionPredicates);
  }

  @Override
  public Scan build() {
    if (aggregateAnswer != null) {
      return aggregateAnswer;
    }
    Set<String> partitionNames = new LinkedHashSet<>(List.of(partitionSchema.fieldNames()));
    List<String> columns = new ArrayList<>();
    List<StructField> output = new ArrayList<>();
    List<StructField> partitionFields = new ArrayList<>();
    List<Integer> ordinals = new ArrayList<>();
    for (StructField field : required.fields()) {
      if (partitionNames.contains(field.name())) {
        partitionFields.add(partitionSchema.apply(field.name()));
        ordinals.add(partitionSchema.fieldIndex(field.name()));
      } else {
        columns.add(field.name());
        output.add(dataSchema.apply(field.name()));
      }
    }
    output.addAll(partitionFields);
    List<String> pushedText = new ArrayList<>();
    for (Predicate predicate : pushed) {
      pushedText.add(predicate.toString());
    }
    List<String> partitionText = new ArrayList<>();
    for (Predicate predicate : partitionPredicates) {
      partitionText.add(predicate.toString());
    }
    List<DataFile> files = files();
    return new QuiverScan(new QuiverScan.Request(listing.roots(), files, listing.files().size(), dataSchema, columns,
        filter(), pushedText, partitionText, ordinals.stream().mapToInt(Integer::intValue).toArray(),
        new StructType(output.toArray(StructField[]::new)), limit, maximumBytes, parallelism()));
  }

  private static long sessionPartitionBytes() {
    try {
      return JavaUtils.byteStringAsBytes(
          SparkSession.active().conf().get("spark.sql.files.maxPartitionBytes", "128m"));
    } catch (RuntimeException noSession) {
      return 128L << 20;
    }
  }

  private static int parallelism() {
    try {
      return SparkSession.active().sparkContext().defaultParallelism();
    } catch (RuntimeException noSession) {
      return 1;
    }
  }
}
