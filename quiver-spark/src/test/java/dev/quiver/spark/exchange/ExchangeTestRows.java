package dev.quiver.spark.exchange;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Seeded random rows for the exchange tests: a unique row id and int, long, string, two decimals,
 * date and double columns, all but the id with nulls; the doubles include -0.0, 0.0 and NaN.
 */
final class ExchangeTestRows {
  private ExchangeTestRows() {}

  static final StructType SCHEMA = new StructType()
      .add("id", DataTypes.LongType, false)
      .add("i", DataTypes.IntegerType, true)
      .add("l", DataTypes.LongType, true)
      .add("s", DataTypes.StringType, true)
      .add("d", DataTypes.createDecimalType(12, 2), true)
      .add("w", DataTypes.createDecimalType(25, 3), true)
      .add("day", DataTypes.DateType, true)
      .add("x", DataTypes.DoubleType, true);

  private static final String LETTERS = "abcxyzé日Ω0 ";

  static List<Row> rows(long seed, int count) {
    Random random = new Random(seed);
    List<Row> rows = new ArrayList<>(count);
    for (int id = 0; id < count; id++) {
      rows.add(RowFactory.create((long) id,
          nullOr(random, random.nextInt(101) - 50),
          nullOr(random, random.nextLong()),
          nullOr(random, text(random)),
          nullOr(random, BigDecimal.valueOf(random.nextLong() % 100_000_000_000L, 2)),
          nullOr(random,
              new BigDecimal(new BigInteger(80, random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)),
                  3)),
          nullOr(random, Date.valueOf(LocalDate.ofEpochDay(random.nextInt(40_000) - 10_000))),
          nullOr(random, number(random))));
    }
    return rows;
  }

  /** The rows as a Dataset read by {@code slices} map tasks. */
  static Dataset<Row> dataset(SparkSession spark, long seed, int count, int slices) {
    JavaSparkContext context = JavaSparkContext.fromSparkContext(spark.sparkContext());
    return spark.createDataFrame(context.parallelize(rows(seed, count), slices), SCHEMA);
  }

  private static Object nullOr(Random random, Object value) {
    return random.nextInt(10) == 0 ? null : value;
  }

  private static String text(Random random) {
    int length = random.nextInt(13);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
    }
    return text.toString();
  }

  private static double number(Random random) {
    switch (random.nextInt(12)) {
      case 0:
        return -0.0;
      case 1:
        return 0.0;
      case 2:
        return Double.NaN;
      default:
        return random.nextInt(1000) / 8.0 - 60;
    }
  }
}
