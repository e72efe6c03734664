package dev.quiver.shuffle.ipc;

import dev.quiver.common.QuiverException;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * How the record batches of one schema lay out their field nodes and buffers: one entry per node in
 * depth-first order (the order of the IPC message), with the kind of each node, its first buffer and
 * the facts the checks need (value width, offset width, children). Built once per schema and cached
 * with it, so a warm decode does no per-field type dispatch beyond reading these arrays.
 */
public final class BatchPlan {
  /** The kinds of node, by buffer layout. */
  public enum Kind {
    /** No buffers. */
    NULL,
    /** validity, values of a fixed byte width. */
    FIXED,
    /** validity, values one bit each. */
    BIT,
    /** validity, offsets, bytes. */
    VARIABLE,
    /** validity, offsets; one child. */
    LIST,
    /** validity; one child of a fixed number of values per slot. */
    FIXED_LIST,
    /** validity; one child per field. */
    STRUCT
  }

  private final int fieldCount;
  private final Kind[] kinds;
  private final int[] firstBuffer;
  private final int[] width;
  private final int[] offsetWidth;
  private final boolean[] utf8;
  private final int[] firstChild;
  private final int[] childCount;
  private final String[] names;
  private final long[] dictionaryIds;
  private final int bufferCount;
  private final boolean hasDictionaries;
  private final boolean hasOffsets;

  private BatchPlan(int fieldCount, List<Node> nodes, int bufferCount) {
    this.fieldCount = fieldCount;
    int count = nodes.size();
    kinds = new Kind[count];
    firstBuffer = new int[count];
    width = new int[count];
    offsetWidth = new int[count];
    utf8 = new boolean[count];
    firstChild = new int[count];
    childCount = new int[count];
    names = new String[count];
    dictionaryIds = new long[count];
    boolean dictionaries = false;
    boolean offsets = false;
    for (int i = 0; i < count; i++) {
      Node node = nodes.get(i);
      kinds[i] = node.kind;
      firstBuffer[i] = node.firstBuffer;
      width[i] = node.width;
      offsetWidth[i] = node.offsetWidth;
      utf8[i] = node.utf8;
      firstChild[i] = node.firstChild;
      childCount[i] = node.childCount;
      names[i] = node.name;
      dictionaryIds[i] = node.dictionaryId;
      dictionaries |= node.dictionaryId >= 0;
      offsets |= node.offsetWidth > 0;
    }
    this.bufferCount = bufferCount;
    this.hasDictionaries = dictionaries;
    this.hasOffsets = offsets;
  }

  /**
   * The plan for record batches of these top-level fields, as they are in an IPC schema message
   * (a dictionary-encoded field's node holds its indices).
   *
   * @param name what to call the block or batch in messages
   * @throws QuiverException USER when a field has a type shuffle blocks do not carry
   */
  public static BatchPlan of(List<Field> fields, String name) {
    List<Node> nodes = new ArrayList<>();
    int[] buffers = {0};
    for (Field field : fields) {
      add(field, field.getName(), nodes, buffers, 0, name);
    }
    return new BatchPlan(fields.size(), nodes, buffers[0]);
  }

  private static final int MAXIMUM_DEPTH = 64;

  private static int add(Field field, String path, List<Node> nodes, int[] buffers, int depth, String name) {
    if (depth > MAXIMUM_DEPTH) {
      throw QuiverException
          .corrupt(name + ": column " + path + " is nested more than " + MAXIMUM_DEPTH + " levels deep");
    }
    int index = nodes.size();
    Node node = new Node();
    node.name = path;
    node.firstBuffer = buffers[0];
    nodes.add(node);
    DictionaryEncoding dictionary = field.getDictionary();
    if (dictionary != null) {
      ArrowType.Int indexType = dictionary.getIndexType();
      node.kind = Kind.FIXED;
      node.width = indexType.getBitWidth() / 8;
      node.dictionaryId = dictionary.getId();
      buffers[0] += 2;
      return index;
    }
    ArrowType type = field.getType();
    switch (type.getTypeID()) {
      case Null:
        node.kind = Kind.NULL;
        break;
      case Int:
        fixed(node, ((ArrowType.Int) type).getBitWidth() / 8, buffers);
        break;
      case FloatingPoint:
        FloatingPointPrecision precision = ((ArrowType.FloatingPoint) type).getPrecision();
        fixed(node, precision == FloatingPointPrecision.HALF ? 2 : precision == FloatingPointPrecision.SINGLE ? 4 : 8,
            buffers);
        break;
      case Decimal:
        fixed(node, ((ArrowType.Decimal) type).getBitWidth() / 8, buffers);
        break;
      case Date:
        fixed(node, ((ArrowType.Date) type).getUnit() == org.apache.arrow.vector.types.DateUnit.DAY ? 4 : 8, buffers);
        break;
      case Time:
        fixed(node, ((ArrowType.Time) type).getBitWidth() / 8, buffers);
        break;
      case Timestamp:
      case Duration:
        fixed(node, 8, buffers);
        break;
      case Interval:
        switch (((ArrowType.Interval) type).getUnit()) {
          case YEAR_MONTH:
            fixed(node, 4, buffers);
            break;
          case DAY_TIME:
            fixed(node, 8, buffers);
            break;
          default:
            fixed(node, 16, buffers);
            break;
        }
        break;
      case FixedSizeBinary:
        fixed(node, ((ArrowType.FixedSizeBinary) type).getByteWidth(), buffers);
        break;
      case Bool:
        node.kind = Kind.BIT;
        buffers[0] += 2;
        break;
      case Utf8:
      case Binary:
        variable(node, 4, type.getTypeID() == ArrowType.ArrowTypeID.Utf8, buffers);
        break;
      case LargeUtf8:
      case LargeBinary:
        variable(node, 8, type.getTypeID() == ArrowType.ArrowTypeID.LargeUtf8, buffers);
        break;
      case List:
      case Map:
        node.kind = Kind.LIST;
        node.offsetWidth = 4;
        buffers[0] += 2;
        break;
      case LargeList:
        node.kind = Kind.LIST;
        node.offsetWidth = 8;
        buffers[0] += 2;
        break;
      case FixedSizeList:
        node.kind = Kind.FIXED_LIST;
        node.width = ((ArrowType.FixedSizeList) type).getListSize();
        buffers[0] += 1;
        break;
      case Struct:
        node.kind = Kind.STRUCT;
        buffers[0] += 1;
        break;
      default:
        throw QuiverException.user(
            name + ": column " + path + " has type " + type + ", which shuffle blocks do not carry");
    }
    List<Field> children = field.getChildren();
    int expectedChildren = node.kind == Kind.LIST || node.kind == Kind.FIXED_LIST ? 1
        : node.kind == Kind.STRUCT ? -1 : 0;
    if (expectedChildren >= 0 && children.size() != expectedChildren) {
      throw QuiverException.corrupt(
          name + ": column " + path + " of type " + type + " has " + children.size() + " children, expected "
              + expectedChildren);
    }
    node.childCount = children.size();
    node.firstChild = nodes.size();
    for (Field child : children) {
      add(child, path + "." + child.getName(), nodes, buffers, depth + 1, name);
    }
    return index;
  }

  private static void fixed(Node node, int width, int[] buffers) {
    node.kind = Kind.FIXED;
    node.width = width;
    buffers[0] += 2;
  }

  private static void variable(Node node, int offsetWidth, boolean utf8, int[] buffers) {
    node.kind = Kind.VARIABLE;
    node.offsetWidth = offsetWidth;
    node.utf8 = utf8;
    buffers[0] += 3;
  }

  private static final class Node {
    Kind kind;
    String name;
    int firstBuffer;
    int width;
    int offsetWidth;
    boolean utf8;
    int firstChild;
    int childCount;
    long dictionaryId = -1;
  }

  public int fieldCount() {
    return fieldCount;
  }

  public int nodeCount() {
    return kinds.length;
  }

  public int bufferCount() {
    return bufferCount;
  }

  public boolean hasDictionaries() {
    return hasDictionaries;
  }

  /** Whether any node has an offsets buffer (the offsets-as-lengths flag can apply). */
  public boolean hasOffsets() {
    return hasOffsets;
  }

  public Kind kind(int node) {
    return kinds[node];
  }

  public int firstBuffer(int node) {
    return firstBuffer[node];
  }

  /** Byte width of a FIXED node's values, or the list size of a FIXED_LIST node. */
  public int width(int node) {
    return width[node];
  }

  /** 4 or 8 for nodes with an offsets buffer (always buffer 1 of the node), else 0. */
  public int offsetWidth(int node) {
    return offsetWidth[node];
  }

  public boolean utf8(int node) {
    return utf8[node];
  }

  public int firstChild(int node) {
    return firstChild[node];
  }

  public int childCount(int node) {
    return childCount[node];
  }

  /** The column path of a node, for messages: {@code a.item.b}. */
  public String name(int node) {
    return names[node];
  }

  /** The dictionary id of a dictionary-encoded node, or -1. */
  public long dictionaryId(int node) {
    return dictionaryIds[node];
  }

  /** Buffers of a node by kind. */
  public static int bufferCountOf(Kind kind) {
    switch (kind) {
      case NULL:
        return 0;
      case FIXED_LIST:
      case STRUCT:
        return 1;
      case VARIABLE:
        return 3;
      default:
        return 2;
    }
  }
}
