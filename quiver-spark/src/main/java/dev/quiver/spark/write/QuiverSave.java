package dev.quiver.spark.write;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SQLContext;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.sources.BaseRelation;

/** The save modes Spark routes to a V1 provider ({@code errorifexists}, {@code ignore}). To be built. */
public final class QuiverSave {
  private QuiverSave() {}

  public static BaseRelation createRelation(SQLContext sqlContext, SaveMode mode,
      scala.collection.immutable.Map<String, String> parameters, Dataset<Row> data) {
    throw new UnsupportedOperationException("save mode " + mode + " is not built yet");
  }
}
