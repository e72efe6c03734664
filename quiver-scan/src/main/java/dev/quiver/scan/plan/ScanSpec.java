package dev.quiver.scan.plan;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * What a scan asks of each split, portable (serializable, plain text): the columns to return and the
 * filter as SQL text (parsed again against the file's schema where the split runs; an expression
 * prints as SQL that parses back to an equal expression).
 *
 * @param columns the columns to return, in order
 * @param filter the filter in SQL syntax, or null
 */
public record ScanSpec(List<String> columns, String filter) implements Serializable {
  private static final long serialVersionUID = 1L;

  public ScanSpec {
    columns = List.copyOf(Objects.requireNonNull(columns, "columns"));
  }
}
