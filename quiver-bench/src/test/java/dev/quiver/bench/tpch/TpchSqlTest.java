package dev.quiver.bench.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.sql.AnswerShape;
import dev.quiver.bench.sql.SqlSystem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The TPC-H queries as the SQL suites take them: names, texts per system, ORDER BY keys and LIMITs. */
class TpchSqlTest {
  @Test
  void orderKeysComeFromTheOuterOrderByWithoutDirectionsOrLimit() {
    assertThat(TpchSql.orderKeys(TpchSql.statement(1, SqlSystem.QUIVER))).containsExactly("l_returnflag",
        "l_linestatus");
    assertThat(TpchSql.orderKeys(TpchSql.statement(3, SqlSystem.QUIVER))).containsExactly("revenue", "o_orderdate");
    assertThat(TpchSql.orderKeys(TpchSql.statement(13, SqlSystem.QUIVER))).containsExactly("custdist", "c_count");
    assertThat(TpchSql.orderKeys("select a from t")).isEmpty();
    assertThat(TpchSql.forDuckDb(TpchSql.statement(1, SqlSystem.QUIVER))).contains("interval '90' day")
        .doesNotContain("day (3)");
    assertThat(TpchSql.number("q6")).isEqualTo(6);
    assertThat(TpchSql.subject(6)).isEqualTo("q06");
    assertThat(List.of(TpchSql.statement(6, SqlSystem.DUCKDB))).allMatch(sql -> !sql.endsWith(";"));
  }

  @Test
  void asSqlQueriesTheyCarryTheirShape() {
    assertThat(TpchSql.QUERIES.subjects()).hasSize(22).startsWith("q01").endsWith("q22");
    assertThat(TpchSql.QUERIES.subject("3")).isEqualTo("q03");
    assertThat(TpchSql.QUERIES.statement("q01", SqlSystem.DUCKDB)).doesNotContain("day (3)");
    assertThat(TpchSql.QUERIES.statement("q01", SqlSystem.QUIVER)).isEqualTo(TpchSql.statement(1, SqlSystem.QUIVER));
    AnswerShape q3 = TpchSql.QUERIES.shape("q03");
    assertThat(q3.keys()).containsExactly("revenue", "o_orderdate");
    assertThat(q3.limit()).isEqualTo(10);
    assertThat(TpchSql.QUERIES.shape("q06")).isEqualTo(AnswerShape.unordered());
    assertThat(TpchSql.QUERIES.shape("q01").limit()).isEqualTo(-1);
  }
}
