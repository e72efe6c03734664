package dev.quiver.format.file;

import dev.quiver.common.CorruptFileException;
import dev.quiver.format.FormatConstants;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The fixed-size tail of a file: where the footer is, its checksum, the format version, the magic.
 */
public record Postscript(long footerOffset, int footerLength, int footerChecksum, int majorVersion, int minorVersion) {

  /**
   * The footer checksum: CRC-32C of the footer bytes followed by the postscript's version and flags
   * fields (8 bytes), so a damaged version is caught like a damaged footer.
   */
  public static int checksum(byte[] footer, int majorVersion, int minorVersion) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(footer);
    ByteBuffer versions = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
    versions.putShort((short) majorVersion).putShort((short) minorVersion).putInt(0);
    crc.update(versions.array());
    return (int) crc.getValue();
  }

  public byte[] toBytes() {
    ByteBuffer buffer = ByteBuffer.allocate(FormatConstants.POSTSCRIPT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    buffer.putLong(footerOffset).putInt(footerLength).putInt(footerChecksum);
    buffer.putShort((short) majorVersion).putShort((short) minorVersion).putInt(0).putInt(0);
    buffer.put(FormatConstants.MAGIC);
    return buffer.array();
  }

  /**
   * Parses and checks the postscript at the end of {@code tail}, the last bytes of a file of
   * {@code fileSize} bytes.
   */
  public static Postscript parse(byte[] tail, long fileSize, String file) throws CorruptFileException {
    int at = tail.length - FormatConstants.POSTSCRIPT_BYTES;
    if (at < 0) {
      throw new CorruptFileException(file,
          "only " + fileSize + " bytes: too short for a Quiver file (the postscript alone is "
              + FormatConstants.POSTSCRIPT_BYTES + ")",
          null);
    }
    byte[] magic = Arrays.copyOfRange(tail, tail.length - 4, tail.length);
    if (!Arrays.equals(magic, FormatConstants.MAGIC)) {
      throw new CorruptFileException(file, "does not end with the Quiver magic QVR1: not a .qvr file, or cut short",
          null);
    }
    ByteBuffer buffer = ByteBuffer.wrap(tail, at, FormatConstants.POSTSCRIPT_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    long footerOffset = buffer.getLong();
    int footerLength = buffer.getInt();
    int checksum = buffer.getInt();
    int major = Short.toUnsignedInt(buffer.getShort());
    int minor = Short.toUnsignedInt(buffer.getShort());
    int flags = buffer.getInt();
    int reserved = buffer.getInt();
    if (major > FormatConstants.MAJOR_VERSION) {
      throw new CorruptFileException(file, "format version " + major + "." + minor + " is newer than this reader ("
          + FormatConstants.MAJOR_VERSION + ".x); upgrade Quiver to read it", null);
    }
    if (major < 1) {
      throw new CorruptFileException(file, "postscript: format version " + major + "." + minor + " does not exist",
          null);
    }
    if (flags != 0 || reserved != 0) {
      throw new CorruptFileException(file, "postscript: unknown flags " + flags + " or reserved bits " + reserved,
          null);
    }
    long dataEnd = fileSize - FormatConstants.POSTSCRIPT_BYTES;
    if (footerLength < 0 || footerLength > FormatConstants.MAXIMUM_FOOTER_BYTES
        || footerOffset < FormatConstants.MAGIC.length || footerOffset + footerLength != dataEnd) {
      throw new CorruptFileException(file,
          "postscript: footer at " + Long.toUnsignedString(footerOffset) + " of "
              + Integer.toUnsignedString(footerLength)
              + " bytes does not end where the postscript starts (" + dataEnd + ")",
          null);
    }
    return new Postscript(footerOffset, footerLength, checksum, major, minor);
  }
}
