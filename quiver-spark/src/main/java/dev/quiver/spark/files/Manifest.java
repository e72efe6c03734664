package dev.quiver.spark.files;

import dev.quiver.common.QuiverException;
import dev.quiver.format.table.TableManifest;
import java.util.List;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * One committed version of a table, with Spark's types: the files a reader reads, the schema of the
 * data in them and the partition columns with their types. The text is the shared table format's,
 * {@link TableManifest} (the SQL database commits it too). Stored as {@code _quiver/manifest-<version>} under the
 * table folder, UTF-8 text, one entry per line, fields separated by one space:
 *
 * <pre>
 * quiver-manifest 1
 * version 3
 * job 0f8c4e1a-...                      (the job that committed it)
 * data-schema {"type":"struct",...}     (Spark JSON of the columns inside the files)
 * partition-schema {"type":"struct",...} (Spark JSON of the folder columns, in folder order)
 * file 1234 a=1/b=x%2Fy/part-...qvr     (length in bytes, path relative to the table folder)
 * retired 999 part-...qvr               (files the previous version listed and this one drops)
 * end 1 1 1c2d3e4f                      (file count, retired count, CRC32C of every byte before this line)
 * </pre>
 *
 * The path is the rest of the line (it may hold spaces, never a line break). Partition values are the
 * path's folder names, Hive-escaped. Anything else — an unknown line, a missing {@code end}, a count
 * or checksum that does not match, bytes after {@code end} — is a CORRUPT error naming the file.
 *
 * @param version the version, equal to the number in the file name
 * @param jobId the committing job
 * @param dataSchema the columns stored in the files
 * @param partitionSchema the partition columns, in folder order
 * @param files the table's files
 * @param retired the files dropped by this version (deleted once a later version commits)
 */
public record Manifest(long version, String jobId, StructType dataSchema, StructType partitionSchema,
    List<Entry> files, List<Entry> retired) {
  /**
   * One file of a manifest.
   *
   * @param path path relative to the table folder, '/'-separated
   * @param length bytes
   */
  public record Entry(String path, long length) {
    public Entry {
      if (path.isEmpty() || path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
        throw QuiverException.user("a table file's path cannot be empty or hold a line break: '" + path + "'");
      }
    }
  }

  public Manifest {
    files = List.copyOf(files);
    retired = List.copyOf(retired);
  }

  /** The manifest as stored (the shared table format: {@link TableManifest}). */
  public byte[] toBytes() {
    return shared().toBytes();
  }

  /** This version in the format shared with the SQL database. */
  public TableManifest shared() {
    return new TableManifest(version, jobId, dataSchema.json(), partitionSchema.json(), entries(files),
        entries(retired));
  }

  /** The Spark form of a manifest in the shared format; CORRUPT naming {@code file} when a schema is not Spark's. */
  public static Manifest of(String file, TableManifest manifest) {
    return new Manifest(manifest.version(), manifest.jobId(), struct(file, manifest.dataSchemaJson()),
        struct(file, manifest.partitionSchemaJson()), sparkEntries(manifest.files()),
        sparkEntries(manifest.retired()));
  }

  /** Parses a stored manifest; a CORRUPT error naming {@code file} when it is not one. */
  public static Manifest parse(String file, byte[] bytes) {
    return of(file, TableManifest.parse(file, bytes));
  }

  private static List<TableManifest.Entry> entries(List<Entry> entries) {
    return entries.stream().map(entry -> new TableManifest.Entry(entry.path(), entry.length())).toList();
  }

  private static List<Entry> sparkEntries(List<TableManifest.Entry> entries) {
    return entries.stream().map(entry -> new Entry(entry.path(), entry.length())).toList();
  }

  private static StructType struct(String file, String json) {
    DataType type;
    try {
      type = DataType.fromJson(json);
    } catch (RuntimeException malformed) {
      throw corrupt(file, "a schema Spark cannot read: " + QuiverException.describe(malformed));
    }
    if (!(type instanceof StructType struct)) {
      throw corrupt(file, "a schema that is not a struct: " + json);
    }
    return struct;
  }

  static QuiverException corrupt(String file, String problem) {
    return TableManifest.corrupt(file, problem);
  }
}
