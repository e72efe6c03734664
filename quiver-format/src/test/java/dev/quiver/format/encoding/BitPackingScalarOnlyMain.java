package dev.quiver.format.encoding;

import dev.quiver.common.simd.Simd;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.RootAllocator;

/**
 * The child JVM of {@link BitPackingNoVectorModuleTest}: packs and unpacks random values of every bit
 * width through {@link BitPacking} and prints how many rows came back wrong, and {@link Simd#describe()}.
 */
public final class BitPackingScalarOnlyMain {
  private BitPackingScalarOnlyMain() {}

  /** {@code args[0]} is the seed. */
  public static void main(String[] args) {
    Random random = new Random(Long.parseLong(args[0]));
    int rows = 3000;
    long wrong = 0;
    try (RootAllocator allocator = new RootAllocator()) {
      for (int bitWidth = 1; bitWidth <= 64; bitWidth++) {
        long mask = bitWidth == 64 ? -1L : (1L << bitWidth) - 1;
        long[] values = new long[rows];
        for (int i = 0; i < rows; i++) {
          values[i] = random.nextLong() & mask;
        }
        byte[] packed = BitPacking.pack(values, rows, bitWidth);
        try (ArrowBuf source = allocator.buffer(packed.length); ArrowBuf target = allocator.buffer(8L * rows)) {
          source.setBytes(0, packed);
          BitPacking.unpack(source.memoryAddress(), bitWidth, 0, rows, 8, target.memoryAddress());
          long[] range = new long[rows];
          BitPacking.unpack(source.memoryAddress(), bitWidth, 0, rows, range);
          for (int i = 0; i < rows; i++) {
            wrong += target.getLong(8L * i) != values[i] || range[i] != values[i] ? 1 : 0;
          }
        }
      }
    }
    System.out.println("wrong " + wrong);
    System.out.println(Simd.describe());
  }
}
