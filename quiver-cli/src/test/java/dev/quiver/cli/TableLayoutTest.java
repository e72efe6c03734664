package dev.quiver.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The table layout: SQL types under the names, middle columns left out to fit a width, first and last rows. */
class TableLayoutTest {
  @Test
  void fitsAllColumnsWhenWideEnough() {
    TableLayout layout = new TableLayout(List.of("id", "name"), List.of("INTEGER", "VARCHAR"),
        new boolean[] {true, false}, 80);
    TableLayout.Lines lines = layout.lay(List.<String[]>of(new String[] {"1", "a"}), List.of(), false);
    assertThat(lines.lines()).containsExactly("id       name", "INTEGER  VARCHAR", "-------  -------",
        "      1  a");
    assertThat(lines.columnsShown()).isEqualTo(2);
  }

  @Test
  void leavesMiddleColumnsOutWithAnEllipsisColumn() {
    List<String> names = new ArrayList<>();
    List<String> types = new ArrayList<>();
    String[] row = new String[10];
    for (int column = 0; column < 10; column++) {
      names.add("column_" + column);
      types.add("BIGINT");
      row[column] = String.valueOf(column);
    }
    TableLayout.Lines lines = new TableLayout(names, types, new boolean[10], 40).lay(List.<String[]>of(row),
        List.of(), false);
    assertThat(lines.lines().get(0)).isEqualTo("column_0  column_1  …  column_9");
    assertThat(lines.lines().get(1)).startsWith("BIGINT    BIGINT");
    assertThat(lines.lines().get(3)).isEqualTo("0         1         …  9");
    assertThat(lines.columnsShown()).isEqualTo(3);
    lines.lines().forEach(line -> assertThat(line.length()).isLessThanOrEqualTo(40));
  }

  @Test
  void cutsWideCellsAndMarksLeftOutRows() {
    TableLayout layout = new TableLayout(List.of("s"), List.of("VARCHAR"), new boolean[1], 12);
    TableLayout.Lines lines = layout.lay(List.<String[]>of(new String[] {"abcdefghijklmnopqrstuvwxyz"}),
        List.<String[]>of(new String[] {"z"}), true);
    assertThat(lines.lines()).containsExactly("s", "VARCHAR", "------------", "abcdefghijk…", "⋮", "z");
  }
}
