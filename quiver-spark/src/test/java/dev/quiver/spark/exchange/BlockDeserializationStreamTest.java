package dev.quiver.spark.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.BlockDecoder;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.codec.CompressionCodec;
import dev.quiver.testing.TestingAllocator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.spark.sql.vectorized.ArrowColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import scala.collection.Iterator;

/**
 * The reduce side's stream without Spark: blocks back to back become ColumnarBatches, a
 * dictionary-encoded column (as Comet may write) comes out as its values, each batch is freed when the
 * next is read and the last at the end of the stream, and bytes that are not whole blocks are a
 * CORRUPT error with no memory left behind.
 */
class BlockDeserializationStreamTest {
  private static final String[] COLORS = {"red", "green", "blue"};

  @RegisterExtension
  final TestingAllocator memory = new TestingAllocator();

  @Test
  void dictionaryColumnsAreMaterializedAndBatchesFreedInTurn() throws Exception {
    BufferAllocator allocator = memory.allocator();
    int[][] codes = {{0, 2, 1, -1}, {2, 2, 0}};
    byte[] stream = blocks(allocator, codes, CompressionCodec.LZ4);
    BlockDeserializationStream in = new BlockDeserializationStream(new ByteArrayInputStream(stream), allocator,
        new BlockDecoder(allocator));
    Iterator<scala.Tuple2<Object, Object>> records = in.asKeyValueIterator();
    List<ArrowColumnVector> seen = new ArrayList<>();
    for (int[] block : codes) {
      assertThat(records.hasNext()).isTrue();
      ColumnarBatch batch = (ColumnarBatch) records.next()._2();
      assertThat(batch.numRows()).isEqualTo(block.length);
      for (int row = 0; row < block.length; row++) {
        assertThat(batch.column(0).getInt(row)).isEqualTo(row * 10);
        if (block[row] < 0) {
          assertThat(batch.column(1).isNullAt(row)).isTrue();
        } else {
          assertThat(batch.column(1).getUTF8String(row).toString()).isEqualTo(COLORS[block[row]]);
        }
      }
      seen.add((ArrowColumnVector) batch.column(1));
      if (seen.size() > 1) {
        assertThat(seen.get(0).getValueVector().getValueCount()).as("the first batch is freed").isZero();
      }
    }
    assertThat(allocator.getAllocatedMemory()).as("the last batch is still readable").isPositive();
    assertThat(records.hasNext()).isFalse();
    assertThat(allocator.getAllocatedMemory()).as("the end of the stream frees the last batch").isZero();
    in.close();
  }

  @Test
  void truncatedOrForeignBytesAreCorrupt() throws Exception {
    BufferAllocator allocator = memory.allocator();
    byte[] stream = blocks(allocator, new int[][] {{0, 1, 2}}, CompressionCodec.ZSTD);
    assertCorrupt(allocator, Arrays.copyOf(stream, stream.length - 5), "ends");
    assertCorrupt(allocator, Arrays.copyOf(stream, 5), "length");
    // What a shuffle segment looks like with spark.shuffle.compress=true: Spark's LZ4 stream.
    byte[] lz4 = "LZ4Block0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    assertCorrupt(allocator, lz4, "spark.shuffle.compress");
  }

  private static void assertCorrupt(BufferAllocator allocator, byte[] bytes, String messagePart) {
    BlockDeserializationStream in = new BlockDeserializationStream(new ByteArrayInputStream(bytes), allocator,
        new BlockDecoder(allocator));
    assertThatThrownBy(() -> in.asKeyValueIterator().hasNext()).isInstanceOfSatisfying(QuiverException.class,
        failure -> assertThat(failure.errorCode()).isEqualTo(ErrorCode.CORRUPT)).hasMessageContaining(messagePart);
    in.close();
    assertThat(allocator.getAllocatedMemory()).isZero();
  }

  /** One block per code list: an int column (row * 10) and a dictionary-encoded string column. */
  private static byte[] blocks(BufferAllocator allocator, int[][] codes, CompressionCodec codec) throws Exception {
    DictionaryEncoding encoding = new DictionaryEncoding(1, false, new ArrowType.Int(32, true));
    Field number = Field.nullable("n", new ArrowType.Int(32, true));
    // In memory a dictionary-encoded column holds its indices: the field has the index type.
    Field color = new Field("color", new FieldType(true, new ArrowType.Int(32, true), encoding), null);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (VarCharVector values = new VarCharVector("colors", allocator)) {
      for (int i = 0; i < COLORS.length; i++) {
        values.setSafe(i, COLORS[i].getBytes(StandardCharsets.UTF_8));
      }
      values.setValueCount(COLORS.length);
      DictionaryProvider.MapDictionaryProvider provider = new DictionaryProvider.MapDictionaryProvider();
      provider.put(new Dictionary(values, encoding));
      for (int[] block : codes) {
        try (IntVector numbers = new IntVector(number, allocator);
            IntVector indices = new IntVector(color, allocator)) {
          for (int row = 0; row < block.length; row++) {
            numbers.setSafe(row, row * 10);
            if (block[row] >= 0) {
              indices.setSafe(row, block[row]);
            } else {
              indices.setNull(row);
            }
          }
          numbers.setValueCount(block.length);
          indices.setValueCount(block.length);
          VectorSchemaRoot root = new VectorSchemaRoot(List.of(number, color), List.of(numbers, indices), block.length);
          try (ShuffleBlockWriter writer = new ShuffleBlockWriter(root.getSchema(), provider, codec,
              ShuffleBlockWriter.Options.defaults())) {
            out.write(writer.encodeToArray(root));
          }
        }
      }
    }
    return out.toByteArray();
  }
}
