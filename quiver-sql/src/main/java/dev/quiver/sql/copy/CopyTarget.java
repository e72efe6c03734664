package dev.quiver.sql.copy;

import dev.quiver.io.parquet.ParquetCodec;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where and how COPY writes a result.
 *
 * @param path the file (replaced atomically when the copy succeeds)
 * @param format its format
 * @param parquetCodec page compression of Parquet output
 * @param csvDelimiter what separates CSV fields
 * @param csvHeader whether CSV starts with the header line
 * @param csvNull the text of a null CSV field (empty unless COPY's {@code NULLSTR} says otherwise)
 * @param sortBy the order to write the rows in (COPY's {@code SORT_BY}), or null for the query's own;
 *     a {@code .qvr} file records it in its footer
 */
public record CopyTarget(Path path, CopyFormat format, ParquetCodec parquetCodec, char csvDelimiter,
    boolean csvHeader, SortOrder sortBy, String csvNull) {
  public CopyTarget {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(parquetCodec, "parquetCodec");
    Objects.requireNonNull(csvNull, "csvNull");
  }

  /** A target whose CSV nulls are empty fields. */
  public CopyTarget(Path path, CopyFormat format, ParquetCodec parquetCodec, char csvDelimiter, boolean csvHeader,
      SortOrder sortBy) {
    this(path, format, parquetCodec, csvDelimiter, csvHeader, sortBy, "");
  }

  /** {@code path} in {@code format}, Parquet pages compressed with zstd, CSV with ',' and a header. */
  public static CopyTarget of(Path path, CopyFormat format) {
    return new CopyTarget(path, format, ParquetCodec.ZSTD, ',', true, null);
  }

  /** This target with the rows in {@code order} (null: the query's own order). */
  public CopyTarget withSortBy(SortOrder order) {
    return new CopyTarget(path, format, parquetCodec, csvDelimiter, csvHeader, order, csvNull);
  }
}
