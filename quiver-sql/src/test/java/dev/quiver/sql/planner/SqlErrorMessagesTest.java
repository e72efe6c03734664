package dev.quiver.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.quiver.common.ErrorCode;
import dev.quiver.sql.SqlException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad SQL: each query fails with a USER error whose one-line message is pinned here. */
class SqlErrorMessagesTest {
  private static final SqlPlanner PLANNER = new SqlPlanner(TpchCatalog.atScale(0.01));

  static Stream<Arguments> badQueries() {
    return Stream.of(
        Arguments.of("select * form nation",
            "line 1:15: syntax error at 'nation'; expected one of: ,, FROM, ORDER, LIMIT, EXCEPT, FETCH, INTERSECT,"
                + " MINUS, ..."),
        Arguments.of("select n_name from nation where",
            "line 1:31: syntax error at the end of the query; expected one of: a name, a literal, (, +, -, ?, ABS,"
                + " ARRAY, ..."),
        Arguments.of("select n_name, from nation",
            "line 1:16: syntax error at 'from'; expected one of: a name, a literal, (, *, +, -, ?, ABS, ..."),
        Arguments.of("select n_name from nation order n_name", "line 1:33: syntax error at 'n_name'; expected BY"),
        Arguments.of("select (n_name from nation",
            "line 1:16: syntax error at 'from'; expected one of: ), (, ,, ORDER, AND, LIMIT, *, !=, ..."),
        Arguments.of("select n_name\nfrom nation\nwhere n_nationkey = = 3",
            "line 3:19: syntax error at '= ='; expected one of: (, GROUP, HAVING, ORDER, LIMIT, ., :, <, ..."),
        Arguments.of("select * from nation limit -1",
            "line 1:28: syntax error at '-'; expected one of: a literal, ?, ALL, DECIMAL"),
        Arguments.of("select substring(n_name) from nation",
            "line 1:24: syntax error at ')'; expected one of: (, ,, FROM, AND, *, !=, %, &, ..."),
        Arguments.of("select avg(distinct) from nation",
            "line 1:20: syntax error at ')'; expected one of: a name, a literal, (, SELECT, +, -, ?, ABS, ..."),
        Arguments.of("select n_name from nation;select 1",
            "line 1:26: syntax error at ';'; expected one of: a name, (, ,, WHERE, GROUP, HAVING, ORDER, AS, ..."),
        Arguments.of("selec * from nation", "line 1:1: non-query expression encountered in illegal context"),
        Arguments.of("select * from natoin", "line 1:15: table 'natoin' not found; did you mean 'nation'?"),
        Arguments.of("select * from nation n join regoin r on n.n_regionkey = r.r_regionkey",
            "line 1:29: table 'regoin' not found; did you mean 'region'?"),
        Arguments.of("select * from zzzzzz", "line 1:15: table 'zzzzzz' not found"),
        Arguments.of("select n_nam from nation", "line 1:8: column 'n_nam' not found; did you mean 'n_name'?"),
        Arguments.of("select l_shipdat from lineitem",
            "line 1:8: column 'l_shipdat' not found; did you mean 'l_shipdate'?"),
        Arguments.of("select n.n_nam from nation n",
            "line 1:10: column 'n_nam' not found in table 'n'; did you mean 'n_name'?"),
        Arguments.of("select comment from nation, region where n_nationkey = r_regionkey",
            "line 1:8: column 'comment' not found; did you mean 'n_comment'?"),
        Arguments.of("select x.n_name from nation", "line 1:8: table 'x' not found"),
        Arguments.of("select substrin(n_name, 1, 2) from nation",
            "line 1:8: unknown function 'substrin'; did you mean 'substring'?"),
        Arguments.of("select json_valu(n_name, '$.a') from nation", "line 1:8: unknown function 'json_valu'"),
        Arguments.of("select uper(n_name) from nation", "line 1:8: unknown function 'uper'; did you mean 'upper'?"),
        Arguments.of("select split_prt(n_name, ' ', 1) from nation",
            "line 1:8: unknown function 'split_prt'; did you mean 'split_part'?"),
        Arguments.of("select abs(n_name, 1) from nation",
            "line 1:8: invalid number of arguments to function 'ABS'. Was expecting 1 arguments"),
        Arguments.of("select n_comment from nation, region where r_comment = n_comment group by n_name",
            "line 1:8: 'n_comment' must appear in GROUP BY or be used in an aggregate function"),
        Arguments.of("select n_name, count(*) from nation",
            "line 1:8: 'n_name' must appear in GROUP BY or be used in an aggregate function"),
        Arguments.of("select n_name from nation having n_nationkey > 1",
            "line 1:8: 'n_name' must appear in GROUP BY or be used in an aggregate function"),
        Arguments.of("select n_name from nation where count(*) > 1",
            "line 1:33: aggregate expression is illegal in WHERE clause"),
        Arguments.of("select max(min(n_nationkey)) from nation", "line 1:8: aggregate expressions cannot be nested"),
        Arguments.of("select n_name from nation where n_nationkey = 'abc'", "line 1:47: 'abc' is not a number"),
        Arguments.of("select n_name\nfrom nation\nwhere n_regionkey = 1 and n_nationkey < 'x1'",
            "line 3:41: 'x1' is not a number"),
        Arguments.of("select o_orderdate from orders where o_orderdate = 'yesterday'",
            "line 1:52: 'yesterday' is not a date (YYYY-MM-DD)"),
        Arguments.of("select extract(nanosecond from o_orderdate) from orders",
            "line 1:8: EXTRACT(NANOSECOND FROM ...) is not supported"),
        Arguments.of("select n_regionkey, collect(n_nationkey) from nation group by n_regionkey",
            "line 1:21: the aggregate COLLECT is not supported"),
        Arguments.of("select date '2020-13-45' from nation",
            "line 1:8: illegal DATE literal '2020-13-45': not in format 'yyyy-MM-dd'"),
        Arguments.of("select n_name from nation where n_nationkey in (select r_regionkey, r_name from region)",
            "line 1:33: values passed to IN operator must have compatible types"),
        Arguments.of("select r_comment from nation, region, region",
            "line 1:39: duplicate relation name 'region' in FROM clause"),
        Arguments.of("select * from nation order by 5", "line 1:31: ordinal out of range"),
        Arguments.of("select n_name from nation group by 7", "line 1:36: ordinal out of range"),
        Arguments.of("select cast(n_name as foo) from nation", "line 1:23: unknown identifier 'foo'"),
        Arguments.of("select * from 'missing/*.parquet'", "line 1:15: no file matches 'missing/*.parquet'"),
        Arguments.of("select * from 'no_such_file.parquet'", "line 1:15: no such file: no_such_file.parquet"),
        Arguments.of("select count(distinct n_name) over () from nation",
            "line 1:8: DISTINCT in a window function (COUNT) is not supported"),
        Arguments.of("select n_nationkey from nation n, nation m",
            "line 1:8: column 'n_nationkey' is ambiguous: more than one table has it; qualify it (t.n_nationkey)"),
        Arguments.of("select value from nation", "line 1:8: column 'value' not found"),
        Arguments.of("explain select n_nam from nation",
            "line 1:16: column 'n_nam' not found; did you mean 'n_name'?"));
  }

  @ParameterizedTest
  @MethodSource("badQueries")
  void badSqlFailsWithOneLinePinnedMessage(String sql, String expected) {
    SqlException failure = catchThrowableOfType(SqlException.class, () -> PLANNER.plan(sql));
    assertThat(failure).as(sql).isNotNull();
    assertThat(failure.errorCode()).isEqualTo(ErrorCode.USER);
    assertThat(failure.getMessage()).isEqualTo(expected).doesNotContain("\n");
    if (expected.startsWith("line ")) {
      String position = expected.substring("line ".length(), expected.indexOf(": "));
      assertThat(failure.line() + ":" + failure.column()).isEqualTo(position);
    } else {
      assertThat(failure.line()).isZero();
    }
  }
}
