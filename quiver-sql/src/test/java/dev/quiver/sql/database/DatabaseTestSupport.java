package dev.quiver.sql.database;

import dev.quiver.sql.session.QuiverSession;
import dev.quiver.sql.session.SqlResult;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/** Reading small answers of a session as text, for the database's tests. */
final class DatabaseTestSupport {
  private DatabaseTestSupport() {}

  /** Runs {@code sql}; its rows, each as its values' text joined by '|'. */
  static List<String> rows(QuiverSession session, String sql) {
    List<String> rows = new ArrayList<>();
    try (SqlResult result = session.execute(sql)) {
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        try (VectorSchemaRoot rowsOfBatch = batch) {
          for (int row = 0; row < rowsOfBatch.getRowCount(); row++) {
            StringBuilder text = new StringBuilder();
            for (int column = 0; column < rowsOfBatch.getFieldVectors().size(); column++) {
              Object value = rowsOfBatch.getVector(column).getObject(row);
              text.append(column > 0 ? "|" : "").append(value);
            }
            rows.add(text.toString());
          }
        }
      }
    }
    return rows;
  }

  /** Runs a statement, discarding what it answers. */
  static void run(QuiverSession session, String sql) {
    try (SqlResult result = session.execute(sql)) {
      for (VectorSchemaRoot batch = result.next(); batch != null; batch = result.next()) {
        batch.close();
      }
    }
  }

  static long single(QuiverSession session, String sql) {
    return Long.parseLong(rows(session, sql).get(0));
  }
}
