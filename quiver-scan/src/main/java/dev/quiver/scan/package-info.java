/**
 * Split-parallel scans of {@code .qvr} files: {@link dev.quiver.scan.Scan} is the entry point. See
 * {@code docs/SCAN.md}.
 */
package dev.quiver.scan;
