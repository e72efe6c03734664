package dev.quiver.sql.slt;

import java.util.List;

/** What an engine answered: one type letter per column (I, R, T) and the rows as rendered values. */
record SltAnswer(String types, List<List<String>> rows) {
  /** The rows as a golden file writes them: values separated by tabs. */
  List<String> lines() {
    return rows.stream().map(row -> String.join("\t", row)).toList();
  }
}
