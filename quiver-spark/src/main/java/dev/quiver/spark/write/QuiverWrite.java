package dev.quiver.spark.write;

import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NullOrdering;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;

/**
 * A planned write. With partition columns it asks Spark to sort each task's rows by them (no
 * shuffle: the distribution is unspecified), so a task writes one partition folder at a time.
 */
final class QuiverWrite implements RequiresDistributionAndOrdering {
  private final WriteJob job;
  private final WriteMode mode;

  QuiverWrite(WriteJob job, WriteMode mode) {
    this.job = job;
    this.mode = mode;
  }

  @Override
  public String description() {
    return "quiver " + mode.name().toLowerCase(java.util.Locale.ROOT) + " to " + job.root();
  }

  @Override
  public Distribution requiredDistribution() {
    return Distributions.unspecified();
  }

  @Override
  public SortOrder[] requiredOrdering() {
    String[] columns = job.partitionSchema().fieldNames();
    SortOrder[] ordering = new SortOrder[columns.length];
    for (int i = 0; i < columns.length; i++) {
      ordering[i] = Expressions.sort(Expressions.column("`" + columns[i].replace("`", "``") + "`"),
          SortDirection.ASCENDING, NullOrdering.NULLS_FIRST);
    }
    return ordering;
  }

  @Override
  public BatchWrite toBatch() {
    return new QuiverBatchWrite(job, mode);
  }
}
