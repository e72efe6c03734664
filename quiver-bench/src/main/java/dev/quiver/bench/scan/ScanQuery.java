package dev.quiver.bench.scan;

import dev.quiver.bench.scan.query.MatchCount;
import dev.quiver.bench.scan.query.TopPhrases;
import dev.quiver.bench.scan.query.TpchQ6;
import dev.quiver.bench.scan.query.WindowConsumer;
import dev.quiver.common.QuiverException;
import dev.quiver.datagen.fineweb.FinewebTable;
import dev.quiver.expression.ColumnReference;
import dev.quiver.expression.Expression;
import dev.quiver.expression.Expressions;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The queries of the scan suite. Decode-all queries turn every column of every row into Arrow
 * vectors; the others compute a small answer, as plain code over windows of rows for the systems
 * without an engine (Quiver today, parquet-java, Vortex after its pushed-down filter) and as SQL for
 * DuckDB.
 */
public enum ScanQuery {
  LINEITEM_DECODE_ALL("lineitem-decode-all", DataSet.TPCH),
  TPCH_Q6("tpch-q6", DataSet.TPCH),
  HITS_DECODE_ALL("hits-decode-all", DataSet.CLICKBENCH),
  HITS_Q12("hits-q12", DataSet.CLICKBENCH),
  FINEWEB_DUMP("fineweb-dump", DataSet.FINEWEB),
  FINEWEB_LIKE("fineweb-like", DataSet.FINEWEB);

  /** The dump the equality query asks for (the 23rd of 40: about 2.5 % of the documents). */
  public static final String DUMP = FinewebTable.DUMPS.get(22);
  /** The word the LIKE query looks for: a made-up word of the generator's vocabulary, rank 1500. */
  public static final String NEEDLE = FinewebTable.vocabulary().wordText(1_500);

  private final String label;
  private final DataSet dataSet;

  ScanQuery(String label, DataSet dataSet) {
    this.label = label;
    this.dataSet = dataSet;
  }

  public String label() {
    return label;
  }

  public DataSet dataSet() {
    return dataSet;
  }

  public boolean decodesAll() {
    return this == LINEITEM_DECODE_ALL || this == HITS_DECODE_ALL;
  }

  /** The columns a query's windows hold, in order (decode-all queries: every column). */
  public List<String> columns() {
    switch (this) {
      case TPCH_Q6:
        return TpchQ6.COLUMNS;
      case HITS_Q12:
        return TopPhrases.COLUMNS;
      case FINEWEB_DUMP:
        return MatchCount.columns("dump");
      case FINEWEB_LIKE:
        return MatchCount.columns("text");
      default:
        throw new IllegalStateException(label + " reads every column");
    }
  }

  /**
   * The query's conditions as the filter of Quiver's scan over a table of {@code schema} (null when
   * the query has none): zone maps prune with it and rows are filtered before the consumer, which
   * still checks every row exactly. The other systems push down their own form.
   */
  public Expression filter(Schema schema) {
    switch (this) {
      case TPCH_Q6: {
        ColumnReference shipDate = Expressions.column(schema, "l_shipdate");
        ColumnReference discount = Expressions.column(schema, "l_discount");
        return Expressions.and(
            Expressions.and(Expressions.greaterOrEqual(shipDate, LocalDate.ofEpochDay(TpchQ6.FIRST_DAY)),
                Expressions.less(shipDate, LocalDate.ofEpochDay(TpchQ6.END_DAY))),
            Expressions.and(Expressions.greaterOrEqual(discount, BigDecimal.valueOf(TpchQ6.LOWEST_DISCOUNT, 2)),
                Expressions.lessOrEqual(discount, BigDecimal.valueOf(TpchQ6.HIGHEST_DISCOUNT, 2))),
            Expressions.less(Expressions.column(schema, "l_quantity"), BigDecimal.valueOf(TpchQ6.QUANTITY_BELOW, 2)));
      }
      case FINEWEB_DUMP:
        return Expressions.equal(Expressions.column(schema, "dump"), DUMP);
      default:
        return null;
    }
  }

  /** A fresh consumer computing this query's answer. */
  public WindowConsumer newConsumer() {
    switch (this) {
      case TPCH_Q6:
        return new TpchQ6();
      case HITS_Q12:
        return new TopPhrases();
      case FINEWEB_DUMP:
        return new MatchCount(MatchCount.Match.EQUALS, DUMP);
      case FINEWEB_LIKE:
        return new MatchCount(MatchCount.Match.CONTAINS, NEEDLE);
      default:
        throw new IllegalStateException(label + " has no consumer");
    }
  }

  /** The answer of consumers made by {@link #newConsumer()}, merged. */
  public String answer(List<? extends WindowConsumer> consumers) {
    switch (this) {
      case TPCH_Q6: {
        TpchQ6 total = new TpchQ6();
        consumers.forEach(consumer -> total.merge((TpchQ6) consumer));
        return total.answer();
      }
      case HITS_Q12: {
        TopPhrases total = new TopPhrases();
        consumers.forEach(consumer -> total.merge((TopPhrases) consumer));
        return total.answer();
      }
      default: {
        MatchCount total = (MatchCount) newConsumer();
        consumers.forEach(consumer -> total.merge((MatchCount) consumer));
        return total.answer();
      }
    }
  }

  /** The query as SQL over {@code table} (a table name or a {@code read_parquet(...)} call). */
  public String sql(String table) {
    String template;
    switch (this) {
      case TPCH_Q6:
        template = TpchQ6.SQL;
        break;
      case HITS_Q12:
        template = TopPhrases.SQL;
        break;
      case FINEWEB_DUMP:
        template = MatchCount.sql(MatchCount.Match.EQUALS, "dump", DUMP);
        break;
      case FINEWEB_LIKE:
        template = MatchCount.sql(MatchCount.Match.CONTAINS, "text", NEEDLE);
        break;
      default:
        template = "SELECT * FROM TABLE";
    }
    return template.replace("TABLE", table);
  }

  public static ScanQuery parse(String label) {
    for (ScanQuery query : values()) {
      if (query.label.equals(label)) {
        return query;
      }
    }
    throw QuiverException.user("unknown query '" + label + "': use "
        + Arrays.stream(values()).map(ScanQuery::label).collect(Collectors.joining(", ")));
  }
}
