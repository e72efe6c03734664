package dev.quiver.spark.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.format.file.QuiverWriter;
import dev.quiver.testing.TestingAllocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The manifest's text form, its versions, and what a damaged one does to TableFiles.resolve. */
class ManifestTest {
  private static final StructType DATA = new StructType().add("id", DataTypes.LongType);
  private static final StructType PARTITIONS = new StructType().add("day", DataTypes.DateType)
      .add("name", DataTypes.StringType);

  @RegisterExtension
  final TestingAllocator allocator = new TestingAllocator();

  @TempDir
  Path table;

  @Test
  void theTextFormRoundTrips() {
    Manifest manifest = new Manifest(7, "job-1", DATA, PARTITIONS,
        List.of(new Manifest.Entry("day=2024-01-02/name=a b%2Fc/part 1.qvr", 123)),
        List.of(new Manifest.Entry("day=2024-01-01/name=x/old.qvr", 9)));
    byte[] bytes = manifest.toBytes();
    String text = new String(bytes, StandardCharsets.UTF_8);
    assertThat(text).startsWith("quiver-manifest 1\nversion 7\njob job-1\n")
        .contains("\nfile 123 day=2024-01-02/name=a b%2Fc/part 1.qvr\n")
        .contains("\nretired 9 day=2024-01-01/name=x/old.qvr\n").containsPattern("\nend 1 1 [0-9a-f]{8}\n$");
    assertThat(Manifest.parse("m", bytes)).isEqualTo(manifest);
  }

  @Test
  void aVersionIsPublishedOnceAndTheHighestIsRead() throws Exception {
    Manifest first = new Manifest(1, "a", DATA, new StructType(), List.of(), List.of());
    assertThat(ManifestStore.publish(table, first)).isTrue();
    Manifest rival = new Manifest(1, "b", DATA, new StructType(), List.of(), List.of());
    assertThat(ManifestStore.publish(table, rival)).as("version 1 is taken").isFalse();
    assertThat(ManifestStore.latest(table)).contains(first);
    Manifest second = new Manifest(2, "c", DATA, new StructType(), List.of(), List.of());
    assertThat(ManifestStore.publish(table, second)).isTrue();
    assertThat(ManifestStore.latest(table)).contains(second);
    assertThat(Files.list(table.resolve(ManifestStore.FOLDER)).map(path -> path.getFileName().toString()))
        .as("no temporary file left").containsExactlyInAnyOrder("manifest-1", "manifest-2");
    TableListing listing = TableFiles.resolve(List.of(table.toString()));
    assertThat(listing.fromManifest()).isTrue();
    assertThat(listing.files()).isEmpty();
    assertThat(listing.schema()).isEqualTo(DATA);
  }

  @Test
  void aTruncatedManifestIsCorruptNamingIt() throws Exception {
    Path manifest = publishWithOneFile();
    byte[] bytes = Files.readAllBytes(manifest);
    for (int length : new int[] {0, 10, bytes.length / 2, bytes.length - 1}) {
      Files.write(manifest, Arrays.copyOf(bytes, length));
      assertCorrupt(manifest.toString());
    }
  }

  @Test
  void anEditedManifestIsCorruptNamingIt() throws Exception {
    Path manifest = publishWithOneFile();
    String text = Files.readString(manifest);
    for (String edited : List.of(text.replace("file ", "file 1"), text.replace("\"long\"", "\"string\""),
        text.replace("version 1", "version 2"), text + "file 1 extra.qvr\n", text.replace("job ", "jab "))) {
      Files.writeString(manifest, edited);
      assertCorrupt(manifest.toString());
    }
  }

  @Test
  void aListedFileWithAnotherLengthOrMissingIsCorrupt() throws Exception {
    Path manifest = publishWithOneFile();
    Path data = table.resolve("data.qvr");
    Files.write(data, new byte[] {1, 2, 3}, java.nio.file.StandardOpenOption.APPEND);
    assertThat(assertCorrupt(manifest.toString()).getMessage()).contains(data.toString()).contains("bytes");
    Files.delete(data);
    assertThat(assertCorrupt(manifest.toString()).getMessage()).contains(data.toString()).contains("does not exist");
  }

  @Test
  void aManifestCopiedUnderAnotherVersionIsCorrupt() throws Exception {
    Path manifest = publishWithOneFile();
    Path copy = ManifestStore.path(table, 5);
    Files.copy(manifest, copy);
    assertThat(assertCorrupt(copy.toString()).getMessage()).contains("version 1").contains("named 5");
  }

  private Path publishWithOneFile() throws Exception {
    Path data = table.resolve("data.qvr");
    Schema schema = new Schema(List.of(new Field("id", FieldType.nullable(new ArrowType.Int(64, true)), null)));
    try (VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator.allocator());
        QuiverWriter writer = QuiverWriter.create(data, schema, allocator.allocator())) {
      BigIntVector ids = (BigIntVector) root.getVector(0);
      ids.allocateNew(3);
      for (int i = 0; i < 3; i++) {
        ids.set(i, i);
      }
      root.setRowCount(3);
      writer.write(root);
    }
    Manifest manifest = new Manifest(1, "job", DATA, new StructType(),
        List.of(new Manifest.Entry("data.qvr", Files.size(data))), List.of());
    assertThat(ManifestStore.publish(table, manifest)).isTrue();
    assertThat(TableFiles.resolve(List.of(table.toString())).files()).hasSize(1);
    return ManifestStore.path(table, 1);
  }

  private QuiverException assertCorrupt(String manifest) {
    QuiverException error = catchThrowableOfType(QuiverException.class,
        () -> TableFiles.resolve(List.of(table.toString())));
    assertThat(error).as("resolving with a damaged " + manifest).isNotNull();
    assertThat(error.errorCode()).isEqualTo(ErrorCode.CORRUPT);
    assertThat(error.getMessage()).startsWith("manifest " + manifest + ": ");
    return error;
  }
}
