package dev.quiver.spark.exchange;

import java.util.Collections;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import scala.Tuple2;

/**
 * The reduce side's rows: the rows of each decoded batch in turn ({@link ColumnarBatch#rowIterator},
 * one reused row object per batch). The next batch is pulled, which frees the one before it, only
 * once every row of the current batch has been handed on, so a row is valid until the next call to
 * {@link #hasNext} (Spark's scan copies each row into an {@code UnsafeRow} before that).
 */
final class BatchRows implements Iterator<InternalRow> {
  private final Iterator<Tuple2<Object, Object>> batches;
  private Iterator<InternalRow> rows = Collections.emptyIterator();

  BatchRows(Iterator<Tuple2<Object, Object>> batches) {
    this.batches = batches;
  }

  @Override
  public boolean hasNext() {
    while (!rows.hasNext()) {
      if (!batches.hasNext()) {
        return false;
      }
      rows = ((ColumnarBatch) batches.next()._2()).rowIterator();
    }
    return true;
  }

  @Override
  public InternalRow next() {
    if (!hasNext()) {
      throw new NoSuchElementException("no more rows");
    }
    return rows.next();
  }
}
