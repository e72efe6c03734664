package dev.quiver.io.csv;

import java.util.List;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.BaseRepeatedValueVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;

/**
 * Lists, structs and maps as JSON text, for {@link CsvFormat}: a list {@code [1,"a",null]}, a struct
 * {@code {"field":value,...}}, a map {@code {"key text":value,...}} (keys always as JSON strings).
 * Inside them integers, decimals and booleans are bare, finite floats are bare and non-finite ones
 * ({@code "NaN"}) quoted, and every other value is the JSON string of its {@link CsvFormat} text
 * (dates, timestamps, strings, {@code \x} binary); null is {@code null}.
 */
final class NestedValueText {
  private NestedValueText() {}

  /** The JSON text of a non-null nested value. */
  static String json(ValueVector vector, int row, DictionaryProvider dictionaries) {
    StringBuilder out = new StringBuilder();
    append(out, vector, row, dictionaries);
    return out.toString();
  }

  private static void append(StringBuilder out, ValueVector vector, int row, DictionaryProvider dictionaries) {
    if (vector.isNull(row)) {
      out.append("null");
      return;
    }
    DictionaryEncoding encoding = vector.getField().getDictionary();
    if (encoding != null) {
      ValueVector values = CsvFormat.lookup(encoding, vector.getField(), dictionaries).getVector();
      append(out, values, (int) ((BaseIntVector) vector).getValueAsLong(row), dictionaries);
      return;
    }
    switch (vector.getMinorType()) {
      case MAP:
        appendMap(out, (MapVector) vector, row, dictionaries);
        return;
      case LIST:
      case LARGELIST:
      case FIXED_SIZE_LIST:
        appendList(out, vector, row, dictionaries);
        return;
      case STRUCT:
        appendStruct(out, (StructVector) vector, row, dictionaries);
        return;
      case TINYINT:
      case SMALLINT:
      case INT:
      case BIGINT:
      case UINT1:
      case UINT2:
      case UINT4:
      case UINT8:
      case DECIMAL:
      case DECIMAL256:
      case BIT:
        out.append(CsvFormat.text(vector, row, dictionaries));
        return;
      case FLOAT2:
      case FLOAT4:
      case FLOAT8:
        String number = CsvFormat.text(vector, row, dictionaries);
        if (number.equals("NaN") || number.endsWith("Infinity")) {
          appendString(out, number);
        } else {
          out.append(number);
        }
        return;
      default:
        appendString(out, CsvFormat.text(vector, row, dictionaries));
    }
  }

  private static void appendList(StringBuilder out, ValueVector vector, int row, DictionaryProvider dictionaries) {
    long start;
    long end;
    ValueVector elements;
    if (vector instanceof FixedSizeListVector) {
      FixedSizeListVector list = (FixedSizeListVector) vector;
      start = (long) row * list.getListSize();
      end = start + list.getListSize();
      elements = list.getDataVector();
    } else if (vector instanceof LargeListVector) {
      LargeListVector list = (LargeListVector) vector;
      start = list.getElementStartIndex(row);
      end = list.getElementEndIndex(row);
      elements = list.getDataVector();
    } else {
      BaseRepeatedValueVector list = (BaseRepeatedValueVector) vector;
      start = list.getOffsetBuffer().getInt((long) row * BaseRepeatedValueVector.OFFSET_WIDTH);
      end = list.getOffsetBuffer().getInt((long) (row + 1) * BaseRepeatedValueVector.OFFSET_WIDTH);
      elements = list.getDataVector();
    }
    out.append('[');
    for (long i = start; i < end; i++) {
      if (i > start) {
        out.append(',');
      }
      append(out, elements, (int) i, dictionaries);
    }
    out.append(']');
  }

  private static void appendStruct(StringBuilder out, StructVector struct, int row, DictionaryProvider dictionaries) {
    out.append('{');
    List<FieldVector> children = struct.getChildrenFromFields();
    for (int i = 0; i < children.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      appendString(out, children.get(i).getName());
      out.append(':');
      append(out, children.get(i), row, dictionaries);
    }
    out.append('}');
  }

  private static void appendMap(StringBuilder out, MapVector map, int row, DictionaryProvider dictionaries) {
    int start = map.getOffsetBuffer().getInt((long) row * MapVector.OFFSET_WIDTH);
    int end = map.getOffsetBuffer().getInt((long) (row + 1) * MapVector.OFFSET_WIDTH);
    StructVector entries = (StructVector) map.getDataVector();
    List<FieldVector> keyAndValue = entries.getChildrenFromFields();
    out.append('{');
    for (int i = start; i < end; i++) {
      if (i > start) {
        out.append(',');
      }
      String key = CsvFormat.text(keyAndValue.get(0), i, dictionaries);
      appendString(out, key == null ? "null" : key);
      out.append(':');
      append(out, keyAndValue.get(1), i, dictionaries);
    }
    out.append('}');
  }

  /** {@code text} as a JSON string literal. */
  static void appendString(StringBuilder out, String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
    }
    out.append('"');
  }
}
