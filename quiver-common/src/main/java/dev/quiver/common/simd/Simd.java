package dev.quiver.common.simd;

import java.util.Locale;

/**
 * Whether Quiver's vector kernels (the JDK Vector API, {@code jdk.incubator.vector}) run in this
 * JVM: decided once, when this class loads, and never changed. The vector path is chosen when the
 * module is on the module path ({@code --add-modules jdk.incubator.vector}, which the launcher,
 * the benchmarks and the tests set), the preferred vector shape is at least {@value #MINIMUM_BITS}
 * bits, and the system property {@value #PROPERTY} is not {@code false}. Otherwise every kernel
 * runs its scalar loop, and no class of the Vector API is loaded: a module compiled with the
 * Vector API still runs in a JVM started without the flag.
 *
 * <p>Kernels keep their scalar loop beside the vector one and ask {@link #enabled()} once (in a
 * static final field), so the choice costs nothing per batch. A kernel whose vector loop was
 * measured slower than its scalar loop on the machines Quiver targets stays scalar whatever this
 * class says (docs/EXPRESSIONS.md lists which).
 */
public final class Simd {
  /** The system property that forces the scalar kernels when {@code false}, the vector ones when {@code true}. */
  public static final String PROPERTY = "quiver.simd";
  /**
   * The system property a short-lived process sets (the command line running one query or one file) to
   * prefer the scalar kernels: the vector kernels run far slower than the scalar ones until the JIT has
   * compiled them, which a one-shot query never waits for (TPC-H Q6 at scale 1 in a fresh process: 1.37 s
   * of query time with them, 0.90 s without; hot, they gain 10–20 %). {@value #PROPERTY}{@code =true}
   * overrides it.
   */
  public static final String ONE_SHOT_PROPERTY = "quiver.simd.oneShot";
  /** The smallest preferred vector, in bits, for which the vector kernels are used. */
  public static final int MINIMUM_BITS = 256;
  /** The module that holds the Vector API. */
  static final String MODULE = "jdk.incubator.vector";

  private static final Simd CHOICE = decide(System.getProperty(PROPERTY),
      Boolean.getBoolean(ONE_SHOT_PROPERTY), ModuleLayer.boot().findModule(MODULE).isPresent(),
      System.getProperty("os.arch", ""));

  private final boolean enabled;
  private final int vectorBits;
  private final String description;

  private Simd(boolean enabled, int vectorBits, String description) {
    this.enabled = enabled;
    this.vectorBits = vectorBits;
    this.description = description;
  }

  /** Whether the vector kernels run in this JVM. */
  public static boolean enabled() {
    return CHOICE.enabled;
  }

  /** The preferred vector size in bits when the vector kernels run, else 0. */
  public static int vectorBits() {
    return CHOICE.vectorBits;
  }

  /** One line for {@code --version} and EXPLAIN ANALYZE: {@code simd: AVX-512 512-bit} or {@code simd: off (why)}. */
  public static String describe() {
    return CHOICE.description;
  }

  /** The choice for a property value, whether the module is present, and the processor architecture. */
  static Simd decide(String property, boolean modulePresent, String architecture) {
    return decide(property, false, modulePresent, architecture);
  }

  /** As {@link #decide(String, boolean, String)}, for a one-shot process when {@code oneShot}. */
  static Simd decide(String property, boolean oneShot, boolean modulePresent, String architecture) {
    if (property != null && property.trim().equalsIgnoreCase("false")) {
      return off(PROPERTY + "=false");
    }
    boolean forced = property != null && property.trim().equalsIgnoreCase("true");
    if (oneShot && !forced) {
      return off("a one-shot run: the scalar kernels need no JIT warm-up; -D" + PROPERTY + "=true forces the vector"
          + " ones");
    }
    if (!modulePresent) {
      return off(MODULE + " not in the JVM (start it with --add-modules " + MODULE + ")");
    }
    return decide(PreferredVector.bits(), architecture);
  }

  /** The choice once the module is known present, for a preferred vector of {@code bits} bits. */
  static Simd decide(int bits, String architecture) {
    if (bits < MINIMUM_BITS) {
      return off("preferred vector " + bits + "-bit, below " + MINIMUM_BITS);
    }
    return new Simd(true, bits, "simd: " + instructionSet(bits, architecture) + " " + bits + "-bit");
  }

  private static Simd off(String reason) {
    return new Simd(false, 0, "simd: off (" + reason + ")");
  }

  private static String instructionSet(int bits, String architecture) {
    String arch = architecture.toLowerCase(Locale.ROOT);
    if (arch.equals("amd64") || arch.equals("x86_64")) {
      return bits >= 512 ? "AVX-512" : "AVX2";
    }
    if (arch.equals("aarch64")) {
      return "SVE";
    }
    return arch;
  }

  boolean isEnabled() {
    return enabled;
  }

  String description() {
    return description;
  }
}
