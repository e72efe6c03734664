package dev.quiver.spark.read;

import dev.quiver.spark.files.TableListing;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/** Builds the scan of a Quiver table (to be built: pushdown, splits, columnar batches). */
public final class QuiverScanBuilder implements ScanBuilder {
  public QuiverScanBuilder(TableListing listing, StructType tableSchema, CaseInsensitiveStringMap options) {}

  @Override
  public Scan build() {
    throw new UnsupportedOperationException("reading is not built yet");
  }
}
