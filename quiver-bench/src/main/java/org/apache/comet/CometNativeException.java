package org.apache.comet;

/**
 * The exception {@code libcomet.so} throws by class name when a native call fails (without this
 * class in the JVM its errors vanish silently).
 */
public class CometNativeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public CometNativeException(String message) {
    super(message);
  }
}
