package dev.quiver.sql.slt;

import java.util.List;

/**
 * What an engine answered: one type letter per column (I, R, T) and the rows as the engine's Java
 * values (rendered by {@link SltValues}: {@link #lines} for Quiver's golden files, per type letter for
 * SQLite's corpus).
 */
record SltAnswer(String types, List<List<Object>> rows) {
  /** The rows as a golden file writes them: values separated by tabs. */
  List<String> lines() {
    return rows.stream().map(row -> String.join("\t", row.stream().map(SltValues::render).toList())).toList();
  }
}
