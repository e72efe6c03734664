package dev.quiver.bench.run;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A stand-in for a persistent measurement JVM's main class in {@link PersistentJvmTest}, whose
 * behaviour system property {@code scripted.mode} chooses: {@code die} exits with 3 on its first
 * request; {@code silent} reads requests and never answers; {@code dirty} answers every request with
 * a result and, when its input ends, prints an error line and exits with 1.
 */
public final class ScriptedServer {
  private ScriptedServer() {}

  public static void main(String[] arguments) throws Exception {
    String mode = System.getProperty("scripted.mode", "");
    BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line = input.readLine(); line != null; line = input.readLine()) {
      switch (mode) {
        case "die":
          System.err.println("scripted death");
          System.exit(3);
          break;
        case "dirty":
          System.out.println("some noise a library printed");
          System.out.println(ChildJvm.RESULT_PREFIX
              + "{\"nanos\":5.0,\"operations\":1,\"peakRssBytes\":7,\"answer\":\"42\",\"checksum\":null,\"details\":{}}");
          System.out.flush();
          break;
        default:
          break;
      }
    }
    if (mode.equals("dirty")) {
      System.out.println(PersistentJvm.ERROR_PREFIX + "{\"message\":\"scripted leak of 64 bytes\"}");
      System.out.flush();
      System.exit(1);
    }
  }
}
