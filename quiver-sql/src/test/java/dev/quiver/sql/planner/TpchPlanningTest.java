package dev.quiver.sql.planner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.plan.AggregateNode;
import dev.quiver.exec.plan.JoinNode;
import dev.quiver.exec.plan.JoinType;
import dev.quiver.exec.plan.NestedLoopJoinNode;
import dev.quiver.exec.plan.PlanNode;
import dev.quiver.exec.plan.PlanPrinter;
import dev.quiver.exec.plan.TableScanNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The 22 TPC-H queries (as the spec writes them) plan over the TPC-H schemas at scale 1 into trees
 * of Quiver's plan nodes with the expected shapes. Planning times are printed, not asserted (a unit test
 * holds no timing threshold; the bench tool measures them).
 */
class TpchPlanningTest {
  private static final SqlPlanner PLANNER = new SqlPlanner(TpchCatalog.atScale(1));

  @BeforeAll
  static void warmUp() throws IOException {
    PLANNER.plan(query(1));
    PLANNER.plan(query(7));
  }

  static String query(int number) throws IOException {
    String name = dev.quiver.datagen.tpch.TpchQueries.resource(number);
    try (InputStream in = TpchPlanningTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static PlanNode plan(int number) throws IOException {
    String sql = query(number);
    long started = System.nanoTime();
    PlanNode plan = PLANNER.plan(sql);
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.printf("Q%02d planned in %d ms%n%s%n", number, millis, PlanPrinter.print(plan));
    return plan;
  }

  private static List<PlanNode> nodes(PlanNode plan, Predicate<PlanNode> test) {
    List<PlanNode> found = new ArrayList<>();
    collect(plan, test, found);
    return found;
  }

  private static void collect(PlanNode node, Predicate<PlanNode> test, List<PlanNode> found) {
    if (test.test(node)) {
      found.add(node);
    }
    node.inputs().forEach(input -> collect(input, test, found));
  }

  private static long joins(PlanNode plan, JoinType type) {
    return nodes(plan, node -> node instanceof JoinNode join && join.type() == type).size();
  }

  private static long nestedLoops(PlanNode plan) {
    return nodes(plan, node -> node instanceof NestedLoopJoinNode).size();
  }

  @Test
  void allTwentyTwoPlanIntoQuiverNodes() throws IOException {
    for (int number = 1; number <= 22; number++) {
      PlanNode plan = plan(number);
      assertThat(plan.schema().getFields()).as("Q%d output", number).isNotEmpty();
      assertThat(nodes(plan, node -> node instanceof TableScanNode)).as("Q%d scans", number).isNotEmpty();
      for (PlanNode scan : nodes(plan, node -> node instanceof TableScanNode)) {
        TableScanNode tableScan = (TableScanNode) scan;
        assertThat(tableScan.columns().size()).as("Q%d scan of %s reads a subset", number, tableScan.table().name())
            .isLessThanOrEqualTo(tableScan.table().schema().getFields().size());
      }
    }
  }

  @Test
  void subQueriesBecomeSemiAndAntiJoins() throws IOException {
    assertThat(joins(plan(4), JoinType.SEMI)).as("Q4 EXISTS").isEqualTo(1);
    PlanNode q16 = plan(16);
    assertThat(joins(q16, JoinType.ANTI) + joins(q16, JoinType.NULL_AWARE_ANTI)).as("Q16 NOT IN").isEqualTo(1);
    assertThat(joins(plan(18), JoinType.SEMI)).as("Q18 IN").isEqualTo(1);
    assertThat(joins(plan(20), JoinType.SEMI)).as("Q20 IN").isGreaterThanOrEqualTo(2);
    PlanNode q21 = plan(21);
    assertThat(joins(q21, JoinType.SEMI)).as("Q21 EXISTS").isGreaterThanOrEqualTo(1);
    assertThat(joins(q21, JoinType.ANTI)).as("Q21 NOT EXISTS").isGreaterThanOrEqualTo(1);
    assertThat(joins(plan(22), JoinType.ANTI)).as("Q22 NOT EXISTS").isEqualTo(1);
  }

  @Test
  void semiJoinsMoveBelowInnerJoinsToTheTableTheirKeysComeFrom() throws IOException {
    // Q18: o_orderkey IN (orders with more than 300 units) filters orders before lineitem joins them
    List<PlanNode> semis = nodes(plan(18), node -> node instanceof JoinNode join && join.type() == JoinType.SEMI);
    assertThat(semis).hasSize(1);
    List<PlanNode> leftScans = nodes(((JoinNode) semis.get(0)).left(), node -> node instanceof TableScanNode);
    assertThat(leftScans).as("tables on the SEMI join's left").hasSize(1);
    assertThat(((TableScanNode) leftScans.get(0)).table().name()).isEqualTo("orders");
  }

  @Test
  void semiJoinsStayAboveTheFiltersOfOneTable() throws IOException {
    // Q4: the quarter's orders are cut by their scan's filter before the EXISTS join, not after it
    List<PlanNode> semis = nodes(plan(4), node -> node instanceof JoinNode join && join.type() == JoinType.SEMI);
    assertThat(semis).hasSize(1);
    List<PlanNode> ordersScans = nodes(((JoinNode) semis.get(0)).left(),
        node -> node instanceof TableScanNode scan && scan.table().name().equals("orders"));
    assertThat(ordersScans).hasSize(1);
    assertThat(((TableScanNode) ordersScans.get(0)).filter()).as("the orders scan's filter").isNotNull();
  }

  @Test
  void foreignKeysJoinTheirFilteredKeyTablesFirst() throws IOException {
    // Q9: lineitem meets the green parts (a twentieth of them) before its 1,500,000 orders: the join of
    // lineitem with orders keeps every lineitem row, as l_orderkey's values are among o_orderkey's
    PlanNode q9 = plan(9);
    JoinNode lowest = lowestJoinOf(q9, "lineitem");
    assertThat(lowest).as("the first join of lineitem").isNotNull();
    assertThat(tables(lowest)).contains("lineitem", "part").doesNotContain("orders");
  }

  @Test
  void aWideSmallerSideIsProbedWhenTheNarrowSideHasAtMostTwiceItsRows() throws IOException {
    // Q10: the customers (150,000 estimated rows with names, addresses and comments) meet the revenue rows of
    // lineitem and orders (225,000 estimated, three fixed-width columns): the narrow rows are built on, so every
    // match gathers fixed-width columns from the table and the customer scan is cut by their keys at run time
    List<PlanNode> joins = nodes(plan(10), node -> node instanceof JoinNode join
        && tables(join).containsAll(List.of("customer", "lineitem")));
    JoinNode top = (JoinNode) joins.get(0);
    assertThat(tables(top.right())).as("the build side").contains("lineitem", "orders").doesNotContain("customer");
    assertThat(tables(top.left())).as("the probe side").contains("customer");
    // the smaller side by rows stays the build side when the larger is not narrower in all: Q3's orders under
    // lineitem
    JoinNode q3 = lowestJoinOf(plan(3), "lineitem");
    assertThat(tables(q3.right())).as("Q3's build side").doesNotContain("lineitem");
  }

  @Test
  void equalitiesImpliedThroughAThirdTableJoinTheOtherTwoFirst() throws IOException {
    // Q9 states p_partkey = l_partkey and ps_partkey = l_partkey: p_partkey = ps_partkey follows, and the green
    // parts cut partsupp's 800,000 rows before either meets lineitem
    PlanNode q9 = plan(9);
    JoinNode lowest = lowestJoinOf(q9, "partsupp");
    assertThat(lowest).as("the first join of partsupp").isNotNull();
    assertThat(tables(lowest)).containsExactly("part", "partsupp");
    assertThat(lowest.leftKeys()).as("one key: p_partkey = ps_partkey").hasSize(1);
    // the equality lineitem then meets both through is not repeated as a second key of the same column
    for (PlanNode node : nodes(q9, node -> node instanceof JoinNode)) {
      JoinNode join = (JoinNode) node;
      List<String> keys = new ArrayList<>();
      for (int key : join.leftKeys()) {
        keys.add(join.left().schema().getFields().get(key).getName());
      }
      assertThat(keys).as("left keys of %s", join).doesNotHaveDuplicates();
    }
  }

  /** The join over {@code table}'s scan with the fewest joins below it (itself counted). */
  private static JoinNode lowestJoinOf(PlanNode plan, String table) {
    JoinNode lowest = null;
    int fewest = Integer.MAX_VALUE;
    for (PlanNode join : nodes(plan, node -> node instanceof JoinNode)) {
      int below = nodes(join, node -> node instanceof JoinNode).size();
      if (tables(join).contains(table) && below < fewest) {
        fewest = below;
        lowest = (JoinNode) join;
      }
    }
    return lowest;
  }

  private static List<String> tables(PlanNode plan) {
    return nodes(plan, node -> node instanceof TableScanNode).stream()
        .map(scan -> ((TableScanNode) scan).table().name()).sorted().toList();
  }

  @Test
  void expressionsAreComputedAboveTheJoinsThatCutTheirRows() throws IOException {
    // Q3: l_extendedprice * (1 - l_discount) over the 30,519 joined rows, not the 3.2 million lineitems
    // below the joins; Q5 and Q9 likewise
    for (int number : new int[] {3, 5, 9}) {
      List<String> computed = new ArrayList<>();
      collectComputedBelowJoins(plan(number), false, computed);
      assertThat(computed).as("Q%d projections computed below a join over lineitem", number).isEmpty();
    }
  }

  /** The computed expressions of projections below a join on a path to the lineitem scan. */
  private static void collectComputedBelowJoins(PlanNode node, boolean belowJoin, List<String> computed) {
    if (node instanceof dev.quiver.exec.plan.ProjectNode project && belowJoin
        && !nodes(project, scan -> scan instanceof TableScanNode table && table.table().name().equals("lineitem"))
            .isEmpty()
        && nodes(project.input(), join -> join instanceof JoinNode).isEmpty()) {
      project.expressions().stream()
          .filter(expression -> !(expression instanceof dev.quiver.expression.ColumnReference))
          .forEach(expression -> computed.add(expression.toString()));
    }
    for (PlanNode input : node.inputs()) {
      collectComputedBelowJoins(input, belowJoin || node instanceof JoinNode, computed);
    }
  }

  @Test
  void aGroupByJoinedWithFewRowsOnItsKeyIsCutToTheirKeysFirst() throws IOException {
    // Q17: avg(l_quantity) by l_partkey over the chosen parts' lineitems, not all of lineitem
    List<PlanNode> aggregates = nodes(plan(17), node -> node instanceof AggregateNode aggregate
        && !aggregate.groupKeys().isEmpty());
    assertThat(aggregates).hasSize(1);
    List<PlanNode> semis = nodes(aggregates.get(0), node -> node instanceof JoinNode join
        && (join.type() == JoinType.SEMI || join.type() == JoinType.RIGHT_SEMI));
    assertThat(semis).as("SEMI joins under Q17's GROUP BY").hasSize(1);
    assertThat(nodes(semis.get(0), node -> node instanceof TableScanNode scan && scan.table().name().equals("part")))
        .hasSize(1);
    // Q20: sum(l_quantity) by (l_partkey, l_suppkey) over the lineitems of the 'forest%' parts' partsupp rows
    // (the few rows are partsupp cut by an IN sub-query on part, read a second time under the GROUP BY)
    List<PlanNode> q20 = nodes(plan(20), node -> node instanceof AggregateNode aggregate
        && aggregate.groupKeys().size() == 2);
    assertThat(q20).hasSize(1);
    List<PlanNode> q20Semis = nodes(q20.get(0), node -> node instanceof JoinNode join
        && (join.type() == JoinType.SEMI || join.type() == JoinType.RIGHT_SEMI)
        && ((JoinNode) node).leftKeys().size() == 2);
    assertThat(q20Semis).as("SEMI joins on two keys under Q20's GROUP BY").hasSize(1);
    assertThat(nodes(q20Semis.get(0), node -> node instanceof TableScanNode scan
        && scan.table().name().equals("partsupp"))).hasSize(1);
  }

  @Test
  void columnsOnlyTheScanFilterReadsAreNotOutput() throws IOException {
    // Q13 filters the orders on o_comment (NOT LIKE) and counts them per customer (Q6: the test below)
    TableScanNode orders = (TableScanNode) nodes(plan(13), node -> node instanceof TableScanNode scan
        && scan.table().name().equals("orders")).get(0);
    assertThat(orders.columns()).doesNotContain("o_comment");
    assertThat(orders.filter().columns()).containsExactly("o_comment");
  }

  @Test
  void leftJoinsBuildOnTheirSmallerLeftSide() throws IOException {
    // Q13: 150,000 customers LEFT JOIN 1,500,000 orders builds on the customers
    List<PlanNode> joins = nodes(plan(13), node -> node instanceof JoinNode join && join.type() == JoinType.LEFT);
    assertThat(joins).hasSize(1);
    assertThat(((JoinNode) joins.get(0)).buildLeft()).as("Q13 LEFT builds left").isTrue();
  }

  @Test
  void semiAndAntiJoinsBuildOnTheirSmallerLeftSide() throws IOException {
    // Q4: the quarter's orders (left) against the late lineitems; Q22: the chosen customers against all orders
    for (int[] query : new int[][] {{4, JoinType.SEMI.ordinal()}, {22, JoinType.ANTI.ordinal()}}) {
      JoinType type = JoinType.values()[query[1]];
      List<PlanNode> joins = nodes(plan(query[0]), node -> node instanceof JoinNode join && join.type() == type);
      assertThat(joins).as("Q%d %s joins", query[0], type).hasSize(1);
      assertThat(((JoinNode) joins.get(0)).buildLeft()).as("Q%d %s builds left", query[0], type).isTrue();
    }
  }

  @Test
  void q21ExistsAndNotExistsAreJoinsWithResidualsOverSingleScans() throws IOException {
    PlanNode q21 = plan(21);
    List<PlanNode> lineitemScans = nodes(q21, node -> node instanceof TableScanNode scan
        && scan.table().name().equals("lineitem"));
    assertThat(lineitemScans).as("Q21 scans of lineitem").hasSizeLessThanOrEqualTo(3);
    assertThat(nodes(q21, node -> node instanceof TableScanNode)).as("Q21 scans").hasSizeLessThanOrEqualTo(6);
    assertThat(nodes(q21, node -> node instanceof JoinNode)).as("Q21 joins").hasSizeLessThanOrEqualTo(5);
    for (JoinType type : new JoinType[] {JoinType.SEMI, JoinType.ANTI}) {
      List<PlanNode> joins = nodes(q21, node -> node instanceof JoinNode join && join.type() == type);
      assertThat(joins).as("Q21 %s joins", type).hasSize(1);
      JoinNode join = (JoinNode) joins.get(0);
      assertThat(join.residual()).as("Q21 %s residual", type).isNotNull();
      assertThat(join.residual().toString()).contains("<>");
      assertThat(join.leftKeys()).as("Q21 %s keys", type).hasSize(1);
    }
  }

  @Test
  void joinOrderingMakesNoCrossProducts() throws IOException {
    for (int number : new int[] {2, 3, 5, 7, 8, 9, 10, 18, 21}) {
      assertThat(nestedLoops(plan(number))).as("Q%d nested loops", number).isZero();
    }
  }

  @Test
  void scalarSubQueriesBecomeNestedLoopJoinsAgainstOneRow() throws IOException {
    for (int number : new int[] {11, 22}) {
      List<PlanNode> loops = nodes(plan(number), node -> node instanceof NestedLoopJoinNode);
      assertThat(loops).as("Q%d", number).hasSize(1);
      PlanNode oneRow = loops.get(0).inputs().get(1);
      while (oneRow instanceof dev.quiver.exec.plan.ProjectNode project) {
        oneRow = project.input();
      }
      assertThat(oneRow).as("Q%d right side: a global aggregate", number).isInstanceOf(AggregateNode.class);
      assertThat(((AggregateNode) oneRow).groupKeys()).isEmpty();
    }
  }

  @Test
  void simpleFiltersArePushedIntoScansWithTheirColumns() throws IOException {
    PlanNode q06 = plan(6);
    List<PlanNode> scans = nodes(q06, node -> node instanceof TableScanNode);
    assertThat(scans).hasSize(1);
    TableScanNode lineitem = (TableScanNode) scans.get(0);
    // the scan evaluates the filter over l_shipdate and l_quantity itself and outputs only what the sum reads
    assertThat(lineitem.columns()).containsExactlyInAnyOrder("l_extendedprice", "l_discount");
    assertThat(lineitem.filter()).isNotNull();
    assertThat(lineitem.filter().toString()).contains("l_shipdate >= DATE '1994-01-01'")
        .contains("l_shipdate < DATE '1995-01-01'").contains("l_discount BETWEEN 0.05 AND 0.07")
        .contains("l_quantity < 24");
  }

  private static TableScanNode onlyScan(PlanNode plan, String table, int number) {
    List<PlanNode> scans = nodes(plan, node -> node instanceof TableScanNode scan && scan.table().name().equals(table));
    assertThat(scans).as("Q%d scans of %s", number, table).hasSize(1);
    return (TableScanNode) scans.get(0);
  }

  @Test
  void conditionsImpliedByDisjunctionsAcrossTablesFilterTheScans() throws IOException {
    PlanNode q07 = plan(7);
    List<PlanNode> nations = nodes(q07, node -> node instanceof TableScanNode scan
        && scan.table().name().equals("nation"));
    assertThat(nations).as("Q7 nation scans").hasSize(2);
    for (PlanNode nation : nations) {
      assertThat(((TableScanNode) nation).filter()).as("Q7 nation filter").isNotNull();
      assertThat(((TableScanNode) nation).filter().toString()).isEqualTo("n_name IN ('FRANCE', 'GERMANY')");
    }
    PlanNode q19 = plan(19);
    TableScanNode lineitem = onlyScan(q19, "lineitem", 19);
    assertThat(lineitem.filter()).as("Q19 lineitem filter").isNotNull();
    assertThat(lineitem.filter().toString()).contains("l_shipmode IN ('AIR', 'AIR REG')")
        .contains("l_shipinstruct = 'DELIVER IN PERSON'").contains("l_quantity BETWEEN 1.00 AND 30.00");
    TableScanNode part = onlyScan(q19, "part", 19);
    assertThat(part.filter()).as("Q19 part filter").isNotNull();
    assertThat(part.filter().toString()).contains("p_brand = 'Brand#12'").contains("p_brand = 'Brand#23'")
        .contains("p_brand = 'Brand#34'").contains(" OR ");
    for (PlanNode node : nodes(q19, candidate -> candidate instanceof dev.quiver.exec.plan.ProjectNode)) {
      assertThat(((dev.quiver.exec.plan.ProjectNode) node).expressions().toString())
          .as("Q19 computes no shipping-mode booleans").doesNotContain("l_shipmode").doesNotContain("l_shipinstruct");
    }
  }

  @Test
  void hashJoinsBuildOnTheSmallerSide() throws IOException {
    PlanNode q05 = plan(5);
    for (PlanNode node : nodes(q05, node -> node instanceof JoinNode)) {
      JoinNode join = (JoinNode) node;
      assertThat(join.leftKeys()).isNotEmpty();
      for (int i = 0; i < join.leftKeys().size(); i++) {
        assertThat(join.left().schema().getFields().get(join.leftKeys().get(i)).getType())
            .isEqualTo(join.right().schema().getFields().get(join.rightKeys().get(i)).getType());
      }
    }
    List<PlanNode> scans = nodes(q05, node -> node instanceof TableScanNode
        && ((TableScanNode) node).table().name().equals("region"));
    assertThat(scans).hasSize(1);
  }
}
