package dev.quiver.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Which packages of a source tree use which, read from the Java sources themselves (imports, static
 * imports, wildcard imports and fully qualified names in code; comments and string literals do not
 * count), and the cycles among them. Written for any module: give it a source root and the package
 * prefix whose packages matter. A test of each module can then fail on a package cycle.
 */
public final class TestingPackageGraph {
  private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
  /** Comments, text blocks, string and character literals, in the order a lexer meets them. */
  private static final Pattern NOT_CODE = Pattern.compile(
      "//[^\\n]*|/\\*.*?\\*/|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])*'", Pattern.DOTALL);

  private final Map<String, Set<String>> uses;

  private TestingPackageGraph(Map<String, Set<String>> uses) {
    this.uses = uses;
  }

  /**
   * The graph of the {@code .java} files under {@code sourceRoot}: for every package whose name
   * starts with {@code prefix}, the other such packages it names.
   */
  public static TestingPackageGraph read(Path sourceRoot, String prefix) {
    Pattern reference = Pattern.compile("\\b(" + Pattern.quote(prefix) + "(?:\\.[a-z_][a-z0-9_]*)*)\\.(?:[A-Z]|\\*)");
    Map<String, Set<String>> uses = new TreeMap<>();
    try (Stream<Path> files = Files.walk(sourceRoot)) {
      for (Path file : files.filter(path -> path.toString().endsWith(".java")).sorted().toList()) {
        String code = NOT_CODE.matcher(Files.readString(file)).replaceAll(" ");
        Matcher declared = PACKAGE.matcher(code);
        if (!declared.find() || !declared.group(1).startsWith(prefix)) {
          continue;
        }
        String from = declared.group(1);
        Set<String> targets = uses.computeIfAbsent(from, name -> new TreeSet<>());
        Matcher named = reference.matcher(code);
        while (named.find()) {
          String to = named.group(1);
          if (!to.equals(from)) {
            targets.add(to);
          }
        }
      }
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
    for (Set<String> targets : List.copyOf(uses.values())) {
      for (String target : targets) {
        uses.computeIfAbsent(target, name -> new TreeSet<>());
      }
    }
    return new TestingPackageGraph(uses);
  }

  /** A graph given directly: package to the packages it uses. */
  public static TestingPackageGraph of(Map<String, Set<String>> uses) {
    Map<String, Set<String>> copy = new TreeMap<>();
    uses.forEach((from, targets) -> {
      copy.computeIfAbsent(from, name -> new TreeSet<>()).addAll(targets);
      targets.forEach(target -> copy.computeIfAbsent(target, name -> new TreeSet<>()));
    });
    return new TestingPackageGraph(copy);
  }

  /** Every package seen, each with the packages it uses. */
  public Map<String, Set<String>> uses() {
    return uses;
  }

  /**
   * One cycle per strongly connected group of packages that use each other, written as the path
   * {@code a -> b -> ... -> a}; empty when the packages form no cycle.
   */
  public List<List<String>> cycles() {
    List<List<String>> cycles = new ArrayList<>();
    for (Set<String> group : stronglyConnected()) {
      if (group.size() > 1) {
        cycles.add(cycleThrough(group));
      }
    }
    return cycles;
  }

  /** Tarjan's algorithm, iteratively: the strongly connected components. */
  private List<Set<String>> stronglyConnected() {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> lowest = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new TreeSet<>();
    List<Set<String>> components = new ArrayList<>();
    int[] counter = {0};
    for (String start : uses.keySet()) {
      if (index.containsKey(start)) {
        continue;
      }
      Deque<Map.Entry<String, Iterator<String>>> work = new ArrayDeque<>();
      visit(start, index, lowest, stack, onStack, counter);
      work.push(Map.entry(start, uses.get(start).iterator()));
      while (!work.isEmpty()) {
        String node = work.peek().getKey();
        Iterator<String> next = work.peek().getValue();
        if (next.hasNext()) {
          String target = next.next();
          if (!index.containsKey(target)) {
            visit(target, index, lowest, stack, onStack, counter);
            work.push(Map.entry(target, uses.get(target).iterator()));
          } else if (onStack.contains(target)) {
            lowest.put(node, Math.min(lowest.get(node), index.get(target)));
          }
          continue;
        }
        work.pop();
        if (!work.isEmpty()) {
          String parent = work.peek().getKey();
          lowest.put(parent, Math.min(lowest.get(parent), lowest.get(node)));
        }
        if (lowest.get(node).equals(index.get(node))) {
          Set<String> component = new TreeSet<>();
          String member;
          do {
            member = stack.pop();
            onStack.remove(member);
            component.add(member);
          } while (!member.equals(node));
          components.add(component);
        }
      }
    }
    return components;
  }

  private static void visit(String node, Map<String, Integer> index, Map<String, Integer> lowest, Deque<String> stack,
      Set<String> onStack, int[] counter) {
    index.put(node, counter[0]);
    lowest.put(node, counter[0]);
    counter[0]++;
    stack.push(node);
    onStack.add(node);
  }

  /** A shortest path from the group's first package back to itself, through the group only. */
  private List<String> cycleThrough(Set<String> group) {
    String start = group.iterator().next();
    Map<String, String> cameFrom = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>(List.of(start));
    while (!queue.isEmpty()) {
      String node = queue.poll();
      for (String target : uses.get(node)) {
        if (!group.contains(target)) {
          continue;
        }
        if (target.equals(start)) {
          List<String> path = new ArrayList<>();
          for (String step = node; step != null; step = cameFrom.get(step)) {
            path.add(0, step);
          }
          path.add(start);
          return path;
        }
        if (!cameFrom.containsKey(target)) {
          cameFrom.put(target, node);
          queue.add(target);
        }
      }
    }
    throw new IllegalStateException("no cycle through " + group);
  }
}
