package dev.quiver.io.parquet;

import dev.quiver.common.QuiverException;
import java.util.Locale;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/** The page compression of Parquet files Quiver writes. */
public enum ParquetCodec {
  ZSTD(CompressionCodecName.ZSTD),
  SNAPPY(CompressionCodecName.SNAPPY),
  NONE(CompressionCodecName.UNCOMPRESSED);

  private final CompressionCodecName parquetName;

  ParquetCodec(CompressionCodecName parquetName) {
    this.parquetName = parquetName;
  }

  /** parquet-java's name for the codec. */
  public CompressionCodecName parquetName() {
    return parquetName;
  }

  /** The lower-case name used on the command line. */
  public String displayName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The codec named {@code name} (zstd, snappy or none, any case). */
  public static ParquetCodec parse(String name) {
    for (ParquetCodec codec : values()) {
      if (codec.displayName().equalsIgnoreCase(name)) {
        return codec;
      }
    }
    throw QuiverException.user("unknown Parquet codec '" + name + "': use zstd, snappy or none");
  }
}
