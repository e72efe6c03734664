package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The outermost ORDER BY and LIMIT are found and resolved to output columns. */
class OrderSpecTest {
  private static final List<String> COLUMNS = List.of("l_returnflag", "l_linestatus", "sum_qty", "revenue");

  @Test
  void namesAliasesOrdinalsAndQualifiedNamesResolve() {
    OrderSpec spec = OrderSpec.fromSql(
        "select a.l_returnflag, l_linestatus, sum(x) as sum_qty, 1 as revenue from t a group by 1, 2\n"
            + "order by revenue desc, A.L_RETURNFLAG asc nulls last, 2",
        COLUMNS);
    assertThat(spec.keyColumns()).containsExactly(3, 0, 1);
    assertThat(spec.limited()).isFalse();
  }

  @Test
  void anOrderByInsideASubqueryIsNotTheQuerys() {
    OrderSpec spec = OrderSpec.fromSql(
        "select * from (select l_returnflag from t order by l_returnflag limit 3) s", COLUMNS);
    assertThat(spec.ordered()).isFalse();
    assertThat(spec.limited()).isFalse();
  }

  @Test
  void limitAndFetchAreSeenButNotInsideStringsOrComments() {
    assertThat(OrderSpec.fromSql("select sum_qty from t order by sum_qty limit 10;", COLUMNS).limited()).isTrue();
    assertThat(OrderSpec.fromSql("select sum_qty from t order by sum_qty fetch first 10 rows only", COLUMNS).limited())
        .isTrue();
    OrderSpec spec = OrderSpec.fromSql(
        "select sum_qty from t where c = 'order by revenue limit 3' -- limit 5\norder by sum_qty", COLUMNS);
    assertThat(spec.keyColumns()).containsExactly(2);
    assertThat(spec.limited()).isFalse();
  }

  @Test
  void aKeyThatIsNotAnOutputColumnIsRefused() {
    assertThatThrownBy(() -> OrderSpec.fromSql("select sum_qty from t order by sum_qty + 1", COLUMNS))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sum_qty + 1");
  }

  @Test
  void theUnlimitedQueryDropsOnlyTheOutermostLimit() {
    String sql = "select x from (select x from t limit 5) s order by x desc\nlimit 100;\n";
    assertThat(OrderSpec.withoutLimit(sql)).isEqualTo("select x from (select x from t limit 5) s order by x desc");
    assertThat(OrderSpec.withoutLimit("select 1 -- limit 3")).isEqualTo("select 1 -- limit 3");
  }
}
