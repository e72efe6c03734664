package dev.quiver.io.parquet;

import java.util.List;
import java.util.Map;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Feeds parquet-java's {@link RecordConsumer} from Arrow vectors. A "record" is a row index of the
 * current batch ({@link #setBatch}); null values are left out (their OPTIONAL field is absent), every
 * other value goes through its column's {@link ValueWriter}.
 */
final class ArrowWriteSupport extends WriteSupport<ArrowWriteSupport.Row> {
  /** The row to write next; one mutable instance, so writing a row allocates nothing. */
  static final class Row {
    int index;
  }

  private final MessageType parquetSchema;
  private final Map<String, String> metadata;
  private RecordConsumer consumer;
  private String[] names = new String[0];
  private FieldVector[] vectors = new FieldVector[0];
  private ValueWriter[] writers = new ValueWriter[0];

  ArrowWriteSupport(MessageType parquetSchema, Map<String, String> metadata) {
    this.parquetSchema = parquetSchema;
    this.metadata = Map.copyOf(metadata);
  }

  @Override
  public WriteContext init(Configuration configuration) {
    return new WriteContext(parquetSchema, metadata);
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return new WriteContext(parquetSchema, metadata);
  }

  @Override
  public String getName() {
    return "quiver-arrow";
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.consumer = recordConsumer;
  }

  /** Points the writer at the vectors of {@code batch}, whose schema matches the file's. */
  void setBatch(VectorSchemaRoot batch) {
    List<FieldVector> fieldVectors = batch.getFieldVectors();
    int count = fieldVectors.size();
    names = new String[count];
    vectors = new FieldVector[count];
    writers = new ValueWriter[count];
    for (int i = 0; i < count; i++) {
      vectors[i] = fieldVectors.get(i);
      names[i] = vectors[i].getName();
      writers[i] = ValueWriter.of(vectors[i]);
    }
  }

  @Override
  public void write(Row row) {
    int index = row.index;
    consumer.startMessage();
    for (int column = 0; column < vectors.length; column++) {
      if (!vectors[column].isNull(index)) {
        consumer.startField(names[column], column);
        writers[column].write(consumer, index);
        consumer.endField(names[column], column);
      }
    }
    consumer.endMessage();
  }
}
