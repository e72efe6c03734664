package dev.quiver.datagen.tpcds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;

class TpcdsGeneratorTest {
  @Test
  void schemasUseDuckDbNamesAndTypes() {
    assertThat(TpcdsSchemas.tables()).hasSize(24);
    assertThat(TpcdsSchemas.schema(TpcdsSchemas.table("store")).findField("s_tax_percentage").getType().toString())
        .isEqualTo("Decimal(5, 2, 128)");
    assertThat(TpcdsSchemas.schema(TpcdsSchemas.table("promotion")).findField("p_response_target")).isNotNull();
    assertThat(TpcdsSchemas.schema(TpcdsSchemas.table("store_sales")).findField("ss_net_profit").getType().toString())
        .isEqualTo("Decimal(7, 2, 128)");
    assertThatThrownBy(() -> TpcdsSchemas.table("nope")).hasMessageContaining("unknown TPC-DS table 'nope'");
  }

  @Test
  void decimalsParseExactly() {
    assertThat(TpcdsBatchFiller.unscaled("-7", 2)).isEqualTo(-700);
    assertThat(TpcdsBatchFiller.unscaled("-779.73", 2)).isEqualTo(-77973);
    assertThat(TpcdsBatchFiller.unscaled("0.05", 2)).isEqualTo(5);
    assertThat(TpcdsBatchFiller.unscaled("-0.5", 2)).isEqualTo(-50);
  }

  @Test
  void generatesTheSameRowsEachTimeWithEmptyStringsAsNull() throws Exception {
    try (BufferAllocator allocator = new RootAllocator()) {
      List<String> first = new ArrayList<>();
      long rows = TpcdsGenerator.generate(TpcdsSchemas.table("time_dim"), 0.01, 10_000, allocator, batch -> {
        try (batch) {
          VarCharVector meal = (VarCharVector) batch.getVector("t_meal_time");
          IntVector sk = (IntVector) batch.getVector("t_time_sk");
          for (int i = 0; i < batch.getRowCount(); i++) {
            assertThat(meal.isNull(i) || meal.getObject(i).toString().length() > 0).isTrue();
            if (first.size() < 3) {
              first.add(sk.get(i) + ":" + meal.getObject(i));
            }
          }
        }
      });
      assertThat(rows).isEqualTo(86_400);
      assertThat(first).containsExactly("0:null", "1:null", "2:null");
      long[] nonNullCosts = new long[1];
      long storeRows = TpcdsGenerator.generate(TpcdsSchemas.table("promotion"), 0.01, 2, allocator, batch -> {
        try (batch) {
          DecimalVector cost = (DecimalVector) batch.getVector("p_cost");
          for (int i = 0; i < batch.getRowCount(); i++) {
            nonNullCosts[0] += cost.isNull(i) ? 0 : 1;
          }
        }
      });
      assertThat(storeRows).isEqualTo(3);
      assertThat(nonNullCosts[0]).isEqualTo(3);
    }
  }
}
