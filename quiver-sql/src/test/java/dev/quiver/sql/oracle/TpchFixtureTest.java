package dev.quiver.sql.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.datagen.tpch.TpchSchemas;
import dev.quiver.format.file.QuiverFile;
import org.junit.jupiter.api.Test;

/** The fixture's files and oracle hold the same tables. */
class TpchFixtureTest {
  @Test
  void filesAndOracleHoldTheSameRowsAndTypes() throws Exception {
    TpchFixture fixture = TpchFixture.at(0.01);
    assertThat(TpchFixture.at(0.01)).isSameAs(fixture);
    for (String table : TpchFixture.TABLES) {
      long oracleRows = (Long) fixture.oracle().run("SELECT count(*) FROM " + table).rows().get(0).get(0);
      try (QuiverFile file = QuiverFile.open(fixture.file(table))) {
        assertThat(file.rowCount()).as(table).isEqualTo(fixture.rowCount(table)).isEqualTo(oracleRows);
        assertThat(file.schema()).isEqualTo(TpchSchemas.schema(TpchSchemas.table(table)));
      }
    }
    // Counts fixed by the TPC-H specification for scale 0.01.
    assertThat(fixture.rowCount("orders")).isEqualTo(15_000);
    assertThat(fixture.rowCount("nation")).isEqualTo(25);
    Result money = fixture.oracle().run("SELECT l_extendedprice, l_shipdate, l_comment FROM lineitem LIMIT 1");
    assertThat(money.columnTypes()).containsExactly("DECIMAL(15,2)", "DATE", "VARCHAR");
  }
}
