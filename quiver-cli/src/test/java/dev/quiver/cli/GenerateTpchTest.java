package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.format.file.QuiverFile;
import dev.quiver.testing.TestingAllocator;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code quiver generate tpch} at scale 0.01: the row counts of every table, the order of the rows
 * (parts generated in parallel, written in order), and TPC-H Q6 computed from the file equal to Q6
 * computed straight from the generator.
 */
class GenerateTpchTest {
  static final double SCALE = 0.01;
  static final Map<String, Long> ROWS = Map.of("lineitem", 60_175L, "orders", 15_000L, "customer", 1_500L,
      "part", 2_000L, "partsupp", 8_000L, "supplier", 100L, "nation", 25L, "region", 5L);
  static final int Q6_FROM = (int) LocalDate.of(1994, 1, 1).toEpochDay();
  static final int Q6_TO = (int) LocalDate.of(1995, 1, 1).toEpochDay();

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();
  @TempDir
  Path directory;

  @Test
  void everyTableHasItsRowsAndQ6MatchesTheGenerator() throws IOException {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01",
        "--out", directory.toString(), "--threads", "2");
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    assertThat(outcome.errorLines().stream().filter(line -> line.startsWith("generate tpch: "))).as("summary lines")
        .hasSize(ROWS.size() + 1);
    for (Map.Entry<String, Long> table : ROWS.entrySet()) {
      try (QuiverFile file = QuiverFile.open(directory.resolve(table.getKey() + ".qvr"))) {
        assertThat(file.rowCount()).as(table.getKey()).isEqualTo(table.getValue());
      }
    }
    try (QuiverFile lineitem = QuiverFile.open(directory.resolve("lineitem.qvr"))) {
      assertThat(lineitem.schema().findField("l_extendedprice").getType().toString()).isEqualTo("Decimal(15, 2, 128)");
      assertThat(q6(lineitem)).isEqualTo(q6FromGenerator());
      assertOrderKeysInGeneratorOrder(lineitem);
    }
    try (var files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).allMatch(name -> name.endsWith(".qvr"));
    }
  }

  @Test
  void onlyTheTablesAskedFor() throws IOException {
    CommandRunner.Outcome outcome = CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "0.01",
        "--out", directory.toString(), "--tables", "nation,region");
    assertThat(outcome.exitCode()).as(outcome.err()).isZero();
    try (var files = Files.list(directory)) {
      assertThat(files.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("nation.qvr",
          "region.qvr");
    }
    CommandRunner.Outcome unknown = CommandRunner.run(memory.allocator(), "generate", "tpch", "--scale", "1",
        "--out", directory.toString(), "--tables", "lineitems");
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.errorLines()).singleElement().asString().contains("unknown TPC-H table 'lineitems'");
  }

  /** sum(l_extendedprice * l_discount) over the Q6 predicate, exactly (scale 4). */
  private BigDecimal q6(QuiverFile file) throws IOException {
    long rows = file.rowCount();
    try (FieldVector shipDates = file.read(file.columnIndex("l_shipdate"), 0, rows, memory.allocator());
        FieldVector discounts = file.read(file.columnIndex("l_discount"), 0, rows, memory.allocator());
        FieldVector quantities = file.read(file.columnIndex("l_quantity"), 0, rows, memory.allocator());
        FieldVector prices = file.read(file.columnIndex("l_extendedprice"), 0, rows, memory.allocator())) {
      BigDecimal sum = BigDecimal.ZERO.setScale(4);
      for (int row = 0; row < rows; row++) {
        int shipDate = ((DateDayVector) shipDates).get(row);
        BigDecimal discount = ((DecimalVector) discounts).getObject(row);
        BigDecimal quantity = ((DecimalVector) quantities).getObject(row);
        if (shipDate >= Q6_FROM && shipDate < Q6_TO && discount.compareTo(new BigDecimal("0.05")) >= 0
            && discount.compareTo(new BigDecimal("0.07")) <= 0 && quantity.compareTo(BigDecimal.valueOf(24)) < 0) {
          sum = sum.add(((DecimalVector) prices).getObject(row).multiply(discount));
        }
      }
      return sum;
    }
  }

  private static BigDecimal q6FromGenerator() {
    long sum = 0;
    for (LineItem item : new LineItemGenerator(SCALE, 1, 1)) {
      if (item.getShipDate() >= Q6_FROM && item.getShipDate() < Q6_TO && item.getDiscountPercent() >= 5
          && item.getDiscountPercent() <= 7 && item.getQuantity() < 24) {
        sum += item.getExtendedPriceInCents() * item.getDiscountPercent();
      }
    }
    return BigDecimal.valueOf(sum, 4);
  }

  private void assertOrderKeysInGeneratorOrder(QuiverFile file) throws IOException {
    try (FieldVector keys = file.read(file.columnIndex("l_orderkey"), 0, file.rowCount(), memory.allocator())) {
      int row = 0;
      for (LineItem item : new LineItemGenerator(SCALE, 1, 1)) {
        assertThat(((BigIntVector) keys).get(row)).as("l_orderkey of row %d", row).isEqualTo(item.getOrderKey());
        row++;
      }
      assertThat(row).isEqualTo(keys.getValueCount());
    }
  }
}
