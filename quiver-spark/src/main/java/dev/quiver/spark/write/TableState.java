package dev.quiver.spark.write;

import dev.quiver.common.QuiverException;
import dev.quiver.spark.files.DataFile;
import dev.quiver.spark.files.Manifest;
import dev.quiver.spark.files.ManifestStore;
import dev.quiver.spark.files.Schemas;
import dev.quiver.spark.files.TableFiles;
import dev.quiver.spark.files.TableListing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.types.StructType;

/**
 * A table folder as a writer finds it: its latest manifest, or (without one) the plain {@code .qvr}
 * files below it, which a first append adopts. Files named like a Quiver Spark job's output
 * ({@code part-NNNNN-<uuid>-<task>...}) are never adopted: outside a manifest they are uncommitted.
 *
 * @param manifest the latest manifest, when there is one
 * @param files the table's files now, relative to the folder
 * @param dataSchema the stored columns (empty when the folder holds nothing)
 * @param partitionColumns the partition column names
 * @param partitionSchema the partition columns with types (from the manifest; inferred for plain files)
 */
record TableState(Optional<Manifest> manifest, List<Manifest.Entry> files, StructType dataSchema,
    List<String> partitionColumns, StructType partitionSchema) {

  static TableState of(Path root) {
    Optional<Manifest> manifest = ManifestStore.latest(root);
    if (manifest.isPresent()) {
      Manifest current = manifest.get();
      return new TableState(manifest, current.files(), current.dataSchema(),
          List.of(current.partitionSchema().fieldNames()), current.partitionSchema());
    }
    if (!Files.isDirectory(root)) {
      return new TableState(manifest, List.of(), new StructType(), List.of(), new StructType());
    }
    TableListing plain = TableFiles.listPlain(root, name -> !WriteJob.JOB_FILE_NAME.matcher(name).matches());
    List<Manifest.Entry> files = new ArrayList<>();
    for (DataFile file : plain.files()) {
      files.add(new Manifest.Entry(root.relativize(Path.of(file.path())).toString().replace('\\', '/'),
          file.length()));
    }
    return new TableState(manifest, files, plain.dataSchema(), List.of(plain.partitionSchema().fieldNames()),
        plain.partitionSchema());
  }

  /** Whether the table exists (a manifest, even an empty one, or adoptable files). */
  boolean exists() {
    return manifest.isPresent() || !files.isEmpty();
  }

  /** A USER error when the job's rows cannot be appended to this table (other columns or partitioning). */
  void requireAppendable(Path root, WriteJob job) {
    if (!exists()) {
      return;
    }
    boolean partitionsAgree = manifest.isPresent() ? Schemas.sameColumns(partitionSchema, job.partitionSchema())
        : partitionColumns.equals(List.of(job.partitionSchema().fieldNames()));
    if (!Schemas.sameColumns(dataSchema, job.dataSchema()) || !partitionsAgree) {
      throw QuiverException.user("cannot append to " + root + ": the table has columns "
          + dataSchema.simpleString() + " partitioned by " + partitionSchema.simpleString() + ", the data has "
          + job.dataSchema().simpleString() + " partitioned by " + job.partitionSchema().simpleString()
          + " (overwrite replaces the table)");
    }
  }

  /** The USER error of a create-only write (errorifexists) over an existing table. */
  static QuiverException alreadyExists(Path root) {
    return QuiverException.user("path " + root + " already exists (a quiver table or .qvr files) and the save mode is"
        + " errorifexists; use mode append or overwrite, or another path");
  }
}
