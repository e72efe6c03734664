package dev.quiver.bench.scan.vortex;

import dev.quiver.bench.run.Outcome;
import dev.quiver.bench.scan.DataFiles;
import dev.quiver.bench.scan.DecodeCheck;
import dev.quiver.bench.scan.ScanArm;
import dev.quiver.bench.scan.ScanQuery;
import dev.quiver.bench.scan.query.ArrowValues;
import dev.quiver.bench.scan.query.MatchCount;
import dev.quiver.bench.scan.query.TopPhrases;
import dev.quiver.bench.scan.query.TpchQ6;
import dev.vortex.api.DataSource;
import dev.vortex.api.Expression;
import dev.vortex.api.Partition;
import dev.vortex.api.Scan;
import dev.vortex.api.ScanOptions;
import dev.vortex.api.Session;
import dev.vortex.jni.NativeRuntime;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;

/**
 * Vortex (vortex-jni) in the scan suite, over the file Vortex's own writer wrote. Every query's filter
 * is pushed down to Vortex's scan ({@link Expression}: comparisons, {@code LIKE}) with only the columns
 * the answer needs projected, so Vortex prunes and filters natively; the little left (a sum, a count,
 * counts per phrase) is done in Java on the batches it returns. With more than one thread Vortex's
 * native runtime gets that many worker threads ({@link NativeRuntime#setWorkerThreads}); with one,
 * the work runs on the calling thread.
 */
public final class VortexArm implements ScanArm {
  private final Session session = Session.create();
  private final String path;

  public VortexArm(DataFiles files, int threads) {
    this.path = files.vortex().toAbsolutePath().toString();
    if (threads > 1) {
      NativeRuntime.setWorkerThreads(threads);
    }
  }

  @Override
  public Outcome run(ScanQuery query, BufferAllocator allocator, boolean verify) throws Exception {
    DataSource source = DataSource.open(session, path);
    switch (query) {
      case LINEITEM_DECODE_ALL:
      case HITS_DECODE_ALL: {
        DecodeCheck check = new DecodeCheck(source.arrowSchema(allocator), verify);
        scan(source, ScanOptions.of(), allocator, check::add);
        return check.outcome(Map.of());
      }
      case TPCH_Q6: {
        long[] sum = new long[1];
        scan(source, options(q6Filter(), "l_extendedprice", "l_discount"), allocator, batch -> {
          FieldVector prices = batch.getVector(0);
          FieldVector discounts = batch.getVector(1);
          for (int row = 0; row < batch.getRowCount(); row++) {
            sum[0] += ArrowValues.unscaled(prices, row) * ArrowValues.unscaled(discounts, row);
          }
        });
        return Outcome.of(TpchQ6.format(BigDecimal.valueOf(sum[0], 4)));
      }
      case HITS_Q12: {
        TopPhrases phrases = new TopPhrases();
        Expression nonEmpty = Expression.binary(Expression.BinaryOp.NOT_EQ, Expression.column("SearchPhrase"),
            Expression.literal(""));
        scan(source, options(nonEmpty, "SearchPhrase"), allocator,
            batch -> phrases.acceptBatch(new FieldVector[] {batch.getVector(0)}, batch.getRowCount()));
        return Outcome.of(phrases.answer());
      }
      default: {
        Expression filter = query == ScanQuery.FINEWEB_DUMP
            ? Expression.binary(Expression.BinaryOp.EQ, Expression.column("dump"), Expression.literal(ScanQuery.DUMP))
            : Expression.like(Expression.column("text"), Expression.literal("%" + ScanQuery.NEEDLE + "%"), false,
                false);
        long[] countAndSum = new long[2];
        scan(source, options(filter, "token_count"), allocator, batch -> {
          FieldVector tokens = batch.getVector(0);
          countAndSum[0] += batch.getRowCount();
          for (int row = 0; row < batch.getRowCount(); row++) {
            countAndSum[1] += ArrowValues.integer(tokens, row);
          }
        });
        return Outcome.of(MatchCount.format(countAndSum[0], countAndSum[1]));
      }
    }
  }

  private static ScanOptions options(Expression filter, String... columns) {
    return ScanOptions.builder().filter(filter).projection(Expression.select(columns, Expression.root())).build();
  }

  /** Q6's conditions as one Vortex expression (decimals as decimal(15,2) literals, dates in days). */
  static Expression q6Filter() {
    Expression shipDate = Expression.column("l_shipdate");
    Expression discount = Expression.column("l_discount");
    return Expression.and(
        Expression.binary(Expression.BinaryOp.GTE, shipDate,
            Expression.literalDate(TpchQ6.FIRST_DAY, Expression.TimeUnit.DAYS)),
        Expression.binary(Expression.BinaryOp.LT, shipDate,
            Expression.literalDate(TpchQ6.END_DAY, Expression.TimeUnit.DAYS)),
        Expression.binary(Expression.BinaryOp.GTE, discount, money(TpchQ6.LOWEST_DISCOUNT)),
        Expression.binary(Expression.BinaryOp.LTE, discount, money(TpchQ6.HIGHEST_DISCOUNT)),
        Expression.binary(Expression.BinaryOp.LT, Expression.column("l_quantity"), money(TpchQ6.QUANTITY_BELOW)));
  }

  private static Expression money(long unscaled) {
    return Expression.literalDecimal(BigInteger.valueOf(unscaled), 15, 2);
  }

  private static void scan(DataSource source, ScanOptions options, BufferAllocator allocator,
      Consumer<VectorSchemaRoot> task) throws Exception {
    Scan scan = source.scan(options);
    while (scan.hasNext()) {
      Partition partition = scan.next();
      try (ArrowReader reader = partition.scanArrow(allocator)) {
        while (reader.loadNextBatch()) {
          task.accept(reader.getVectorSchemaRoot());
        }
      }
    }
  }

}
