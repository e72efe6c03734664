package dev.quiver.exec.operator;

import dev.quiver.common.ErrorCode;
import dev.quiver.common.QuiverException;
import org.apache.arrow.memory.OutOfMemoryException;

/** Turns an allocation refused by the query's memory limit into the RESOURCE error that names the operator. */
public final class ResourceErrors {
  private ResourceErrors() {}

  public static QuiverException outOfMemory(String operator, OutOfMemoryException exhausted) {
    return new QuiverException(ErrorCode.RESOURCE,
        operator + " ran out of memory: " + exhausted.getMessage() + "; raise --memory-limit", exhausted);
  }
}
