package dev.quiver.sql.copy;

import dev.quiver.io.formats.TableFormat;
import java.nio.file.Path;
import java.util.Locale;

/** The formats COPY writes: a {@code .qvr} file, Parquet, CSV, or an Arrow IPC file. */
public enum CopyFormat {
  QVR(null, "qvr"),
  PARQUET(TableFormat.PARQUET, "parquet"),
  CSV(TableFormat.CSV, "csv"),
  ARROW(TableFormat.ARROW_FILE, "arrow");

  private final TableFormat tableFormat;
  private final String optionName;

  CopyFormat(TableFormat tableFormat, String optionName) {
    this.tableFormat = tableFormat;
    this.optionName = optionName;
  }

  /** quiver-io's format, or null for {@code .qvr}. */
  TableFormat tableFormat() {
    return tableFormat;
  }

  /** The name of {@code FORMAT name}, lowercase. */
  public String optionName() {
    return optionName;
  }

  /** The format of {@code FORMAT name} (any case), or null. */
  public static CopyFormat named(String name) {
    for (CopyFormat format : values()) {
      if (format.optionName.equalsIgnoreCase(name)) {
        return format;
      }
    }
    return name.equalsIgnoreCase("feather") ? ARROW : null;
  }

  /** The format of {@code path}'s extension (.qvr, .parquet, .csv, .arrow, .feather), or null. */
  public static CopyFormat ofPath(Path path) {
    String extension = TableFormat.extension(path).toLowerCase(Locale.ROOT);
    return extension.isEmpty() ? null : named(extension);
  }
}
