package dev.quiver.bench.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Column checksums do not depend on row order, batch cuts, integer width or string vector class, and do see a changed value. */
class ColumnDigestTest {
  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void orderCutsAndVectorClassesDoNotMatterButValuesDo() {
    try (IntVector ints = new IntVector("n", memory.allocator());
        BigIntVector longs = new BigIntVector("n", memory.allocator());
        VarCharVector plain = new VarCharVector("s", memory.allocator());
        ViewVarCharVector views = new ViewVarCharVector("s", memory.allocator())) {
      int rows = 100;
      for (int i = 0; i < rows; i++) {
        ints.setSafe(i, i * 3);
        longs.setSafe(rows - 1 - i, i * 3L);
        plain.setSafe(i, ("value " + i).getBytes(StandardCharsets.UTF_8));
        views.setSafe(rows - 1 - i, ("value " + i).getBytes(StandardCharsets.UTF_8));
      }
      ints.setValueCount(rows);
      longs.setValueCount(rows);
      plain.setValueCount(rows);
      views.setValueCount(rows);
      ColumnDigest whole = new ColumnDigest(List.of("n", "s"));
      whole.add(0, ints, 0, rows);
      whole.add(1, plain, 0, rows);
      ColumnDigest pieces = new ColumnDigest(List.of("n", "s"));
      pieces.add(0, longs, 0, 37);
      pieces.add(0, longs, 37, rows - 37);
      pieces.add(1, views, 0, 50);
      pieces.add(1, views, 50, 50);
      assertThat(pieces.text()).isEqualTo(whole.text());
      ints.set(5, 16);
      ColumnDigest changed = new ColumnDigest(List.of("n", "s"));
      changed.add(0, ints, 0, rows);
      changed.add(1, plain, 0, rows);
      assertThat(changed.text()).isNotEqualTo(whole.text());
    }
  }
}
