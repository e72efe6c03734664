package dev.quiver.spark;

import org.apache.spark.sql.SparkSession;

/** The local Spark session of the connector's tests: two cores, loopback, no UI, few shuffle partitions. */
public final class SparkSessions {
  private SparkSessions() {}

  /** A new local[2] session (stop it after the class). */
  public static SparkSession local(String name) {
    return SparkSession.builder().master("local[2]").appName(name).config("spark.driver.host", "127.0.0.1")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
        .config("spark.sql.adaptive.enabled", "false").getOrCreate();
  }
}
