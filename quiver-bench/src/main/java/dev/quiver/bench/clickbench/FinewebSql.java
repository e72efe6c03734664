package dev.quiver.bench.clickbench;

import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.sql.AnswerShape;
import dev.quiver.bench.sql.SqlSystem;
import dev.quiver.common.QuiverException;
import java.util.List;
import java.util.Locale;

/**
 * The FineWeb SQL suite's queries ({@code quiver bench fineweb-sql}): the scan suite's two FineWeb
 * queries ({@link ScanQuery#FINEWEB_DUMP}: {@code dump =}, {@link ScanQuery#FINEWEB_LIKE}:
 * {@code text LIKE}, each {@code count(*), sum(token_count)}) as SQL, the same text for every system.
 */
public final class FinewebSql implements GeneratedQueries {
  public static final String SUITE = "fineweb-sql";
  public static final String TABLE = "fineweb";
  public static final FinewebSql QUERIES = new FinewebSql();

  private static final List<ScanQuery> SCAN_QUERIES = List.of(ScanQuery.FINEWEB_DUMP, ScanQuery.FINEWEB_LIKE);

  private FinewebSql() {}

  @Override
  public String suite() {
    return SUITE;
  }

  @Override
  public String dataSet() {
    return "fineweb";
  }

  @Override
  public String table() {
    return TABLE;
  }

  @Override
  public List<String> subjects() {
    return SCAN_QUERIES.stream().map(ScanQuery::label).toList();
  }

  @Override
  public String subject(String written) {
    String name = written.strip().toLowerCase(Locale.ROOT);
    for (ScanQuery query : SCAN_QUERIES) {
      if (query.label().equals(name) || query.label().equals("fineweb-" + name)) {
        return query.label();
      }
    }
    throw QuiverException.user("unknown FineWeb query '" + written + "': use " + String.join(", ", subjects()));
  }

  @Override
  public String statement(String subject, SqlSystem system) {
    return ScanQuery.parse(subject(subject)).sql(TABLE);
  }

  @Override
  public AnswerShape shape(String subject) {
    return AnswerShape.unordered();
  }
}
