package dev.quiver.io.parquet;

import java.util.List;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

/**
 * What a Parquet file's footer says, read without opening its columns.
 *
 * @param schema the Arrow schema of its columns (those Quiver cannot read as placeholders)
 * @param rowGroups its row groups (row counts, column chunks with their statistics)
 */
public record ParquetFooter(Schema schema, List<BlockMetaData> rowGroups) {
  public ParquetFooter {
    rowGroups = List.copyOf(rowGroups);
  }
}
