package dev.quiver.exec.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.exec.plan.KeyRange;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which GROUP BYs the planner leaves without an exchange: every key bounded, the ranges within the direct index. */
class DirectlyIndexedTest {
  @Test
  void boundedKeysWithinTheIndexNeedNoExchange() {
    // TPC-H l_orderkey at scale 1: 6,000,000 values
    assertThat(HashAggregateFactory.directlyIndexed(List.of(new KeyRange(1, 6_000_000)), 1)).isTrue();
    // the index's own rule: a key of width w takes w + 1 slots, at most MAX_SLOTS in all
    assertThat(HashAggregateFactory.directlyIndexed(List.of(new KeyRange(0, DirectGroupIndex.MAX_SLOTS - 3)), 1))
        .isTrue();
    assertThat(HashAggregateFactory.directlyIndexed(List.of(new KeyRange(0, DirectGroupIndex.MAX_SLOTS - 1)), 1))
        .isFalse();
    // (l_partkey, l_suppkey): 200,000 x 10,000 slots
    assertThat(HashAggregateFactory.directlyIndexed(List.of(new KeyRange(1, 200_000), new KeyRange(1, 10_000)), 2))
        .isFalse();
    // a key without statistics, or none at all
    assertThat(HashAggregateFactory.directlyIndexed(List.of(new KeyRange(1, 10)), 2)).isFalse();
    assertThat(HashAggregateFactory.directlyIndexed(List.of(), 0)).isFalse();
  }
}
