package dev.quiver.bench.exchange;

import dev.quiver.bench.run.MeasureRequest;
import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.run.Workload;
import dev.quiver.bench.scan.query.ColumnDigest;
import dev.quiver.common.QuiverException;
import dev.quiver.shuffle.block.ShuffleBlockWriter;
import dev.quiver.shuffle.sample.CometBenchmarkTable;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * The block decode workloads, made in a measurement JVM: the block of the requested shape is
 * written once by {@link ShuffleBlockWriter} (Comet's format exactly; offsets-as-lengths off, so
 * Arrow Java's reader can read it too), then the requested system decodes it on every call.
 * Systems: {@value #QUIVER}, {@value #COMET}, {@value #ARROW_JAVA}.
 */
public final class BlockDecodeWorkloads {
  public static final String QUIVER = "quiver";
  public static final String COMET = "comet";
  public static final String ARROW_JAVA = "arrow-java";
  public static final List<String> SYSTEMS = List.of(QUIVER, COMET, ARROW_JAVA);

  private BlockDecodeWorkloads() {}

  public static Workload create(MeasureRequest request, BufferAllocator own) throws Exception {
    BlockShape shape = BlockShape.parse(request.subject());
    byte[] block = encode(shape, own);
    BlockDecodeArm arm = arm(request.system(), shape, block, own);
    List<String> names = CometBenchmarkTable.schema(shape.columns()).getFields().stream().map(Field::getName).toList();
    return new Workload() {
      @Override
      public Outcome run(BufferAllocator allocator, boolean verify) throws Exception {
        ColumnDigest digest = verify ? new ColumnDigest(names) : null;
        int rows = arm.decode(allocator, digest);
        return new Outcome("rows=" + rows + " columns=" + shape.columns(), digest == null ? null : digest.text(),
            Map.of("blockBytes", (long) block.length));
      }

      @Override
      public void close() throws Exception {
        arm.close();
      }
    };
  }

  /** The block of {@code shape}, header included. */
  static byte[] encode(BlockShape shape, BufferAllocator allocator) {
    try (VectorSchemaRoot batch = CometBenchmarkTable.batch(allocator, shape.columns(), shape.rows());
        ShuffleBlockWriter writer = new ShuffleBlockWriter(batch.getSchema(), shape.compression(),
            ShuffleBlockWriter.Options.defaults())) {
      return writer.encodeToArray(batch);
    }
  }

  static BlockDecodeArm arm(String system, BlockShape shape, byte[] block, BufferAllocator own) throws Exception {
    switch (system) {
      case QUIVER: {
        ArrowBuf buffer = own.buffer(block.length);
        buffer.setBytes(0, block);
        return new QuiverBlockArm(buffer.slice(0, block.length));
      }
      case COMET:
        return new CometBlockArm(block, shape.columns());
      case ARROW_JAVA:
        return new ArrowStreamArm(block, shape.compression());
      default:
        throw QuiverException.user("unknown system '" + system + "': use " + String.join(", ", SYSTEMS));
    }
  }
}
